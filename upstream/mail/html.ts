/**
 * HTML for e-mail bodies: a tagged template that escapes every value put into it (names, note texts, project
 * titles are the members' and the researchers' words), unless the value is itself a piece of markup made here.
 * Six short messages do not need a template engine (decision 083).
 */
export class Markup {
  constructor(readonly value: string) {}
  toString() {
    return this.value;
  }
}

const ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]);
}

function render(value: unknown): string {
  if (value instanceof Markup) return value.value;
  if (Array.isArray(value)) return value.map(render).join("");
  if (value === null || value === undefined || value === false) return "";
  return escapeHtml(String(value));
}

/** `html\`<p>${name}</p>\`` → markup with `name` escaped; arrays are joined, null/undefined/false render nothing. */
export function html(strings: TemplateStringsArray, ...values: unknown[]): Markup {
  let out = strings[0];
  values.forEach((value, i) => {
    out += render(value) + strings[i + 1];
  });
  return new Markup(out);
}

/** Text with its line breaks kept, escaped. */
export function lines(text: string): Markup {
  return new Markup(
    text
      .split(/\r\n|\r|\n/)
      .map(escapeHtml)
      .join("<br>"),
  );
}
