/**
 * The checkout's and the activation's forms as Conform reads them (parseWithZod): the coverage slots by
 * position, the billing address and promo code, the total the page showed, and the rules of a final submit
 * (§5, with the spec's messages). Each form has two schemas: what was typed (never refused: a half-filled form
 * after 'Update price' or 'Add additional state' renders again from it) and the final submit's rules, which
 * extend it. Card fields are only in the rules: read into the one API call that charges the card, never kept.
 */
import { z } from "zod";
import { type CoverageValues, countySlots, type PlanSummary, stateSlots } from "./pricing";

/** A text field as typed: trimmed and cut to `max`; "" when missing or unreadable. */
export const typed = (max = 255) =>
  z
    .string()
    .trim()
    .overwrite((v) => v.slice(0, max))
    .catch("");

/** A password as typed (not trimmed), cut to 200 characters. */
export const secret = () =>
  z
    .string()
    .overwrite((v) => v.slice(0, 200))
    .catch("");

/** A checkbox: ticked when it posts one of `values`. */
export const ticked = (...values: string[]) =>
  z
    .string()
    .catch("")
    .transform((v) => values.includes(v));

/** A required text field (trimmed, cut to `max`) with the spec's message when it is empty. */
export const need = (message: string, max = 255) =>
  z
    .string({ error: message })
    .trim()
    .overwrite((v) => v.slice(0, max))
    .min(1, message);

/** A repeated field's values by position (an empty select stays ""), each trimmed and cut to 100 characters. */
const positions = (max = 60) =>
  z
    .array(typed(100))
    .catch([])
    .transform((list) => list.slice(0, max));

const DIGITS = /^\d+$/;

/** The coverage of a form post (CoverageValues): slots keep their positions. */
export const coverageShape = {
  plan_verticals: positions(200).transform((list) => list.filter((v) => DIGITS.test(v))),
  plan_states: positions().transform((list) => list.map((v) => (DIGITS.test(v) ? v : ""))),
  county_states: positions().transform((list) => list.map((v) => v.toUpperCase())),
  county_names: positions(),
  extra_states: typed(3).transform((v) => {
    const n = Number(v);
    return Number.isInteger(n) && n > 0 ? Math.min(n, 60) : 0;
  }),
};

/** The billing address and promo code of a form post (BillingValues). */
export const billingShape = {
  bill_first_name: typed(),
  bill_last_name: typed(),
  bill_address: typed(),
  bill_address2: typed(),
  bill_city: typed(),
  bill_state: typed(10).transform((v) => v.toUpperCase()),
  bill_zip: typed(20),
  promo_code: typed(50),
};

/** The total the page showed (its hidden `shown_total`), or null when it showed none. */
export const shownTotal = typed(20).transform((raw) => {
  const value = raw === "" ? Number.NaN : Number(raw);
  return Number.isFinite(value) ? value : null;
});

/** The billing address's rules (§5): every field but Address 2 and the promo code. */
export const billingRules = {
  bill_first_name: need("Please enter the billing first name."),
  bill_last_name: need("Please enter the billing last name."),
  bill_address: need("Please enter the billing address."),
  bill_city: need("Please enter the billing city."),
  bill_state: need("Please choose the billing state.", 10).overwrite((v) => v.toUpperCase()),
  bill_zip: need("Please enter the billing zip code.", 20),
};

/**
 * The expiration date in the form the rules read (mm/yy), from what a member may type where no script inserts
 * the slash (before the page's script arrives, or without one): 1239, 12 39, 12-39, 1/39, 12/2039.
 */
export function expirationAsTyped(value: string): string {
  const m = /^(\d{1,2})\s*[/\-\s]?\s*(\d{2}|20\d{2})$/.exec(value);
  return m ? `${m[1].padStart(2, "0")}/${m[2].slice(-2)}` : value;
}

/** The card as typed (spaces and dashes taken out of the number) and its rules: digits only, mm/yy. */
export const cardRules = {
  card_number: z
    .string({ error: "Please enter the card number." })
    .trim()
    .overwrite((v) => v.slice(0, 40).replace(/[\s-]/g, ""))
    .min(1, "Please enter the card number.")
    .regex(/^\d*$/, "The card number may contain digits only."),
  expiration_date: need("Please enter the expiration date.", 40)
    .overwrite(expirationAsTyped)
    .regex(/^((0[1-9]|1[0-2])\/\d{2})?$/, "Please enter the expiration date as mm/yy (month 01 to 12)."),
  cvv: need("Please enter the CVV.", 40).regex(/^\d*$/, "The CVV may contain digits only."),
};

/** A rule across fields runs whatever the fields' own rules said: every message of a submit is shown at once. */
export const always = { when: () => true };

/**
 * The coverage rules (§5) for a plan: at least one vertical on a vertical plan; every state slot filled, each
 * state once; every county slot a state and a county, each county once. Messages go to the slot's position
 * (`plan_states[1]`), where the slot shows them.
 */
export function checkCoverage(values: CoverageValues, plan: PlanSummary, ctx: z.RefinementCtx) {
  const add = (path: (string | number)[], message: string) => ctx.addIssue({ code: "custom", path, message });
  if (plan.coverage_vertical_market && values.plan_verticals.length === 0) {
    add(["plan_verticals"], "Please choose at least one project type.");
  }
  const seen = new Set<string>();
  for (let i = 0; i < stateSlots(plan, values.extra_states); i++) {
    const v = values.plan_states[i] ?? "";
    if (!v) add(["plan_states", i], "Please choose a state.");
    else if (seen.has(v)) add(["plan_states", i], "This state is already chosen.");
    seen.add(v);
  }
  const seenCounties = new Set<string>();
  for (let i = 0; i < countySlots(plan); i++) {
    const state = values.county_states[i] ?? "";
    const name = values.county_names[i] ?? "";
    if (!state) add(["county_states", i], "Please choose a state.");
    else if (!name) add(["county_names", i], "Please choose a county.");
    else if (seenCounties.has(`${state}:${name}`)) add(["county_names", i], "This county is already chosen.");
    seenCounties.add(`${state}:${name}`);
  }
}

/** The card of a submission that passed its rules, for the one API call that charges it. */
export const cardOf = (value: { card_number: string; expiration_date: string; cvv: string }) => ({
  card_number: value.card_number,
  expiration_date: value.expiration_date,
  cvv: value.cvv,
});

export type Card = ReturnType<typeof cardOf>;
