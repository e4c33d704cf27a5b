import { useCallback, useEffect, useRef, useState } from "react";

export type RowSelection = {
  selected: ReadonlySet<number>;
  toggle: (id: number, checked: boolean) => void;
  /** All the rows shown, or none. */
  toggleAll: (checked: boolean) => void;
  /** Stable across renders: an effect may depend on it without running again on every render. */
  clear: () => void;
};

/**
 * The checked rows of a list, as React state. `selectedIds` is the selection the page's address carries
 * (`?ids=`, none mostly).
 */
export function useRowSelection(
  rows: readonly { id: number }[],
  selectedIds: readonly number[],
): RowSelection {
  const [selected, setSelected] = useState<ReadonlySet<number>>(() => new Set(selectedIds));
  // A new page of rows brings the selection its address carries (none, mostly). The rows of the first render
  // keep the selection the server rendered (a shared `?ids=` address stays checked once the page hydrates),
  // and an empty selection is kept as it is: a new Set on mount made React render the whole list again, in one
  // piece, right after hydration (decision 070).
  const rowsShown = useRef(rows);
  useEffect(() => {
    if (rowsShown.current === rows) return;
    rowsShown.current = rows;
    setSelected((current) =>
      current.size === 0 && selectedIds.length === 0 ? current : new Set(selectedIds),
    );
  }, [rows, selectedIds]);

  const toggle = useCallback(
    (id: number, checked: boolean) =>
      setSelected((prev) => {
        const next = new Set(prev);
        if (checked) next.add(id);
        else next.delete(id);
        return next;
      }),
    [],
  );
  const toggleAll = useCallback(
    (checked: boolean) => setSelected(checked ? new Set(rows.map((r) => r.id)) : new Set()),
    [rows],
  );
  const clear = useCallback(() => setSelected(new Set()), []);
  return { selected, toggle, toggleAll, clear };
}
