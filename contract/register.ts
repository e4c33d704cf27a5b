/**
 * Sign-up and subscription calls (signup-search-companies-calendar.md §3, §7; member-app.md §3 Subscribe payload):
 * Register/Options, Register/Counties/{state}, Register/Price, Register, and the subscription update.
 */
import { z } from "zod";
import { StateOption } from "./options";
import { AdditionalService, Plan } from "./user";

export const SignupPlan = Plan.extend({ is_free_trial: z.boolean() });
export type SignupPlan = z.infer<typeof SignupPlan>;

export const Vertical = z.object({ id: z.number().int(), name: z.string() });
export type Vertical = z.infer<typeof Vertical>;

/** GET Register/Options → data: what a checkout offers. */
export const RegisterOptionsAnswer = z.object({
  data: z.object({
    additional_services: z.array(AdditionalService),
    states: z.array(StateOption),
    provinces: z.array(StateOption),
    verticals: z.array(Vertical),
    plans: z.array(SignupPlan),
  }),
});
export type RegisterOptions = z.infer<typeof RegisterOptionsAnswer>["data"];

export const County = z.object({ name: z.string(), state_abbr: z.string() });
export type County = z.infer<typeof County>;

/** GET Register/Counties/{state} → data: the state's counties. */
export const CountiesAnswer = z.object({ data: z.array(County) });

const Ids = z.array(z.number().int());

/** What a price depends on (the payload of Register/Price, and part of Register's). */
export const PriceRequest = z.object({
  plan: z.number().int(),
  promo_code: z.string().nullable().optional(),
  discount: z.string().nullable().optional(),
  plan_verticals: Ids.optional(),
  plan_states: Ids.optional(),
  plan_counties: z.array(County).optional(),
  additional_services: Ids.optional(),
  is_free_trial: z.boolean().optional(),
});
export type PriceRequest = z.infer<typeof PriceRequest>;

/** The price's parts in dollars: always 'Plan Price' and 'Total', and the other parts that apply. */
export const PriceComponents = z.object({ "Plan Price": z.number(), Total: z.number() }).catchall(z.number());
export type PriceComponents = z.infer<typeof PriceComponents>;

/** POST Register/Price → data.components. */
export const PriceAnswer = z.object({ data: z.object({ components: PriceComponents }) });

export const CardDetails = z.object({
  card_number: z.string(),
  expiration_date: z.string(),
  cvv: z.string(),
});

export const BillTo = z.object({
  first_name: z.string(),
  last_name: z.string(),
  address: z.string(),
  address2: z.string().nullable().optional(),
  city: z.string(),
  state: z.string(),
  country: z.string().optional(),
  zip: z.string(),
});

/** POST Register: the registration payload; `idempotency_key` makes a repeated submit answer the first result. */
export const RegisterRequest = PriceRequest.extend({
  first_name: z.string(),
  last_name: z.string(),
  phone_number: z.string(),
  email: z.string(),
  company: z.string(),
  state: z.string(),
  password: z.string(),
  confirm_password: z.string(),
  referrer: z.string().nullable().optional(),
  card: CardDetails.nullable().optional(),
  bill_to: BillTo.nullable().optional(),
  /** The total the page showed: the API charges only this amount, or nothing (409 when its price differs). */
  expected_total: z.number().nullable().optional(),
  idempotency_key: z.string().min(16).max(100),
});
export type RegisterRequest = z.infer<typeof RegisterRequest>;

export const RegisterAnswer = z.object({
  message: z.string(),
  data: z.object({ user_id: z.number().int(), email: z.string(), payment_total: z.number() }),
});

/** POST Users/Me/Subscription: the subscribe payload (activates a subscription that is not activated). */
export const SubscribeRequest = z.object({
  plan: z.number().int(),
  bill_to: BillTo,
  card: CardDetails,
  additional_services: Ids.optional(),
  plan_verticals: Ids.optional(),
  plan_states: Ids.optional(),
  plan_counties: z.array(County).optional(),
  promo_code: z.string().nullable().optional(),
  /** The total the page showed: the API charges only this amount, or nothing (409 when its price differs). */
  expected_total: z.number().nullable().optional(),
  /**
   * Made by the app for each activation form: a repeated post answers the first result, and GET
   * Users/Me/Payments/{key} tells what happened to a post whose answer was lost (decision 138).
   */
  idempotency_key: z.string().min(16).max(100),
});
export type SubscribeRequest = z.infer<typeof SubscribeRequest>;

export const SubscribeAnswer = z.object({ message: z.string() });

/** POST Users/Me/Subscription/Coverage: an activated subscription chooses the coverage it lacks (no charge). */
export const CoverageRequest = PriceRequest.pick({
  plan_verticals: true,
  plan_states: true,
  plan_counties: true,
});
export type CoverageRequest = z.infer<typeof CoverageRequest>;

/** A charge as its receipt shows it: what was bought, when, for how much, and the card's last four digits. */
export const Charge = z.object({
  id: z.number().int(),
  kind: z.enum(["sign-up", "activation"]),
  plan_id: z.number().int(),
  plan_name: z.string(),
  months: z.number().int(),
  coverage: z.object({
    states: z.array(z.string()),
    counties: z.array(z.string()),
    verticals: z.array(z.string()),
  }),
  components: PriceComponents,
  amount: z.number(),
  card_last4: z.string(),
  promo_code: z.string().nullable(),
  created_at: z.string(),
  /**
   * The charge's date in the member's time zone (YYYY-MM-DD), as the receipt e-mail says it: the date every page
   * shows (created_at is the instant, in UTC).
   */
  local_date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
});
export type Charge = z.infer<typeof Charge>;

/** GET Users/Me/Charges → data: the member's charges, newest first. */
export const ChargesAnswer = z.object({ data: z.array(Charge) });
/** GET Users/Me/Charges/{id} → data: one of them. */
export const ChargeAnswer = z.object({ data: Charge });

/** What a charging request was: a sign-up (POST Register) or an activation (POST Users/Me/Subscription). */
export const PaymentKind = z.enum(["registration", "activation"]);

/**
 * The state of a charging request by its idempotency key (decision 138): unknown (never seen, or not the asker's
 * to see), pending, refused (with the API's answer), or completed (with what it made: the amount charged, whether
 * it made a trial, and for an activation its receipt).
 */
export const PaymentState = z.discriminatedUnion("state", [
  z.object({ state: z.literal("unknown") }),
  z.object({ state: z.literal("pending"), kind: PaymentKind }),
  z.object({ state: z.literal("refused"), kind: PaymentKind, message: z.string() }),
  z.object({
    state: z.literal("completed"),
    kind: PaymentKind,
    amount: z.number(),
    trial: z.boolean(),
    receipt_id: z.number().int().nullable(),
  }),
]);
export type PaymentState = z.infer<typeof PaymentState>;

/** GET Users/Me/Payments/{key} and GET Register/Payments/{key} → data: the request's state. */
export const PaymentStateAnswer = z.object({ data: PaymentState });
