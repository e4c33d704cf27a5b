/**
 * The contract between app/lib/platform/paint-first.server.ts and the installed React Router: the route-modules script
 * React Router's <Scripts> writes is one the rewrite knows, so every full page loads its modules after the first
 * paint. An upgrade that changes the script fails here, naming the version, instead of silently loading the
 * scripts before the paint again.
 */
import { createRequire } from "node:module";
import { APP_URL, expect, httpOnly, login, test } from "./support/fixtures";

const reactRouter = (createRequire(import.meta.url)("react-router/package.json") as { version: string })
  .version;

test("every full page defers React Router's route-modules script past the first paint", async ({
  page,
}, info) => {
  httpOnly(info);
  await login(page, "member@example.com");
  for (const path of ["/Login", "/Projects", "/Me/Subscription", "/sign-up/national"]) {
    const cookies =
      path === "/Login" || path.startsWith("/sign-up")
        ? ""
        : (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
    const html = await (await fetch(`${APP_URL}${path}`, { headers: { Cookie: cookies } })).text();
    const module = /<script[^>]*type="module"[^>]*>([\s\S]*?)<\/script>/.exec(html)?.[1] ?? "";
    expect(module, `${path}: no route-modules script`).toContain("window.__reactRouterRouteModules");
    expect(
      module.includes("first-contentful-paint") && !/\bimport\s*\*\s*as\b/.test(module),
      `${path}: react-router ${reactRouter} wrote a route-modules script that app/lib/platform/paint-first.server.ts does not know; update the rewrite for this version`,
    ).toBe(true);
    expect(html, `${path}: module preloads left in the head`).not.toContain('<link rel="modulepreload"');
  }
});
