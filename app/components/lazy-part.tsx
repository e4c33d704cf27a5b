import {
  type ComponentType,
  lazy,
  type ReactElement,
  Suspense,
  startTransition,
  useEffect,
  useRef,
  useState,
} from "react";

/**
 * A part of a screen that most visits never open (a dialog), kept out of the
 * screen's first-load JavaScript. The server renders it whole when it is open (the document waits for
 * everything, entry.server.tsx), which is what a page without JavaScript shows. In the browser a closed part's
 * chunk loads when it opens, or earlier once the page is idle (`usePreload`).
 *
 * A part the server rendered leaves a hidden marker (`data-lazy-part`), and the client entry loads the chunks of
 * the marked parts before it hydrates (`loadRenderedParts`): a part open at page load hydrates with the rest of
 * the page, so there is no moment when the page is hydrated and the part is not (its links and buttons would
 * not answer, and a router update reaching it would make React render it afresh).
 *
 *   const NoteDialogs = lazyPart("note-dialogs", () => import("./note-dialogs").then((m) => m.NoteDialogs));
 */
export function lazyPart<P extends object>(id: string, load: () => Promise<ComponentType<P>>) {
  let loading: Promise<{ default: ComponentType<P> }> | null = null;
  let loaded: ComponentType<P> | null = null;
  const loadOnce = () => {
    loading ??= load().then(
      (component) => {
        loaded = component;
        return { default: component };
      },
      // On a flaky connection the chunk may not arrive: say so in place of the part (React keeps a lazy
      // component's first answer, so trying again means reloading the page).
      () => ({ default: NotLoaded as ComponentType<P> }),
    );
    return loading;
  };
  const Lazy = lazy(loadOnce);
  loaders.set(id, loadOnce);
  // biome-ignore lint/correctness/noComponentHookFactories: called once per part, at module level
  function Part(props: P) {
    // Until the part's content has been committed in the browser, it is given the same element again: should
    // its chunk arrive after hydration (loadRenderedParts gave up waiting), a Suspense boundary still holding
    // the server's HTML that receives new props (the first render after hydration gives dialogs their
    // handlers) would give that HTML up and render afresh, losing what was typed into it.
    const [committed, setCommitted] = useState(false);
    // Already loaded when this part mounted (before hydration, or earlier on this page): no suspending at all.
    const [Loaded] = useState(() => loaded);
    const first = useRef<ReactElement | null>(null);
    const element = (
      <>
        <span hidden data-lazy-part={id} />
        <Suspense fallback={null}>
          {Loaded ? <Loaded {...props} /> : <Lazy {...props} />}
          <OnCommit onCommit={setCommitted} />
        </Suspense>
      </>
    );
    if (committed) return element;
    first.current ??= element;
    return first.current;
  }
  /** Loads the part's chunk once the browser is idle after hydration, so that opening it shows at once. */
  Part.usePreload = function usePreload() {
    useEffect(() => {
      if (typeof window.requestIdleCallback !== "function") {
        const timer = setTimeout(loadOnce, 1000);
        return () => clearTimeout(timer);
      }
      const handle = window.requestIdleCallback(() => void loadOnce(), { timeout: 3000 });
      return () => window.cancelIdleCallback(handle);
    }, []);
  };
  return Part;
}

const loaders = new Map<string, () => Promise<unknown>>();

/**
 * Loads the chunks of the lazy parts the server rendered into this document (their markers), for the client
 * entry to await before it hydrates; gives up waiting after `timeoutMs` (the part then hydrates when its chunk
 * arrives, as a part opened later does).
 */
export function loadRenderedParts(timeoutMs = 5000): Promise<unknown> {
  const ids = new Set(
    [...document.querySelectorAll<HTMLElement>("[data-lazy-part]")].map((el) => el.dataset.lazyPart ?? ""),
  );
  const loads = [...ids].flatMap((id) => loaders.get(id)?.() ?? []);
  if (loads.length === 0) return Promise.resolve();
  return Promise.race([Promise.all(loads), new Promise((resolve) => setTimeout(resolve, timeoutMs))]);
}

/**
 * Renders nothing; says when the boundary it is in has been committed (its siblings hydrated or rendered). In a
 * transition: an update from an effect would otherwise be rendered in one piece, every part's dialog at once,
 * in the task after hydration (decision 070).
 */
function OnCommit({ onCommit }: { onCommit: (committed: true) => void }) {
  useEffect(() => startTransition(() => onCommit(true)), [onCommit]);
  return null;
}

function NotLoaded() {
  return (
    <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
      This part of the page could not be loaded. Check your connection and{" "}
      <button type="button" onClick={() => window.location.reload()} className="font-medium underline">
        reload the page
      </button>
      .
    </p>
  );
}
