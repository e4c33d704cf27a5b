import { type FieldMetadata, getInputProps, getTextareaProps } from "@conform-to/react";
import { useId, useRef } from "react";
import { useActionData, useFormAction, useNavigation } from "react-router";

export function ErrorList({ id, errors }: { id?: string; errors?: readonly string[] | null }) {
  const shown = errors?.filter(Boolean) ?? [];
  if (shown.length === 0) return null;
  return (
    <ul id={id} className="mt-1 space-y-0.5 text-sm text-red-700">
      {shown.map((e) => (
        <li key={e}>{e}</li>
      ))}
    </ul>
  );
}

/** The form-level message (login failure, API message) shown above the fields. */
export function FormAlert({ id, errors }: { id?: string; errors?: readonly string[] | null }) {
  const shown = errors?.filter(Boolean) ?? [];
  if (shown.length === 0) return null;
  return (
    <div
      id={id}
      role="alert"
      className="mb-4 rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800"
    >
      {shown.map((e) => (
        <p key={e}>{e}</p>
      ))}
    </div>
  );
}

const inputClass =
  "block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-slate-900 shadow-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30 aria-[invalid=true]:border-red-500";

type InputType = "text" | "email" | "password" | "date" | "tel" | "number" | "search" | "url";

export function Field({
  label,
  meta,
  type = "text",
  autoComplete,
  placeholder,
  hideValue = false,
  hint,
}: {
  label: string;
  meta: FieldMetadata<string | undefined>;
  type?: InputType;
  autoComplete?: string;
  placeholder?: string;
  /** Passwords and card data are never put back into the page after a failed submit. */
  hideValue?: boolean;
  /** A line under the label that says when or why the field is needed. */
  hint?: string;
}) {
  const errorId = useId();
  const hintId = useId();
  const describedBy = [hint ? hintId : null, meta.errors?.length ? errorId : null].filter(Boolean).join(" ");
  const props = getInputProps(meta, { type, value: !hideValue });
  const answer = useActionAnswerCount();
  return (
    <div>
      <label htmlFor={meta.id} className="mb-1 block text-sm font-medium text-slate-700">
        {label}
      </label>
      {hint ? (
        <p id={hintId} className="mb-1 text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
      <input
        {...props}
        // A hidden value (password) is emptied after every answer: with JavaScript the input would keep it.
        key={hideValue ? `${props.key}:${answer}` : props.key}
        autoComplete={autoComplete}
        placeholder={placeholder}
        className={inputClass}
        aria-describedby={describedBy || undefined}
      />
      <ErrorList id={errorId} errors={meta.errors} />
    </div>
  );
}

/** Counts the action answers this screen has received (a new one each time the action data object changes). */
function useActionAnswerCount(): number {
  const actionData = useActionData();
  const seen = useRef({ actionData, count: 0 });
  if (seen.current.actionData !== actionData) seen.current = { actionData, count: seen.current.count + 1 };
  return seen.current.count;
}

export function TextareaField({
  label,
  meta,
  placeholder,
  rows = 5,
}: {
  label: string;
  meta: FieldMetadata<string | undefined>;
  placeholder?: string;
  rows?: number;
}) {
  const errorId = useId();
  const props = getTextareaProps(meta);
  return (
    <div>
      <label htmlFor={meta.id} className="mb-1 block text-sm font-medium text-slate-700">
        {label}
      </label>
      <textarea
        {...props}
        key={props.key}
        rows={rows}
        placeholder={placeholder}
        className={inputClass}
        aria-describedby={meta.errors?.length ? errorId : undefined}
      />
      <ErrorList id={errorId} errors={meta.errors} />
    </div>
  );
}

/**
 * True while this form's submission is in flight. Compares the action *with* its query string,
 * so a form on a list page is not confused with another list's.
 */
export function useIsSubmitting(action?: string) {
  const navigation = useNavigation();
  const formAction = useFormAction(action);
  return (
    navigation.state !== "idle" && navigation.formMethod !== undefined && navigation.formAction === formAction
  );
}

export function SubmitButton({
  children,
  pending = false,
  className = "",
  name,
  value,
  disabled,
}: {
  children: React.ReactNode;
  pending?: boolean;
  className?: string;
  name?: string;
  value?: string;
  disabled?: boolean;
}) {
  return (
    <button
      type="submit"
      name={name}
      value={value}
      disabled={disabled || pending}
      aria-busy={pending || undefined}
      className={`inline-flex items-center justify-center rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-brand-800 focus:outline-none focus:ring-2 focus:ring-brand-600 focus:ring-offset-2 disabled:cursor-not-allowed disabled:opacity-60 ${className}`}
    >
      {children}
    </button>
  );
}

export const buttonSecondaryClass =
  "inline-flex items-center justify-center rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-800 shadow-sm hover:bg-slate-50 focus:outline-none focus:ring-2 focus:ring-brand-600 focus:ring-offset-2";
