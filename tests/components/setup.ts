import { cleanup, configure } from "@testing-library/react";
import { afterEach } from "vitest";

// findBy… and waitFor give up after 5 s instead of 1 s: the machine that runs the suite may be busy (a lazy
// chunk such as Headless UI or the day picker is compiled on its first import).
configure({ asyncUtilTimeout: 5_000 });

// Each test renders into a fresh document.
afterEach(() => cleanup());

/*
 * happy-dom 21 gets multi-selects wrong where a browser does not, and the search panels' multi-selects (states,
 * counties, company types) depend on both:
 * - `select.selectedOptions` holds the first chosen option only;
 * - `new FormData(form)` sends a select's first chosen value only, "" for a multi-select with none chosen, and
 *   a disabled select's too.
 * Both are patched to what the HTML standard says. (A select's entries of a FormData come after the others
 * here, and a name a select has is taken to be the select's alone: nothing tested depends on either.)
 */
Object.defineProperty(HTMLSelectElement.prototype, "selectedOptions", {
  configurable: true,
  get(this: HTMLSelectElement) {
    return [...this.options].filter((option) => option.selected);
  },
});

const HappyDomFormData = globalThis.FormData;
class StandardSelectsFormData extends HappyDomFormData {
  constructor(form?: HTMLFormElement, submitter?: HTMLElement | null) {
    super(form, submitter);
    if (!form) return;
    const selects = [...form.elements].filter(
      (e): e is HTMLSelectElement => e instanceof HTMLSelectElement && e.name !== "",
    );
    for (const name of new Set(selects.map((select) => select.name))) this.delete(name);
    for (const select of selects) {
      if (select.disabled || select.closest("fieldset[disabled]")) continue;
      for (const option of select.options)
        if (option.selected && !option.disabled) this.append(select.name, option.value);
    }
  }
}
globalThis.FormData = StandardSelectsFormData;
