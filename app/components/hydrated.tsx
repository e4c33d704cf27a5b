import { type ReactNode, startTransition, useEffect, useState, useSyncExternalStore } from "react";
import { markScriptArrived } from "./script-state";

/**
 * Whether the page has hydrated: false on the server and in the hydrating render, true from then on, and at
 * once in a component mounted later (after a client-side navigation), as remix-utils' useHydrated answers.
 *
 * remix-utils returns true from useSyncExternalStore's client snapshot, which makes React re-render every
 * component that calls it right after hydration in one synchronous render: the shell, the search panel and the
 * dialogs, one long blocking task (measured in decision 070). Here the client
 * snapshot stays false until the first hydration is over (`MarkHydrated` sets it), so that render never comes;
 * each component hydrated with the page flips its own flag in a transition instead, which React renders in
 * slices. A context flipped once would be cheaper still, but its change reaches dialogs whose Suspense boundary
 * has not hydrated yet, and React then renders them afresh, losing what was typed into them.
 */
let hydratedOnce = false;

const subscribe = () => () => {};

export function useHydrated(): boolean {
  const mountedHydrated = useSyncExternalStore(
    subscribe,
    () => hydratedOnce,
    () => false,
  );
  const [flipped, setFlipped] = useState(false);
  useEffect(() => {
    if (!mountedHydrated) startTransition(() => setFlipped(true));
  }, [mountedHydrated]);
  return mountedHydrated || flipped;
}

/** Around the whole document (root layout): its effect runs after every component hydrated with the page. */
export function MarkHydrated({ children }: { children: ReactNode }) {
  useEffect(() => {
    hydratedOnce = true;
    markScriptArrived();
  }, []);
  return children;
}
