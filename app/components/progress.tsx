import { useEffect, useRef, useState } from "react";
import { useFetchers, useNavigation } from "react-router";

/** How long a navigation or submission runs before the indicator shows: fast answers do not flicker. */
const PROGRESS_DELAY_MS = 250;

/**
 * With JavaScript, the app's own progress: a bar along the top of the window while a navigation or a form
 * submission (a fetcher too) takes longer than PROGRESS_DELAY_MS, and a busy state (`aria-busy`,
 * `data-busy`, styled in app.css) on the submit button that was pressed. Without JavaScript the browser's
 * own progress shows, and the server renders nothing here.
 */
export function ProgressIndicator() {
  const navigation = useNavigation();
  const fetchers = useFetchers();
  const busy = navigation.state !== "idle" || fetchers.some((f) => f.state !== "idle");
  const [shown, setShown] = useState(false);

  useEffect(() => {
    if (!busy) {
      setShown(false);
      return;
    }
    const timer = setTimeout(() => setShown(true), PROGRESS_DELAY_MS);
    return () => clearTimeout(timer);
  }, [busy]);

  usePressedButtonBusy(busy);

  if (!shown) return null;
  return (
    <div
      role="progressbar"
      aria-label="Loading"
      className="progress-bar fixed inset-x-0 top-0 z-[60] h-1 overflow-hidden bg-brand-100"
    >
      <div className="progress-bar-fill h-full w-1/3 bg-brand-600" />
    </div>
  );
}

/** Marks the submit button that started the current submission busy until the app is idle again. */
function usePressedButtonBusy(busy: boolean) {
  const [pressed, setPressed] = useState<{ button: HTMLElement; at: number } | null>(null);
  // The navigation's state arrives in a transition, after the press itself has rendered: clear the mark
  // only once this submission has been busy, not on the render in between.
  const wasBusy = useRef(false);
  useEffect(() => {
    const onSubmit = (event: SubmitEvent) => {
      const button = event.submitter;
      if (button instanceof HTMLElement) setPressed({ button, at: Date.now() });
    };
    // Capture: React Router's own submit handler may stop the event from bubbling to the document.
    document.addEventListener("submit", onSubmit, true);
    return () => document.removeEventListener("submit", onSubmit, true);
  }, []);
  useEffect(() => {
    if (busy) {
      wasBusy.current = true;
      // A press long before (a plain form the browser submitted itself) is not this submission's.
      if (pressed && Date.now() - pressed.at < 1000) {
        pressed.button.setAttribute("aria-busy", "true");
        pressed.button.dataset.busy = "";
      }
      return;
    }
    if (!wasBusy.current) return;
    wasBusy.current = false;
    if (!pressed) return;
    pressed.button.removeAttribute("aria-busy");
    delete pressed.button.dataset.busy;
    setPressed(null);
  }, [busy, pressed]);
}
