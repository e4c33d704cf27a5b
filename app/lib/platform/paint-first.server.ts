/**
 * Paint before script. React Router's <Scripts> writes one inline module script that statically imports the
 * matched route modules (and with them React) and then the client entry, which hydrates. The script is
 * `async`, and its module preloads are in the head: on a fast connection the imports arrive while the document
 * is still being parsed, the browser evaluates the framework and hydrates before its first paint, and the
 * server-rendered page waits for the JavaScript (Lighthouse then counts all of it into the paint; on a slow
 * phone the script downloads compete with the stylesheet). This rewrite starts the downloads after the first
 * contentful paint is on screen: the same preloads, added by the script, then the same imports, made dynamic, in the
 * same order. The page is complete and its forms work before that (progressive enhancement); hydration follows.
 * A document without that script (lite pages, error pages without scripts) passes through unchanged.
 *
 * React Router offers no supported way to load a page's modules later: this reads the script its <Scripts>
 * writes. A script of another shape (a React Router upgrade) is left as it is, the page still works, and the
 * server says so once in its log; tests/e2e/paint-first.spec.ts fails on it, naming the installed version.
 */
import { createRequire } from "node:module";

const NAMESPACE_IMPORT = /import\s*\*\s*as\s+([A-Za-z_$][\w$]*)\s+from\s*("(?:[^"\\]|\\.)*")\s*;?/g;
const BARE_IMPORT = /import\s*("(?:[^"\\]|\\.)*")\s*;?/g;
const PRELOAD_TAG = '<link rel="modulepreload"';
/** The client entry's import, the last statement of React Router's route-modules script. */
const ENTRY_IMPORT = /\bimport\(("(?:[^"\\]|\\.)*")\)\s*;?\s*$/;
/** Tells the page its script failed (the hook the head's script state defines; absent, nothing happens). */
const SCRIPT_FAILED = "window.__scriptFailed&&window.__scriptFailed()";

/** Module preloads started per task once the first paint is on screen. */
export const PRELOADS_PER_TASK = 1;

/** How long the script waits for a first contentful paint that does not come before it loads anyway. */
export const PAINT_WAIT_LIMIT_MS = 3000;

/**
 * A promise that settles in the task after the browser has shown its first contentful paint: the paint
 * timing entry is reported once the frame is on screen, whereas a frame callback runs when it is committed,
 * and on a busy machine the two were a second apart with the downloads started in between (Lighthouse then
 * counted them into the paint again). A hidden tab paints nothing: it loads at once, or when it is hidden;
 * a browser without paint timing waits for a frame; and none waits longer than PAINT_WAIT_LIMIT_MS.
 */
const WAIT_FOR_FIRST_PAINT =
  "new Promise((r)=>{let go=()=>{go=()=>{};setTimeout(r,0)};" +
  'if(document.visibilityState==="hidden")return r();' +
  'document.addEventListener("visibilitychange",()=>go());' +
  "const P=window.PerformanceObserver;" +
  'if(!P||!(P.supportedEntryTypes||[]).includes("paint"))return requestAnimationFrame(()=>go());' +
  'new P((l,o)=>{if(l.getEntriesByName("first-contentful-paint").length){o.disconnect();go()}})' +
  '.observe({type:"paint",buffered:true});' +
  `setTimeout(()=>go(),${PAINT_WAIT_LIMIT_MS})})`;

/**
 * `nextTask()`: a promise that settles in a new task, so that the steps after the paint are short tasks of their
 * own. A message to itself rather than a 0 ms timer: nested timers are held at least 4 ms each after the fifth,
 * and a page's dozen or more steps then left the main thread idle for tens of milliseconds before hydration
 * (decision 145).
 */
const NEXT_TASK =
  "const nextTask=window.MessageChannel?()=>new Promise((r)=>{const c=new window.MessageChannel();" +
  "c.port1.onmessage=()=>{c.port1.close();r()};c.port2.postMessage(0)}):()=>new Promise((r)=>setTimeout(r,0));";

/** The route-modules script rewritten to import after the first paint; null when it is not of the known shape. */
export function deferModuleScript(source: string, preloads: string[] = []): string | null {
  const imports: { name: string; specifier: string }[] = [];
  let rest = source.replace(NAMESPACE_IMPORT, (_match, name: string, specifier: string) => {
    imports.push({ name, specifier });
    return "";
  });
  rest = rest.replace(BARE_IMPORT, (_match, specifier: string) => {
    imports.push({ name: `_sideEffect${imports.length}`, specifier });
    return "";
  });
  // Anything else that statically imports would be a shape this rewrite does not know: leave it alone.
  if (/\bimport\s*[^\s(]/.test(rest.replace(/"(?:[^"\\]|\\.)*"/g, '""'))) return null;
  if (imports.length === 0) return null;
  const names = imports.map((i) => i.name).join(",");
  const loads = imports.map((i) => `import(${i.specifier})`).join(",");
  // Every download at once (a module's own imports would otherwise be found one level at a time), but a few
  // preloads per task: starting a download costs the main thread a little, and much more under Lighthouse's
  // instrumentation, where all of them in one task was one long blocking task (measured in decision 070).
  const preload =
    preloads.length > 0
      ? `new Promise((done)=>{const hrefs=${JSON.stringify(preloads).replace(/</g, "\\u003c")};` +
        `const step=()=>{for(const href of hrefs.splice(0,${PRELOADS_PER_TASK})){const l=document.createElement("link");` +
        `l.rel="modulepreload";l.href=href;document.head.appendChild(l)}hrefs.length?nextTask().then(step):done()};step()})`
      : "undefined";
  // The entry's import is returned into the chain, so that a script that never arrives, the route modules' or
  // the entry's, reaches SCRIPT_FAILED (app/components/script-state.tsx): the page then shows its no-JavaScript
  // controls.
  const body = rest.replace(ENTRY_IMPORT, "return import($1);");
  return `${NEXT_TASK}${WAIT_FOR_FIRST_PAINT}.then(()=>${preload}).then(()=>Promise.all([${loads}])).then(([${names}])=>{${body}\n}).catch(()=>{${SCRIPT_FAILED}});`;
}

/**
 * The document with its module preloads and route-modules script deferred past the first paint (unchanged
 * when it has no such script). It works on the document's UTF-8 bytes with plain searches for ASCII markers
 * (a UTF-8 byte offset of an ASCII character is never inside another character): this runs on every page, and
 * decoding the whole HTML into a string and encoding it back was a visible part of a page's CPU (decision 066).
 */
export function paintBeforeScriptBytes(doc: Buffer): Buffer {
  const marker = doc.lastIndexOf("window.__reactRouterRouteModules");
  if (marker < 0) return doc;
  const open = doc.lastIndexOf("<script", marker);
  const openEnd = open < 0 ? 0 : doc.indexOf(">", open) + 1;
  const close = doc.indexOf("</script>", marker);
  if (open < 0 || openEnd === 0 || openEnd > marker || close < 0) return doc;
  const openTag = doc.toString("utf8", open, openEnd);
  if (!/\btype="module"/.test(openTag)) return doc;

  const cuts: { start: number; end: number; text: string }[] = [];
  const preloads: string[] = [];
  for (let at = doc.indexOf(PRELOAD_TAG); at >= 0; at = doc.indexOf(PRELOAD_TAG, at + 1)) {
    const end = doc.indexOf(">", at) + 1;
    const href = end === 0 ? undefined : /\shref="([^"]+)"/.exec(doc.toString("utf8", at, end))?.[1];
    if (!href) return doc;
    cuts.push({ start: at, end, text: "" });
    preloads.push(decodeAttribute(href));
  }
  const deferred = deferModuleScript(doc.toString("utf8", openEnd, close), [...new Set(preloads)]);
  if (deferred === null) {
    warnUnknownShape();
    return doc;
  }
  cuts.push({ start: open, end: close, text: `${openTag.replace(/\sasync=""/, "")}${deferred}` });
  cuts.sort((a, b) => a.start - b.start);
  const parts: Buffer[] = [];
  let from = 0;
  for (const cut of cuts) {
    parts.push(doc.subarray(from, cut.start), Buffer.from(cut.text));
    from = cut.end;
  }
  parts.push(doc.subarray(from));
  return Buffer.concat(parts);
}

/** paintBeforeScriptBytes over a string. */
export function paintBeforeScript(html: string): string {
  const doc = Buffer.from(html);
  const out = paintBeforeScriptBytes(doc);
  return out === doc ? html : out.toString("utf8");
}

/** An attribute value as written by React (`&amp;` and friends) back to its text. */
function decodeAttribute(value: string): string {
  return value
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}

let warned = false;
/** Once per process: the installed React Router writes a module script this rewrite does not know. */
function warnUnknownShape() {
  if (warned) return;
  warned = true;
  console.warn(
    `[paint-first] the route-modules script of react-router ${reactRouterVersion()} has a shape this rewrite does not know: pages load their scripts before the first paint (app/lib/platform/paint-first.server.ts)`,
  );
}

/** The installed React Router's version, for the messages that an upgrade changed what this rewrite reads. */
function reactRouterVersion(): string {
  try {
    return (createRequire(import.meta.url)("react-router/package.json") as { version: string }).version;
  } catch {
    return "(unknown version)";
  }
}
