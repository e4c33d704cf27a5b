import { lazy, Suspense, useId, useRef, useState } from "react";
import { useHydrated } from "~/components/hydrated";
import { isoDayToLocalDate, isoDayToUs, localDateToIsoDay, usToIsoDay } from "~/lib/format/date-input";
import { ErrorList } from "./forms";

const DayPicker = lazy(() => import("./day-picker.client"));

const inputClass =
  "block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-slate-900 shadow-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30 aria-[invalid=true]:border-red-500";

type DateFieldProps = {
  id: string;
  name: string;
  label: string;
  defaultValue?: string | null;
  errors?: readonly string[] | null;
  /** The earliest and latest days allowed (YYYY-MM-DD): a start and an end field limit each other this way. */
  min?: string;
  max?: string;
  /** With JavaScript: the day chosen or typed (YYYY-MM-DD, or "" when empty or unreadable). */
  onValueChange?: (isoDay: string) => void;
};

/**
 * A date field that sends YYYY-MM-DD under `name`. Without JavaScript (and in the server render) it is
 * a plain `<input type="date">`; once hydrated it shows MM/DD/YYYY, accepts typing or a react-day-picker
 * calendar, and keeps the value in a hidden input.
 */
export function DateField(props: DateFieldProps) {
  const { id, name, label, defaultValue, errors, min, max } = props;
  const hydrated = useHydrated();
  const errorId = useId();
  const invalid = Boolean(errors?.length);
  // The plain input is still in the page during the first render after hydration: a day typed or picked in
  // it before the page hydrated becomes the picker's starting value instead of being lost.
  const plainInput = useRef<HTMLInputElement>(null);
  if (!hydrated) {
    return (
      <div>
        <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-700">
          {label}
        </label>
        <input
          ref={plainInput}
          id={id}
          type="date"
          name={name}
          defaultValue={defaultValue ?? ""}
          min={min}
          max={max}
          className={inputClass}
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? errorId : undefined}
        />
        {/* The picker's hint, so that the fields after this one keep their place when the page hydrates. */}
        <p className="mt-1 text-xs text-slate-600">MM/DD/YYYY</p>
        <ErrorList id={errorId} errors={errors} />
      </div>
    );
  }
  return (
    <PickerField
      {...props}
      defaultValue={plainInput.current ? plainInput.current.value : defaultValue}
      errorId={errorId}
    />
  );
}

function PickerField({
  id,
  name,
  label,
  defaultValue,
  errors,
  errorId,
  min,
  max,
  onValueChange,
}: DateFieldProps & { errorId: string }) {
  const [text, setTextState] = useState(() => isoDayToUs(defaultValue) || (defaultValue ?? ""));
  const setText = (value: string) => {
    setTextState(value);
    onValueChange?.(usToIsoDay(value) ?? "");
  };
  const [open, setOpen] = useState(false);
  const [typedInvalid, setTypedInvalid] = useState(false);
  const calendarId = useId();
  const hintId = useId();
  const iso = usToIsoDay(text);
  const outOfRange = iso !== null && ((min !== undefined && iso < min) || (max !== undefined && iso > max));
  // An unreadable date is still sent as typed, so the server's check answers with its message.
  const submitted = text.trim() === "" ? "" : (iso ?? text.trim());
  const selected = isoDayToLocalDate(iso);
  const shownErrors = typedInvalid
    ? ["Please enter a valid date (MM/DD/YYYY)."]
    : outOfRange
      ? [
          min !== undefined && iso !== null && iso < min
            ? `Choose ${isoDayToUs(min)} or later.`
            : `Choose ${isoDayToUs(max)} or earlier.`,
        ]
      : errors;
  const invalid = Boolean(shownErrors?.length);
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-700">
        {label}
      </label>
      <input type="hidden" name={name} value={submitted} />
      <div className="flex gap-2">
        <input
          id={id}
          type="text"
          inputMode="numeric"
          autoComplete="off"
          placeholder="MM/DD/YYYY"
          value={text}
          onChange={(e) => {
            setText(e.currentTarget.value);
            setTypedInvalid(false);
          }}
          onBlur={() => setTypedInvalid(text.trim() !== "" && !usToIsoDay(text))}
          className={inputClass}
          aria-invalid={invalid || undefined}
          aria-describedby={[hintId, invalid ? errorId : ""].filter(Boolean).join(" ")}
        />
        <button
          type="button"
          aria-expanded={open}
          aria-controls={calendarId}
          onClick={() => setOpen((o) => !o)}
          className="shrink-0 rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-800 hover:bg-slate-50"
        >
          Calendar
        </button>
        {text ? (
          <button
            type="button"
            onClick={() => {
              setText("");
              setTypedInvalid(false);
            }}
            className="shrink-0 rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-800 hover:bg-slate-50"
          >
            Clear
          </button>
        ) : null}
      </div>
      <p id={hintId} className="mt-1 text-xs text-slate-600">
        MM/DD/YYYY
      </p>
      <ErrorList id={errorId} errors={shownErrors} />
      {open ? (
        <div
          id={calendarId}
          className="mt-2 inline-block rounded-md border border-slate-200 bg-white p-2 shadow-sm"
        >
          <Suspense fallback={<p className="p-2 text-sm text-slate-600">Loading calendar…</p>}>
            <DayPicker
              selected={selected}
              defaultMonth={selected}
              captionLayout="dropdown"
              startMonth={new Date(new Date().getFullYear() - 5, 0)}
              endMonth={new Date(new Date().getFullYear() + 10, 11)}
              disabled={[
                ...(min ? [{ before: isoDayToLocalDate(min) as Date }] : []),
                ...(max ? [{ after: isoDayToLocalDate(max) as Date }] : []),
              ]}
              onSelect={(date) => {
                setText(date ? isoDayToUs(localDateToIsoDay(date)) : "");
                setTypedInvalid(false);
                setOpen(false);
              }}
            />
          </Suspense>
        </div>
      ) : null}
    </div>
  );
}
