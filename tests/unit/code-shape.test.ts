import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

/**
 * Issue 28: no function in app/ is over 150 lines. A function that grows past it is split into named parts
 * (components, hooks, helpers) before it lands, so a newcomer can read each screen piece by piece.
 */
const ROOT = join(import.meta.dirname, "../..");
const MAX_LINES = 150;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** Every function (declaration, expression, arrow, method) of a file as 'path:line name (n lines)'. */
function functionsOver(limit: number, file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (
      ts.isFunctionDeclaration(node) ||
      ts.isFunctionExpression(node) ||
      ts.isArrowFunction(node) ||
      ts.isMethodDeclaration(node)
    ) {
      const start = source.getLineAndCharacterOfPosition(node.getStart()).line;
      const end = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      const lines = end - start + 1;
      if (lines > limit) {
        const named =
          (node as ts.FunctionDeclaration).name ??
          (ts.isVariableDeclaration(node.parent) ? node.parent.name : null);
        found.push(
          `${relative(ROOT, file)}:${start + 1} ${named?.getText(source) ?? "(anonymous)"} (${lines} lines)`,
        );
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe("the shape of app/", () => {
  it(`has no function over ${MAX_LINES} lines`, () => {
    const long = sourceFiles(join(ROOT, "app")).flatMap((file) =>
      functionsOver(MAX_LINES, file, readFileSync(file, "utf8")),
    );
    expect(long).toEqual([]);
  });

  it("finds a long function (the check itself can fail)", () => {
    const body = Array.from({ length: MAX_LINES }, (_, i) => `  const v${i} = ${i};`).join("\n");
    const text = `export function Long() {\n${body}\n  return null;\n}\nconst short = () => 1;\n`;
    expect(functionsOver(MAX_LINES, join(ROOT, "app/long.tsx"), text)).toEqual([
      `app/long.tsx:1 Long (${MAX_LINES + 3} lines)`,
    ]);
  });
});
