/**
 * Paint before script. React Router's <Scripts> writes one inline module script that statically imports the
 * matched route modules (and with them React) and then the client entry, which hydrates. The script is
 * `async`, and its module preloads are in the head: on a fast connection the imports arrive while the document
 * is still being parsed, the browser evaluates the framework and hydrates before its first paint, and the
 * server-rendered page waits for the JavaScript (Lighthouse then counts all of it into the paint; on a slow
 * phone the script downloads compete with the stylesheet). This rewrite starts the downloads after the first
 * frame has been painted: the same preloads, added by the script, then the same imports, made dynamic, in the
 * same order. The page is complete and its forms work before that (progressive enhancement); hydration follows.
 * A document without that script (lite pages, error pages without scripts) passes through unchanged.
 */

const NAMESPACE_IMPORT = /import\s*\*\s*as\s+([A-Za-z_$][\w$]*)\s+from\s*("(?:[^"\\]|\\.)*")\s*;?/g;
const BARE_IMPORT = /import\s*("(?:[^"\\]|\\.)*")\s*;?/g;
const PRELOAD_TAG = '<link rel="modulepreload"';

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
  // Every download at once (a module's own imports would otherwise be found one level at a time).
  const preload =
    preloads.length > 0
      ? `for(const href of ${JSON.stringify(preloads).replace(/</g, "\\u003c")}){const l=document.createElement("link");` +
        `l.rel="modulepreload";l.href=href;document.head.appendChild(l)}`
      : "";
  return (
    // A hidden tab paints no frame: it loads at once.
    `new Promise((r)=>document.visibilityState==="hidden"?r():requestAnimationFrame(()=>setTimeout(r,0)))` +
    `.then(()=>{${preload}return Promise.all([${loads}])}).then(([${names}])=>{${rest}\n});`
  );
}

/**
 * The document with its module preloads and route-modules script deferred past the first paint (unchanged
 * when it has no such script). Found with plain string searches: this runs on every page, over its whole HTML.
 */
export function paintBeforeScript(html: string): string {
  const marker = html.lastIndexOf("window.__reactRouterRouteModules");
  if (marker < 0) return html;
  const open = html.lastIndexOf("<script", marker);
  const openEnd = open < 0 ? 0 : html.indexOf(">", open) + 1;
  const close = html.indexOf("</script>", marker);
  if (open < 0 || openEnd === 0 || openEnd > marker || close < 0) return html;
  const openTag = html.slice(open, openEnd);
  if (!/\btype="module"/.test(openTag)) return html;

  const cuts: { start: number; end: number; text: string }[] = [];
  const preloads: string[] = [];
  for (let at = html.indexOf(PRELOAD_TAG); at >= 0; at = html.indexOf(PRELOAD_TAG, at + 1)) {
    const end = html.indexOf(">", at) + 1;
    const href = /\shref="([^"]+)"/.exec(html.slice(at, end))?.[1];
    if (end === 0 || !href) return html;
    cuts.push({ start: at, end, text: "" });
    preloads.push(decodeAttribute(href));
  }
  const deferred = deferModuleScript(html.slice(openEnd, close), [...new Set(preloads)]);
  if (deferred === null) return html;
  cuts.push({ start: open, end: close, text: `${openTag.replace(/\sasync=""/, "")}${deferred}` });
  cuts.sort((a, b) => a.start - b.start);
  let out = "";
  let from = 0;
  for (const cut of cuts) {
    out += html.slice(from, cut.start) + cut.text;
    from = cut.end;
  }
  return out + html.slice(from);
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
