/**
 * Paint before script. React Router's <Scripts> writes one inline module script that statically imports the
 * matched route modules (and with them React) and then the client entry, which hydrates. The script is
 * `async`: on a fast connection its imports arrive while the document is still being parsed, and the browser
 * then evaluates the framework and hydrates before its first paint, so the server-rendered page waits for the
 * JavaScript. This rewrite keeps the module preloads (the downloads still start at once) but evaluates the
 * modules only after the first frame has been painted: the same imports, made dynamic, in the same order.
 * A document without that script (lite pages, error pages without scripts) passes through unchanged.
 */

const ROUTE_MODULES_SCRIPT =
  /(<script\b[^>]*\btype="module"[^>]*>)([^<]*window\.__reactRouterRouteModules[^<]*)(<\/script>)/;
const NAMESPACE_IMPORT = /import\s*\*\s*as\s+([A-Za-z_$][\w$]*)\s+from\s*("(?:[^"\\]|\\.)*")\s*;?/g;
const BARE_IMPORT = /import\s*("(?:[^"\\]|\\.)*")\s*;?/g;

/** The route-modules script rewritten to import after the first paint; null when it is not of the known shape. */
export function deferModuleScript(source: string): string | null {
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
  return (
    // A hidden tab paints no frame: it loads at once.
    `new Promise((r)=>document.visibilityState==="hidden"?r():requestAnimationFrame(()=>setTimeout(r,0)))` +
    `.then(()=>Promise.all([${loads}])).then(([${names}])=>{${rest}\n});`
  );
}

/** The document with its route-modules script deferred past the first paint (unchanged when absent). */
export function paintBeforeScript(html: string): string {
  const match = ROUTE_MODULES_SCRIPT.exec(html);
  if (!match) return html;
  const deferred = deferModuleScript(match[2]);
  if (deferred === null) return html;
  return (
    html.slice(0, match.index) +
    match[1].replace(/\sasync=""/, "") +
    deferred +
    match[3] +
    html.slice(match.index + match[0].length)
  );
}
