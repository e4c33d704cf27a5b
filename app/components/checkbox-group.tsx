import { useCallback, useEffect, useRef, useState } from "react";
import { useHydrated } from "~/components/hydrated";

/** A box: its value, its label, and a line under the label (what it costs, where it came from). */
type CheckboxOption = { value: string; label: string; hint?: string };

/**
 * A multi-select as a group of plain checkboxes in (up to) 3 columns: it posts `name` once per checked box,
 * with or without JavaScript. Once hydrated it shows a 'Select all' / 'Deselect all' toggle.
 */
export function CheckboxGroup({
  legend,
  name,
  options,
  selected,
  description,
  onSelectionChange,
}: {
  legend: string;
  name: string;
  options: readonly CheckboxOption[];
  /** The values checked when the group renders (the saved settings, or what was posted). */
  selected: readonly string[];
  description?: string;
  /** Called after any box changes, 'Select all' included (which changes boxes without a change event). */
  onSelectionChange?: (checked: number) => void;
}) {
  const hydrated = useHydrated();
  const ref = useRef<HTMLFieldSetElement>(null);
  const [allChecked, setAllChecked] = useState(false);
  const boxes = useCallback(
    () => [...(ref.current?.querySelectorAll<HTMLInputElement>('input[type="checkbox"]') ?? [])],
    [],
  );
  const recount = useCallback(() => {
    const all = boxes();
    setAllChecked(all.length > 0 && all.every((box) => box.checked));
    return all.filter((box) => box.checked).length;
  }, [boxes]);
  useEffect(() => {
    recount();
  }, [recount]);
  const toggle = () => {
    const check = !allChecked;
    for (const box of boxes()) box.checked = check;
    // Counted first: `onSelectionChange?.(recount())` skips its argument, the recount too, when there is no
    // listener (Settings), and the toggle then kept saying 'Select all'.
    const checked = recount();
    onSelectionChange?.(checked);
  };
  const chosen = new Set(selected);
  const descriptionId = `${name}-description`;

  return (
    <fieldset
      ref={ref}
      onChange={() => {
        const checked = recount();
        onSelectionChange?.(checked);
      }}
      aria-describedby={description ? descriptionId : undefined}
    >
      <legend className="text-sm font-semibold text-slate-800">{legend}</legend>
      {options.length > 0 ? (
        // Its place is kept before the page hydrates (invisible: not seen, not focusable, not clickable), so
        // that the boxes below do not move under the member's pointer when it appears.
        <div className={`mt-1 mb-2 ${hydrated ? "" : "invisible"}`} aria-hidden={hydrated ? undefined : true}>
          <button
            type="button"
            onClick={toggle}
            className="rounded text-sm font-medium text-brand-700 underline hover:text-brand-900 focus:outline-none focus:ring-2 focus:ring-brand-600"
            aria-label={`${allChecked ? "Deselect all" : "Select all"} ${legend.toLowerCase()}`}
          >
            {allChecked ? "Deselect all" : "Select all"}
          </button>
        </div>
      ) : null}
      {description ? (
        <p id={descriptionId} className="mt-1 mb-2 text-sm text-slate-600">
          {description}
        </p>
      ) : null}
      <div className="grid grid-cols-1 gap-x-4 gap-y-1.5 sm:grid-cols-2 lg:grid-cols-3">
        {options.map((option) => {
          const id = `${name}-${option.value}`;
          return (
            <div key={option.value} className="flex items-start gap-2">
              <input
                id={id}
                type="checkbox"
                name={name}
                value={option.value}
                defaultChecked={chosen.has(option.value)}
                className="mt-0.5 h-4 w-4 rounded border-slate-300 text-brand-700 focus:ring-brand-600"
              />
              <label htmlFor={id} className="text-sm text-slate-800">
                {option.label}
                {option.hint ? <span className="block text-xs text-slate-600">{option.hint}</span> : null}
              </label>
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}
