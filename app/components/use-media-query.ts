import { startTransition, useEffect, useState } from "react";

/**
 * Whether a media query matches in the browser: false on the server and before hydration, then live. For what
 * should not even load where it is not shown (the map on narrow screens, the calendar grid on phones).
 */
export function useMediaQuery(query: string): boolean {
  const [matches, setMatches] = useState(false);
  useEffect(() => {
    const mql = window.matchMedia(query);
    // In a transition: what it shows (the map, the calendar grid) renders in slices, not in one task with
    // whatever else the page updates after hydration.
    startTransition(() => setMatches(mql.matches));
    const onChange = (e: MediaQueryListEvent) => setMatches(e.matches);
    mql.addEventListener("change", onChange);
    return () => mql.removeEventListener("change", onChange);
  }, [query]);
  return matches;
}
