import { createContext, type ReactNode, startTransition, useContext, useEffect, useState } from "react";

/**
 * Whether the page has hydrated: false on the server and in the hydrating render, true from then on (and at
 * once in components mounted later, after a client-side navigation). remix-utils' useHydrated answers the same
 * through useSyncExternalStore, but React re-renders every component that reads such a store synchronously
 * after hydration, the shell and the search panel together in one task: 25 ms of a /Projects load on this
 * CPU, 100 ms at Lighthouse's 4x slowdown, all of it counted as blocking time (decision 070). Here one state
 * update in a transition flips the flag, and React renders its readers in slices that leave the main thread
 * free between them.
 */
const HydratedContext = createContext(false);

/** Set once the first document has hydrated, so that a provider mounted again starts hydrated. */
let hydratedOnce = false;

export function HydrationProvider({ children }: { children: ReactNode }) {
  const [hydrated, setHydrated] = useState(hydratedOnce);
  useEffect(() => {
    hydratedOnce = true;
    startTransition(() => setHydrated(true));
  }, []);
  return <HydratedContext.Provider value={hydrated}>{children}</HydratedContext.Provider>;
}

export function useHydrated(): boolean {
  return useContext(HydratedContext);
}
