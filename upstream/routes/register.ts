import { createHash } from "node:crypto";
import { Hono } from "hono";
import { z } from "zod";
import { FREE_TRIAL } from "../../contract/constants";
import { endpoints } from "../../contract/endpoints";
import { County } from "../../contract/register";
import { TAG_PALETTE } from "../../contract/tags";
import { writeTransaction } from "../db/index";
import { ApiError, type AppEnv, type Deps, idParam, notFound, readBody, requireAuth } from "../http";
import { mailOutbox } from "../mail/outbox";
import { limitedDimensions } from "../models/coverage";
import {
  COUNTIES_NEEDED,
  type PriceChoices,
  pricing,
  requireCoverage,
  requireShownTotal,
  STATES_NEEDED,
  VERTICALS_NEEDED,
} from "../models/pricing";
import { Id } from "../params";
import { emailSubject, memberSubject, paymentAttempts } from "../payments/attempts";
import { lastFour, memberCharges } from "../payments/charges";
import { CARD_DECLINED, type CardProcessor, fakeProcessor } from "../payments/processor";
import { paymentRequests } from "../payments/requests";
import { hashPassword, randomToken } from "../security";

export const REGISTERED = "Your account has been created.";
export const SUBSCRIPTION_UPDATED = "Your subscription has been updated successfully.";
const EMAIL_TAKEN = "The email has already been taken.";
const ALREADY_ACTIVE = "Your subscription is already active.";
const NO_SUBSCRIPTION = "You have no subscription to activate.";
const TRIAL_PLAN_CHOSEN = "Please choose a paid plan.";
export const ALREADY_PROCESSED =
  "This sign-up was already processed with other details. Please reload the page to start a new one.";
export const COVERAGE_SAVED = "Your coverage was saved.";
const COVERAGE_COMPLETE = "Your coverage is already chosen.";
const PASSWORDS_DIFFER = "Passwords do not match";
const NOT_COMPLETED = "Your payment could not be completed.";
const TRIAL_DAYS = 14;
const TRIAL_PROJECTS = 5;

const required = (label: string, max = 255) =>
  z
    .string({ error: `The ${label} field is required.` })
    .trim()
    .min(1, `The ${label} field is required.`)
    .max(max, `The ${label} may not be greater than ${max} characters.`);
const optional = (max = 255) =>
  z.preprocess((v) => (v === "" ? null : v), z.string().trim().max(max).nullable().optional());
const ids = z.preprocess(
  (v) => (v === undefined || v === null ? [] : Array.isArray(v) ? v : [v]),
  z.array(Id).max(500),
);
const Flag = z.preprocess((v) => v === true || v === 1 || v === "1" || v === "true", z.boolean());
/** The total the page showed the member, in dollars: the only amount that may be charged. */
const ExpectedTotal = z.preprocess(
  (v) => (v === "" || v === undefined ? null : typeof v === "string" ? Number(v) : v),
  z.number({ error: "The expected total must be a number." }).finite().min(0).nullable().optional(),
);

const Choices = z.object({
  plan: Id,
  promo_code: optional(50),
  discount: optional(50),
  plan_verticals: ids,
  plan_states: ids,
  plan_counties: z.array(County).max(500).optional(),
  additional_services: ids,
  is_free_trial: Flag.optional(),
});

const CardBody = z.object({
  card_number: z
    .string({ error: "The card number field is required." })
    .regex(/^\d{12,19}$/, "The card number may contain digits only."),
  expiration_date: z
    .string({ error: "The expiration date field is required." })
    .regex(/^(0[1-9]|1[0-2])\/\d{2}$/, "The expiration date must be in the format mm/yy."),
  cvv: z
    .string({ error: "The cvv field is required." })
    .regex(/^\d{3,4}$/, "The cvv may contain digits only."),
});

const BillBody = z.object({
  first_name: required("billing first name"),
  last_name: required("billing last name"),
  address: required("address"),
  address2: optional(),
  city: required("city"),
  state: required("billing state", 10),
  country: z.string().trim().default("US"),
  zip: required("zip", 20),
});

/** The app's key of a charging request: a repeat answers the first result, and its state can be looked up. */
const IdempotencyKey = z
  .string({ error: "The idempotency key field is required." })
  .regex(/^[A-Za-z0-9_-]{16,100}$/, "The idempotency key is not valid.");

const RegisterBody = Choices.extend({
  first_name: required("first name"),
  last_name: required("last name"),
  phone_number: required("phone number", 40),
  email: required("email").regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, "The email must be a valid email address."),
  company: required("company"),
  state: required("state", 10),
  password: z
    .string({ error: "The password field is required." })
    .min(8, "The password must be at least 8 characters.")
    .max(200, "The password may not be longer than 200 characters."),
  confirm_password: z.string({ error: "The confirm password field is required." }),
  referrer: optional(),
  card: CardBody.nullable().optional(),
  bill_to: BillBody.nullable().optional(),
  expected_total: ExpectedTotal,
  idempotency_key: IdempotencyKey,
});

const SubscribeBody = Choices.omit({ is_free_trial: true, discount: true }).extend({
  card: CardBody,
  bill_to: BillBody,
  expected_total: ExpectedTotal,
  // Without one (an older client), a repeated post is refused as already active and nothing can be looked up.
  idempotency_key: IdempotencyKey.optional(),
});

const CoverageBody = Choices.pick({ plan_verticals: true, plan_states: true, plan_counties: true });

/** JSON with every object's keys in order, so that the same body always reads the same. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

/** What makes two sign-up bodies the same: everything but the card and the passwords. */
function bodyHash(body: Record<string, unknown>): string {
  const { card: _card, password: _password, confirm_password: _confirm, ...rest } = body;
  return createHash("sha256").update(canonical(rest)).digest("base64url");
}

/** The reference API's processor: the fake one unless a test passes another. */
export function registerRoutes(deps: Deps, processor: CardProcessor = fakeProcessor(deps.db, deps.now)) {
  const { db } = deps;
  const prices = pricing(db, deps.now);
  const auth = requireAuth(deps);

  const plans = db.prepare("SELECT * FROM plans WHERE active = 1 ORDER BY id");
  const services = db.prepare(
    "SELECT id, name, base_price, description FROM additional_services ORDER BY id",
  );
  const places = db.prepare<[string], { id: number; abbr: string; name: string }>(
    "SELECT id, abbr, name FROM states WHERE country = ? ORDER BY name",
  );
  const verticals = db.prepare("SELECT id, name FROM verticals ORDER BY name");
  const counties = db.prepare<[string], { name: string; state_abbr: string }>(
    "SELECT name, state_abbr FROM counties WHERE state_abbr = ? ORDER BY name",
  );
  const stored = db.prepare<[string], { answer: string; body_hash: string | null }>(
    "SELECT answer, body_hash FROM register_requests WHERE idempotency_key = ?",
  );
  const emailTaken = db.prepare<[string], { id: number }>("SELECT id FROM users WHERE email = ?");
  const insertUser = db.prepare(
    `INSERT INTO users (email, password_hash, first_name, last_name, company, phone, state, country, referrer,
       member_type, allow_download, allow_share, allow_directory, allow_companysearch, display_subscription_nudge,
       ical_hash, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, 'US', ?, ?, ?, 0, 0, 0, ?, ?, ?, ?)`,
  );
  const insertSub = db.prepare(
    `INSERT INTO subscriptions (user_id, plan_id, start_date, trial_end_date, remaining_projects, payment_total,
       activated, promo_code, discount, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const insertTag = db.prepare(
    "INSERT INTO tags (user_id, name, color, tag_type, created_at) VALUES (?, ?, ?, ?, ?)",
  );
  const insertRequest = db.prepare(
    "INSERT INTO register_requests (idempotency_key, user_id, answer, body_hash, created_at) VALUES (?, ?, ?, ?, ?)",
  );
  const coverage = {
    types: db.prepare(
      "INSERT OR IGNORE INTO subscription_project_types (subscription_id, project_type_id) VALUES (?, ?)",
    ),
    states: db.prepare("INSERT OR IGNORE INTO subscription_states (subscription_id, state_id) VALUES (?, ?)"),
    counties: db.prepare(
      "INSERT OR IGNORE INTO subscription_counties (subscription_id, county_id) VALUES (?, ?)",
    ),
    services: db.prepare(
      "INSERT OR IGNORE INTO subscription_additional_services (subscription_id, additional_service_id) VALUES (?, ?)",
    ),
  };
  const mySubscription = db.prepare<[number], { id: number; plan_id: number; activated: number }>(
    "SELECT s.id, s.plan_id, s.activated FROM subscriptions s WHERE s.user_id = ?",
  );
  const coverageCount = {
    states: db
      .prepare<[number], number>("SELECT count(*) FROM subscription_states WHERE subscription_id = ?")
      .pluck(),
    counties: db
      .prepare<[number], number>("SELECT count(*) FROM subscription_counties WHERE subscription_id = ?")
      .pluck(),
    verticals: db
      .prepare<[number], number>("SELECT count(*) FROM subscription_project_types WHERE subscription_id = ?")
      .pluck(),
  };
  const attempts = paymentAttempts(db, deps.now);
  const requests = paymentRequests(db, deps.now);

  const today = () => deps.now().toISOString().slice(0, 10);
  const charges = memberCharges(db);
  const mail = mailOutbox(deps);

  type Paid = { chargeId: number; last4: string } | null;
  /** The receipt of an approved charge (mailed once), or null when nothing was charged. */
  function recordCharge(
    userId: number,
    kind: "sign-up" | "activation",
    checked: ReturnType<typeof prices.check>,
    paid: Paid,
  ): number | null {
    if (!paid) return null;
    const receipt = charges.record({
      user_id: userId,
      payment_charge_id: paid.chargeId,
      kind,
      plan_id: checked.plan.id,
      plan_name: checked.plan.name,
      months: checked.plan.months,
      coverage: charges.coverageLines(checked),
      components: checked.components,
      amount: checked.components.Total,
      card_last4: paid.last4,
      promo_code: checked.promo,
      created_at: deps.now().toISOString(),
    });
    if (receipt.created) mail.receipt(userId, receipt.id);
    return receipt.id || null;
  }

  /**
   * A charging request under its key's state (payments/requests.ts): a refusal is recorded with its message;
   * any other failure before a charge was approved too, with a message of its own (after one, the state stays
   * pending: what was paid for may not exist, and the member is told it is being confirmed, not that it failed).
   */
  async function asPayment<T>(key: string | undefined, run: (charged: () => void) => Promise<T>): Promise<T> {
    let approved = false;
    const running = run(() => {
      approved = true;
    }).catch((error: unknown) => {
      if (key && error instanceof ApiError) requests.refuse(key, error.message);
      else if (key && !approved) requests.refuse(key, NOT_COMPLETED);
      throw error;
    });
    if (key) inFlight.set(key, running);
    try {
      return await running;
    } finally {
      if (key && inFlight.get(key) === running) inFlight.delete(key);
    }
  }

  /**
   * The requests of this process at work, by key: the same post again (a double submit) waits for the first and
   * is answered what it was (checked without awaiting when there is none, so that nothing runs in between; in
   * another process the key's 'pending' state refuses it with a 409).
   */
  const inFlight = new Map<string, Promise<unknown>>();

  function saveCoverage(
    subId: number,
    c: { verticals: number[]; states: number[]; counties: number[]; services: number[] },
  ) {
    for (const id of c.verticals) coverage.types.run(subId, id);
    for (const id of c.states) coverage.states.run(subId, id);
    for (const id of c.counties) coverage.counties.run(subId, id);
    for (const id of c.services) coverage.services.run(subId, id);
  }

  /**
   * A sign-up whose key was seen: the stored answer when the body is the same (a double submit), a refusal when it
   * changed (409: the member must not read "Your account is ready" for details that were not used).
   */
  function replay(
    earlier: { answer: string; body_hash: string | null },
    body: Record<string, unknown>,
  ): object {
    if (earlier.body_hash !== null && earlier.body_hash !== bodyHash(body)) {
      throw new ApiError(409, ALREADY_PROCESSED);
    }
    return JSON.parse(earlier.answer) as object;
  }

  /**
   * Charges the total the member saw, once per key, within the subject's attempt limit; every attempt and its
   * outcome is recorded without card data. A refusal is a 402 with the processor's message.
   */
  async function charge(
    subject: string,
    key: string,
    total: number,
    expected: number | null | undefined,
    card: z.infer<typeof CardBody>,
  ): Promise<Paid> {
    requireShownTotal(expected, total);
    attempts.requireAllowed(subject);
    const result = await processor.charge({ idempotencyKey: key, amount: total, card });
    if (!result.approved) {
      attempts.record(subject, result.message === CARD_DECLINED ? "declined" : "refused", total);
      throw new ApiError(402, result.message, { card: [result.message] });
    }
    attempts.record(subject, "approved", total);
    return { chargeId: result.chargeId, last4: lastFour(card.card_number) };
  }

  /** Creates the member, their subscription, coverage and folders, and records the key: all or nothing. */
  const createAccount = writeTransaction(
    db,
    (
      body: z.infer<typeof RegisterBody>,
      checked: ReturnType<typeof prices.check>,
      paid: Paid,
      passwordHash: string,
      answerOf: (userId: number) => object,
    ) => {
      const earlier = stored.get(body.idempotency_key);
      if (earlier) return replay(earlier, body);
      if (emailTaken.get(body.email)) throw new ApiError(422, EMAIL_TAKEN, { email: [EMAIL_TAKEN] });
      const now = deps.now().toISOString();
      const { plan, trial } = checked;
      const userId = Number(
        insertUser.run(
          body.email,
          passwordHash,
          body.first_name,
          body.last_name,
          body.company,
          body.phone_number,
          body.state.toUpperCase(),
          body.referrer ?? null,
          trial ? FREE_TRIAL : "Member",
          !trial && plan.download ? 1 : 0,
          trial ? 1 : 0,
          randomToken().slice(0, 40),
          now,
          now,
        ).lastInsertRowid,
      );
      const trialEnd = new Date(deps.now().getTime() + TRIAL_DAYS * 86_400_000).toISOString().slice(0, 10);
      const subId = Number(
        insertSub.run(
          userId,
          plan.id,
          trial ? null : today(),
          trial ? trialEnd : null,
          trial ? TRIAL_PROJECTS : null,
          checked.components.Total,
          trial ? 0 : 1,
          checked.promo,
          body.discount ?? null,
          now,
          now,
        ).lastInsertRowid,
      );
      saveCoverage(subId, checked);
      mail.welcome(userId);
      const receipt = recordCharge(userId, "sign-up", checked, paid);
      requests.complete(body.idempotency_key, {
        userId,
        amount: paid ? checked.components.Total : 0,
        memberChargeId: receipt,
        trial,
      });
      for (const type of [1, 2]) {
        for (const color of TAG_PALETTE.slice(0, 4))
          insertTag.run(userId, color.name, color.color, type, now);
      }
      const answer = answerOf(userId);
      insertRequest.run(body.idempotency_key, userId, JSON.stringify(answer), bodyHash(body), now);
      return answer;
    },
  );

  const activate = writeTransaction(
    db,
    (
      subId: number,
      userId: number,
      checked: ReturnType<typeof prices.check>,
      paid: Paid,
      key: string | undefined,
    ) => {
      const now = deps.now().toISOString();
      db.prepare(
        `UPDATE subscriptions SET plan_id = ?, activated = 1, start_date = ?, trial_end_date = NULL,
           remaining_projects = NULL, payment_total = ?, promo_code = ?, updated_at = ? WHERE id = ?`,
      ).run(checked.plan.id, today(), checked.components.Total, checked.promo, now, subId);
      for (const table of ["subscription_project_types", "subscription_states", "subscription_counties"]) {
        db.prepare(`DELETE FROM ${table} WHERE subscription_id = ?`).run(subId);
      }
      saveCoverage(subId, checked);
      const receipt = recordCharge(userId, "activation", checked, paid);
      if (key) {
        const amount = paid ? checked.components.Total : 0;
        requests.complete(key, { userId, amount, memberChargeId: receipt, trial: false });
      }
      db.prepare(
        `UPDATE users SET member_type = 'Member', allow_download = ?, display_subscription_nudge = 0, updated_at = ?
         WHERE id = ?`,
      ).run(checked.plan.download ? 1 : 0, now, userId);
    },
  );

  const app = new Hono<AppEnv>();
  const e = endpoints;

  app.on(e.registerOptions.method, e.registerOptions.route, (c) =>
    c.json({
      data: {
        additional_services: services.all(),
        states: places.all("US"),
        provinces: places.all("CA"),
        verticals: verticals.all(),
        plans: (plans.all() as Record<string, unknown>[]).map(({ active: _active, ...p }) => ({
          ...p,
          download: p.download === 1,
          is_free_trial: p.is_free_trial === 1,
        })),
      },
    }),
  );

  app.on(e.registerCounties.method, e.registerCounties.route, (c) =>
    c.json({ data: counties.all(c.req.param("state").toUpperCase()) }),
  );

  app.on(e.registerPrice.method, e.registerPrice.route, async (c) => {
    const body = await readBody(c, Choices);
    return c.json({ data: { components: prices.check(body as PriceChoices).components } });
  });

  app.on(e.register.method, e.register.route, async (c) => {
    const body = await readBody(c, RegisterBody);
    while (inFlight.has(body.idempotency_key)) await inFlight.get(body.idempotency_key)?.catch(() => null);
    const earlier = stored.get(body.idempotency_key);
    if (earlier) return c.json(replay(earlier, body));
    requests.begin(body.idempotency_key, "registration", null);
    return c.json(await asPayment(body.idempotency_key, (approved) => register(body, approved)));
  });

  /** A sign-up: its rules, the charge of a paid plan (the total shown), then the account, all or nothing. */
  async function register(body: z.infer<typeof RegisterBody>, approved: () => void) {
    if (body.password !== body.confirm_password) {
      throw new ApiError(422, PASSWORDS_DIFFER, { confirm_password: [PASSWORDS_DIFFER] });
    }
    if (emailTaken.get(body.email)) throw new ApiError(422, EMAIL_TAKEN, { email: [EMAIL_TAKEN] });
    const checked = prices.check(body as PriceChoices);
    requireCoverage(checked);
    const total = checked.components.Total;
    let paid: Paid = null;
    if (!checked.trial && total > 0) {
      if (!body.card)
        throw new ApiError(422, "The card field is required.", { card: ["The card field is required."] });
      if (!body.bill_to) {
        throw new ApiError(422, "The bill to field is required.", {
          bill_to: ["The bill to field is required."],
        });
      }
      paid = await charge(
        emailSubject(body.email),
        `register:${body.idempotency_key}`,
        total,
        body.expected_total,
        body.card,
      );
      approved();
    }
    // Hashed before the transaction: scrypt takes tens of milliseconds, too long to hold the write lock.
    return createAccount(body, checked, paid, hashPassword(body.password), (userId) => ({
      message: REGISTERED,
      data: { user_id: userId, email: body.email, payment_total: total },
    }));
  }

  app.on(e.subscribe.method, e.subscribe.route, auth, async (c) => {
    const body = await readBody(c, SubscribeBody);
    const userId = c.get("userId");
    const key = body.idempotency_key;
    while (key && inFlight.has(key)) await inFlight.get(key)?.catch(() => null);
    // The same activation posted again (a retry of a lost answer) is told what happened the first time.
    if (key && requests.begin(key, "activation", userId) === "completed") {
      return c.json({ message: SUBSCRIPTION_UPDATED });
    }
    await asPayment(key, (approved) => subscribe(userId, body, approved));
    return c.json({ message: SUBSCRIPTION_UPDATED });
  });

  /** An activation: a paid plan, the coverage the form sent, the total shown charged, then the subscription. */
  async function subscribe(userId: number, body: z.infer<typeof SubscribeBody>, approved: () => void) {
    const sub = mySubscription.get(userId);
    if (!sub) throw new ApiError(422, NO_SUBSCRIPTION);
    if (sub.activated) throw new ApiError(422, ALREADY_ACTIVE);
    const plan = prices.plan(body.plan);
    if (plan?.is_free_trial) throw new ApiError(422, TRIAL_PLAN_CHOSEN, { plan: [TRIAL_PLAN_CHOSEN] });
    // The coverage is what the form sent, never filled in from the trial's choices: the page showed its price.
    const checked = prices.check({ ...body, is_free_trial: false } as PriceChoices);
    requireCoverage(checked);
    const total = checked.components.Total;
    const paid =
      total > 0
        ? await charge(memberSubject(userId), `activate:${sub.id}`, total, body.expected_total, body.card)
        : null;
    if (paid) approved();
    else requireShownTotal(body.expected_total ?? 0, total);
    activate(sub.id, userId, checked, paid, body.idempotency_key);
  }

  /**
   * An activated subscription whose limited dimension has no rows (made before decision 151, and not repaired
   * by migration 071) chooses it here, within what the plan includes: no charge, and no change to a dimension
   * already chosen.
   */
  app.on(e.completeCoverage.method, e.completeCoverage.route, auth, async (c) => {
    const body = await readBody(c, CoverageBody);
    const userId = c.get("userId");
    const sub = mySubscription.get(userId);
    if (!sub?.activated) throw new ApiError(422, NO_SUBSCRIPTION);
    const plan = prices.plan(sub.plan_id);
    if (!plan) throw new ApiError(422, NO_SUBSCRIPTION);
    const dims = limitedDimensions(plan);
    const missing = {
      states: dims.states && coverageCount.states.get(sub.id) === 0,
      counties: dims.counties && coverageCount.counties.get(sub.id) === 0,
      verticals: dims.verticals && coverageCount.verticals.get(sub.id) === 0,
    };
    if (!missing.states && !missing.counties && !missing.verticals)
      throw new ApiError(422, COVERAGE_COMPLETE);
    const checked = prices.check({
      plan: plan.id,
      plan_states: missing.states ? body.plan_states : [],
      plan_counties: missing.counties ? body.plan_counties : [],
      plan_verticals: missing.verticals ? body.plan_verticals : [],
      is_free_trial: false,
    });
    if (missing.states && checked.states.length === 0)
      throw new ApiError(422, STATES_NEEDED, { plan_states: [STATES_NEEDED] });
    if (missing.counties && checked.counties.length === 0) {
      throw new ApiError(422, COUNTIES_NEEDED, { plan_counties: [COUNTIES_NEEDED] });
    }
    if (missing.verticals && checked.verticals.length === 0) {
      throw new ApiError(422, VERTICALS_NEEDED, { plan_verticals: [VERTICALS_NEEDED] });
    }
    // Within what the plan includes: the price of these choices is the plan's own.
    if (checked.components.Total !== checked.components["Plan Price"]) {
      const message = "Choose only what your plan includes; more coverage is a new subscription.";
      throw new ApiError(422, message, { plan_states: [message] });
    }
    writeTransaction(db, () => saveCoverage(sub.id, { ...checked, services: [] }))();
    return c.json({ message: COVERAGE_SAVED });
  });

  app.on(e.charges.method, e.charges.route, auth, (c) => c.json({ data: charges.list(c.get("userId")) }));

  app.on(e.charge.method, e.charge.route, auth, (c) => {
    const found = charges.find(c.get("userId"), idParam(c));
    if (!found) throw notFound("A charge with this ID could not be found.");
    return c.json({ data: found });
  });

  return app;
}
