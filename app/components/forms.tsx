/**
 * The app's one field kit: a labelled control with its hint and its messages, drawn the same way on every form.
 * `TextInput` and `SelectInput` take plain props (a name, a default value, the messages); `Field` and
 * `SelectField` are the same controls fed by a Conform field's metadata. Form-level pieces follow: the alert
 * above a form, the submit button and its pending state.
 */
import { type FieldMetadata, getInputProps, getSelectProps, getTextareaProps } from "@conform-to/react";
import { useId, useRef } from "react";
import { Link, useActionData, useFormAction, useNavigation } from "react-router";
import { CheckboxGroup } from "./checkbox-group";

type FieldMessages = readonly string[] | null | undefined;

export function ErrorList({ id, errors }: { id?: string; errors?: FieldMessages }) {
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
export function FormAlert({ id, errors }: { id?: string; errors?: FieldMessages }) {
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

const controlClass =
  "block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-slate-900 shadow-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30 aria-[invalid=true]:border-red-500 disabled:bg-slate-100 disabled:text-slate-500";

type InputType = "text" | "email" | "password" | "date" | "tel" | "number" | "search" | "url";

/** What every field of the kit has besides its control. */
type FrameProps = {
  label: string;
  /** The control's id; one is made up when absent. */
  id?: string;
  errors?: FieldMessages;
  /** A line under the label that says when or why the field is needed. */
  hint?: string;
  /** '(optional)' after the label. */
  optional?: boolean;
  /** A new value renders the control afresh (Conform's key: a new default value after a reset). */
  resetKey?: string;
};

/** The label (with '(optional)'), the hint, the control and its messages; the control gets its ids and aria. */
function useFrame({ id: given, errors, hint }: FrameProps) {
  const made = useId();
  const id = given ?? made;
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const invalid = Boolean(errors?.filter(Boolean).length);
  const describedBy = [hint ? hintId : null, invalid ? errorId : null].filter(Boolean).join(" ");
  return {
    id,
    errorId,
    hintId,
    aria: { "aria-invalid": invalid || undefined, "aria-describedby": describedBy || undefined },
  };
}

/** A field's props for its control: all but the frame's. */
function controlProps<P extends FrameProps>(props: P) {
  const {
    label: _label,
    id: _id,
    errors: _errors,
    hint: _hint,
    optional: _optional,
    resetKey: _key,
    ...control
  } = props;
  return control;
}

function Frame({
  frame,
  props,
  children,
}: {
  frame: ReturnType<typeof useFrame>;
  props: FrameProps;
  children: React.ReactNode;
}) {
  return (
    <div>
      <label htmlFor={frame.id} className="mb-1 block text-sm font-medium text-slate-700">
        {props.label}
        {props.optional ? <span className="font-normal text-slate-500"> (optional)</span> : null}
      </label>
      {props.hint ? (
        <p id={frame.hintId} className="mb-1 text-sm text-slate-600">
          {props.hint}
        </p>
      ) : null}
      {children}
      <ErrorList id={frame.errorId} errors={props.errors} />
    </div>
  );
}

type InputAttributes = Omit<
  React.InputHTMLAttributes<HTMLInputElement>,
  "id" | "type" | "className" | "value" | "defaultValue" | "children" | "aria-invalid" | "aria-describedby"
>;

export type TextInputProps = FrameProps &
  InputAttributes & {
    name: string;
    type?: InputType;
    defaultValue?: string;
    /**
     * Passwords and card data: never take a value from the server, and are emptied after every answer of the
     * action (with JavaScript the input would otherwise keep what was typed).
     */
    hideValue?: boolean;
  };

export function TextInput(props: TextInputProps) {
  const { type = "text", defaultValue, hideValue, ...rest } = controlProps(props);
  const frame = useFrame(props);
  const answer = useActionAnswerCount();
  const key = hideValue ? `${props.resetKey ?? ""}:${answer}` : props.resetKey;
  return (
    <Frame frame={frame} props={props}>
      <input
        {...rest}
        key={key}
        id={frame.id}
        type={type}
        defaultValue={hideValue ? undefined : defaultValue}
        className={controlClass}
        {...frame.aria}
      />
    </Frame>
  );
}

type Option = { value: string; label: string; disabled?: boolean };

type SelectAttributes = Omit<
  React.SelectHTMLAttributes<HTMLSelectElement>,
  "id" | "className" | "children" | "multiple" | "aria-invalid" | "aria-describedby"
>;

type SelectInputProps = FrameProps &
  SelectAttributes & {
    name: string;
    options?: Option[];
    groups?: { label: string; options: Option[] }[];
    /** The empty first choice; null for none. */
    placeholder?: string | null;
  };

export function SelectInput(props: SelectInputProps) {
  const { options, groups, placeholder = "Choose…", ...rest } = controlProps(props);
  const frame = useFrame(props);
  const render = (o: Option) => (
    <option key={o.value} value={o.value} disabled={o.disabled}>
      {o.label}
    </option>
  );
  return (
    <Frame frame={frame} props={props}>
      <select {...rest} key={props.resetKey} id={frame.id} className={controlClass} {...frame.aria}>
        {placeholder === null ? null : <option value="">{placeholder}</option>}
        {options?.map(render)}
        {groups?.map((g) => (
          <optgroup key={g.label} label={g.label}>
            {g.options.map(render)}
          </optgroup>
        ))}
      </select>
    </Frame>
  );
}

/** A text input fed by a Conform field: its name, id, constraints, default value and messages. */
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
  hint?: string;
}) {
  const { key, defaultValue, ...props } = withoutAria(getInputProps(meta, { type, value: !hideValue }));
  return (
    <TextInput
      {...props}
      name={meta.name}
      label={label}
      type={type}
      defaultValue={typeof defaultValue === "string" ? defaultValue : undefined}
      resetKey={key ?? undefined}
      errors={meta.errors}
      hint={hint}
      autoComplete={autoComplete}
      placeholder={placeholder}
      hideValue={hideValue}
    />
  );
}

/**
 * A password input fed by a Conform field. What was typed is not put back into the page after a submit, unless
 * `keepValue`: a failed password change keeps the new password typed (decision 042).
 */
export function PasswordField({
  label,
  meta,
  autoComplete,
  hint,
  keepValue = false,
}: {
  label: string;
  meta: FieldMetadata<string | undefined>;
  autoComplete: "current-password" | "new-password";
  hint?: string;
  keepValue?: boolean;
}) {
  return (
    <Field
      label={label}
      meta={meta}
      type="password"
      autoComplete={autoComplete}
      hint={hint}
      hideValue={!keepValue}
    />
  );
}

/** A select fed by a Conform field. */
export function SelectField({
  meta,
  ...rest
}: Omit<SelectInputProps, "name" | "id" | "errors" | "resetKey" | "defaultValue"> & {
  meta: FieldMetadata<string | undefined>;
}) {
  const { key, ...props } = withoutAria(getSelectProps(meta));
  return (
    <SelectInput {...props} {...rest} name={meta.name} resetKey={key ?? undefined} errors={meta.errors} />
  );
}

/** A group of checkboxes fed by a Conform field that holds a list, with the field's messages under it. */
export function CheckboxGroupField({
  legend,
  meta,
  options,
  selected,
}: {
  legend: string;
  meta: FieldMetadata<string[] | undefined>;
  options: React.ComponentProps<typeof CheckboxGroup>["options"];
  /** The values checked when the group renders. */
  selected: readonly string[];
}) {
  return (
    <>
      <CheckboxGroup key={meta.key} legend={legend} name={meta.name} options={options} selected={selected} />
      <ErrorList errors={meta.errors} />
    </>
  );
}

/** Conform's aria attributes give way to the kit's (its ids of the hint and the messages). */
function withoutAria<T extends { "aria-invalid"?: unknown; "aria-describedby"?: unknown }>(props: T) {
  const { "aria-invalid": _invalid, "aria-describedby": _describedBy, ...rest } = props;
  return rest;
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
  const { key, ...props } = withoutAria(getTextareaProps(meta));
  const frameProps = { label, id: meta.id, errors: meta.errors };
  const frame = useFrame(frameProps);
  return (
    <Frame frame={frame} props={frameProps}>
      <textarea
        {...props}
        key={key}
        id={frame.id}
        rows={rows}
        placeholder={placeholder}
        className={controlClass}
        {...frame.aria}
      />
    </Frame>
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

/** The submit of a guest page's form, with the link to the page the visitor may want instead beside it. */
export function SubmitWithLink({
  children,
  pending,
  to,
  linkText,
}: {
  children: React.ReactNode;
  pending: boolean;
  to: string;
  linkText: string;
}) {
  return (
    <div className="flex items-center justify-between gap-4">
      <SubmitButton pending={pending}>{children}</SubmitButton>
      <Link to={to} className="text-sm font-medium text-brand-700 underline hover:text-brand-900">
        {linkText}
      </Link>
    </div>
  );
}

export const buttonSecondaryClass =
  "inline-flex items-center justify-center rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-800 shadow-sm hover:bg-slate-50 focus:outline-none focus:ring-2 focus:ring-brand-600 focus:ring-offset-2";

/** Cancel: closes the dialog in place with JavaScript, else a link to the page without it. */
export function CancelButton({
  onClose,
  closeHref,
  className = buttonSecondaryClass,
  children = "Cancel",
}: {
  onClose?: () => void;
  closeHref: string;
  className?: string;
  children?: string;
}) {
  return onClose ? (
    <button type="button" onClick={onClose} className={className}>
      {children}
    </button>
  ) : (
    <a href={closeHref} className={className}>
      {children}
    </a>
  );
}
