import { type RefObject, useEffect, useRef } from "react";

/**
 * What a member typed, chose or checked in a form's server HTML before its script arrived (a slow connection):
 * React hydrates over it and keeps the DOM's values, but a controlled field's state still holds the server's,
 * and the next render would set the field back to it. `adopt` is given the form's values (FormData) once, in the
 * effects that follow hydration or mount, before any such render: the component puts them into its state.
 * (After a client-side mount the values are the state's own, and adopting them changes nothing.)
 */
export function useTypedBeforeHydration(
  form: RefObject<HTMLFormElement | null>,
  adopt: ((values: FormData) => void) | undefined,
) {
  const latest = useRef(adopt);
  latest.current = adopt;
  useEffect(() => {
    if (form.current && latest.current) latest.current(new FormData(form.current));
  }, [form]);
}

/** Whether two lists hold the same values in the same order. */
export function sameValues(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((value, i) => value === b[i]);
}
