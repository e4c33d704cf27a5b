/**
 * The code's one path for each job (issue 44, decisions 086 and 088): a route reads its form only through
 * readSubmission, says "not found" only through invariantResponse, and takes its title only from the one table.
 * Each rule names the files that break it.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = join(__dirname, "../..");
const APP = join(ROOT, "app");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === "+types" ? [] : sourceFiles(path);
    return /\.(ts|tsx)$/.test(name) && !name.endsWith(".d.ts") ? [path] : [];
  });
}

/** The code of a file without its comments (a comment may name what the code must not do). */
function code(path: string): string {
  return readFileSync(path, "utf8")
    .replace(/\/\*[\s\S]*?\*\//g, "")
    .replace(/(^|[^:"'`])\/\/.*$/gm, "$1");
}

const files = sourceFiles(APP).map((path) => ({ path: relative(ROOT, path), text: code(path) }));
/** Route modules that draw a page (a default export); a resource route (the iCalendar feed, a CSV) answers files. */
const pages = files.filter((f) => f.path.startsWith("app/routes/") && /export default function/.test(f.text));

const breaking = (rule: RegExp, among = files, allowed: string[] = []) =>
  among.filter((f) => rule.test(f.text) && !allowed.includes(f.path)).map((f) => f.path);

describe("one way to read a form", () => {
  it("only the form helper reads a request's body as a form", () => {
    // The middleware's guard reads a copy of a multipart post to refuse a broken one before any action runs.
    expect(
      breaking(/\.formData\(\)/, files, [
        "app/lib/platform/submission.server.ts",
        "app/lib/platform/middleware.server.ts",
      ]),
    ).toEqual([]);
  });

  it("no route parses a form itself, nor copies one into URLSearchParams", () => {
    expect(
      breaking(/parseWithZod\(await|request\.clone\(\)|of await request\./, files, [
        "app/lib/platform/middleware.server.ts",
      ]),
    ).toEqual([]);
  });

  // The checkout and the activation still read their post twice (readForm, then a rules schema): issue 44's
  // remaining step. This expectation turns when they read one schema with refinements through readSubmission.
  it.fails("no route parses a form with its own parseWithZod or readForm", () => {
    expect(breaking(/parseWithZod\(|readForm\(/, files, ["app/lib/platform/submission.server.ts"])).toEqual(
      [],
    );
  });
});

describe("one way to say not found", () => {
  it("no page and no library answers 404 but through invariantResponse", () => {
    const among = [...pages, ...files.filter((f) => f.path.startsWith("app/lib/"))];
    expect(
      breaking(/status:\s*404\b|data\(null,|throw redirect\("\/"\)/, among, [
        "app/lib/platform/invariant.ts",
      ]),
    ).toEqual([]);
  });

  it("the catch-all answers through the helper, never a redirect", () => {
    const catchAll = files.find((f) => f.path === "app/routes/catch-all.tsx");
    expect(catchAll?.text).toMatch(/invariantResponse\(/);
    expect(catchAll?.text).not.toMatch(/redirect/);
  });

  it("one error boundary: the root's and the member layout's are the general one", () => {
    const boundaries = files.filter((f) => /export function ErrorBoundary/.test(f.text)).map((f) => f.path);
    expect(boundaries.sort()).toEqual(["app/root.tsx", "app/routes/_member.tsx"]);
    for (const path of boundaries)
      expect(files.find((f) => f.path === path)?.text).toMatch(/<GeneralErrorBoundary \/>/);
  });
});

describe("one place for titles", () => {
  it("no route names its title: every meta is screenMeta over the one table", () => {
    expect(breaking(/handle\s*=\s*\{[^}]*\btitle\b/)).toEqual([]);
    const metas = files.filter((f) => /export (const|function) meta\b/.test(f.text));
    expect(metas.filter((f) => !/export const meta: Route\.MetaFunction = screenMeta;/.test(f.text))).toEqual(
      [],
    );
    // A title in the page itself would be a second place.
    expect(breaking(/<title>/)).toEqual([]);
  });
});
