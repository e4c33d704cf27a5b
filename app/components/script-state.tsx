/**
 * Which controls a page shows before it hydrates: those of a page that runs its script (`.js-only`), or those of
 * a page without one (`.no-js-only`, plain form posts). The browser decides before the first paint, so that
 * nothing moves when the page hydrates: this inline script marks the document `js` (a browser without
 * JavaScript never runs it, and shows the no-JavaScript page). Should the script then never arrive (a failed
 * download, or nothing hydrated after SCRIPT_STALL_MS on a stalled connection), the document is marked
 * `js-failed` and is again exactly the no-JavaScript page, rather than one whose scripted controls wait for a
 * script that will not come (issue 27). Hydration clears the mark (`MarkHydrated`), since a late script then
 * renders its own controls. app/app.css holds the rules; decision 091 the reasons.
 */
const SCRIPT_STALL_MS = 10_000;

const source =
  "(function(){var d=document.documentElement;d.classList.add('js');" +
  "window.__scriptFailed=function(){if(!window.__hydrated)d.classList.add('js-failed')};" +
  `setTimeout(window.__scriptFailed,${SCRIPT_STALL_MS})})()`;

export function ScriptState({ nonce }: { nonce?: string }) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: a constant of our own, run before the first paint
  return <script nonce={nonce} dangerouslySetInnerHTML={{ __html: source }} />;
}

/** Called once the page has hydrated: its own controls are the ones to show from now on. */
export function markScriptArrived() {
  const w = window as { __hydrated?: boolean };
  w.__hydrated = true;
  document.documentElement.classList.remove("js-failed");
}
