/**
 * `npx tsx bench/render-floor.ts /Projects [/Projects/1 ...]`: what React alone costs to write a page's HTML.
 * Fetches each page from the app (bench database, member logged in), parses its HTML back into a tree of
 * plain React elements (the same tags, attributes and text, no components, no hooks, no router) and times,
 * in this process, building those elements and rendering them the way app/entry.server.tsx does
 * (`renderToPipeableStream`, whole document at `onAllReady`), and with `renderToString`. The difference between
 * the app's render time (bench/profile-page.ts) and this is what the app's own components add; this is the
 * floor that no change to them can go under while the page keeps its markup.
 */
import { resolve } from "node:path";
import { performance } from "node:perf_hooks";
import { Writable } from "node:stream";
import type { ChildNode, Element } from "domhandler";
import { parseDocument } from "htmlparser2";
import { createElement, type ReactNode } from "react";
import { renderToPipeableStream, renderToString } from "react-dom/server";
import { withBenchApp } from "./servers";

const ROOT = resolve(import.meta.dirname, "..");
const RUNS = Number(process.env.BENCH_FLOOR_RUNS ?? 400);

// The attributes whose React names differ from HTML's, for the ones the app's pages use.
const REACT_NAMES: Record<string, string> = {
  class: "className",
  for: "htmlFor",
  tabindex: "tabIndex",
  readonly: "readOnly",
  maxlength: "maxLength",
  minlength: "minLength",
  autocomplete: "autoComplete",
  inputmode: "inputMode",
  colspan: "colSpan",
  rowspan: "rowSpan",
  srcset: "srcSet",
  crossorigin: "crossOrigin",
  enctype: "encType",
  novalidate: "noValidate",
  autofocus: "autoFocus",
  "accept-charset": "acceptCharset",
  "http-equiv": "httpEquiv",
  charset: "charSet",
  viewbox: "viewBox",
  "stroke-width": "strokeWidth",
  "stroke-linecap": "strokeLinecap",
  "stroke-linejoin": "strokeLinejoin",
  "fill-rule": "fillRule",
  "clip-rule": "clipRule",
};
const BOOLEAN = new Set([
  "disabled",
  "checked",
  "selected",
  "multiple",
  "hidden",
  "required",
  "open",
  "novalidate",
]);

function styleObject(style: string): Record<string, string> {
  const result: Record<string, string> = {};
  for (const declaration of style.split(";")) {
    const [name, ...value] = declaration.split(":");
    if (!name?.trim() || value.length === 0) continue;
    const key = name.trim().replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
    result[key] = value.join(":").trim();
  }
  return result;
}

function propsOf(element: Element): Record<string, unknown> {
  const props: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(element.attribs)) {
    if (name === "style") props.style = styleObject(value);
    else if (name === "value" || name === "checked" || name === "selected")
      props[name === "value" ? "defaultValue" : name === "checked" ? "defaultChecked" : "selected"] =
        BOOLEAN.has(name) ? true : value;
    else if (BOOLEAN.has(name)) props[REACT_NAMES[name] ?? name] = true;
    else props[REACT_NAMES[name] ?? name] = value;
  }
  return props;
}

/** A function that builds the page's element tree afresh (as a render does), from the parsed HTML. */
function elementBuilder(html: string): { build: () => ReactNode; elements: number } {
  const document = parseDocument(html);
  let elements = 0;
  const compile = (node: ChildNode): (() => ReactNode) | null => {
    if (node.type === "text") {
      const text = node.data;
      return () => text;
    }
    if (node.type !== "tag" || node.name === "script") return null;
    elements++;
    const element = node as Element;
    const props = propsOf(element);
    if (element.name === "textarea" || element.name === "title" || element.name === "style") {
      const text = element.children.map((c: ChildNode) => (c.type === "text" ? c.data : "")).join("");
      if (element.name === "textarea") props.defaultValue = text;
      return element.name === "textarea"
        ? () => createElement("textarea", { ...props })
        : () => createElement(element.name, { ...props }, text);
    }
    if (element.name === "select") {
      // React selects by the select's value, not the option's `selected`.
      const chosen = element.children
        .filter((c): c is Element => c.type === "tag" && c.name === "option" && "selected" in c.attribs)
        .map((o) => o.attribs.value ?? "");
      if (chosen.length) props.defaultValue = "multiple" in element.attribs ? chosen : chosen[0];
    }
    const children = element.children.map(compile).filter((c): c is () => ReactNode => c !== null);
    const tag = element.name;
    return () =>
      createElement(
        tag,
        tag === "option" ? { ...props, selected: undefined } : { ...props },
        ...children.map((child) => child()),
      );
  };
  const root = document.children.find((c) => c.type === "tag" && (c as Element).name === "html");
  if (!root) throw new Error("no <html> element");
  const build = compile(root);
  if (!build) throw new Error("nothing to render");
  return { build, elements };
}

function renderWhole(node: ReactNode): Promise<number> {
  return new Promise((done, fail) => {
    const { pipe } = renderToPipeableStream(node, {
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onAllReady() {
        let bytes = 0;
        pipe(
          new Writable({
            write(chunk: Buffer, _encoding, next) {
              bytes += chunk.length;
              next();
            },
            final(next) {
              done(bytes);
              next();
            },
          }),
        );
      },
      onShellError: fail,
    });
  });
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

async function measure(path: string, html: string) {
  const { build, elements } = elementBuilder(html);
  for (let i = 0; i < 50; i++) await renderWhole(build()); // warm up
  const buildTimes: number[] = [];
  const streamTimes: number[] = [];
  const stringTimes: number[] = [];
  let bytes = 0;
  for (let i = 0; i < RUNS; i++) {
    let t = performance.now();
    const tree = build();
    buildTimes.push(performance.now() - t);
    t = performance.now();
    bytes = await renderWhole(tree);
    streamTimes.push(performance.now() - t);
    t = performance.now();
    renderToString(build());
    stringTimes.push(performance.now() - t);
  }
  console.log(
    `${path}: ${elements} elements, ${(bytes / 1024).toFixed(0)} KB of HTML; ` +
      `building the elements ${median(buildTimes).toFixed(2)} ms, ` +
      `renderToPipeableStream ${median(streamTimes).toFixed(2)} ms, ` +
      `renderToString (with building) ${median(stringTimes).toFixed(2)} ms (medians of ${RUNS})`,
  );
}

async function main() {
  const paths = process.argv.slice(2);
  if (paths.length === 0) throw new Error("usage: npx tsx bench/render-floor.ts /Projects [/Contacts ...]");
  const pages: [string, string][] = [];
  await withBenchApp(ROOT, async (appUrl, cookie) => {
    for (const path of paths) {
      const res = await fetch(`${appUrl}${path}`, { headers: { Cookie: cookie } });
      if (res.status !== 200) throw new Error(`${path}: ${res.status}`);
      pages.push([path, await res.text()]);
    }
  });
  for (const [path, html] of pages) await measure(path, html);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
