/**
 * What a member paid (member_charges, migration 070): a row per approved charge, written in the transaction of the
 * account or activation it paid for. The card is kept as its last four digits only.
 */
import type { PriceComponents } from "../../contract/register";
import type { Db } from "../db/index";
import { DEFAULT_TIME_ZONE, localTime } from "../mail/zones";

export type ChargeKind = "sign-up" | "activation";

/** The coverage bought, as text lines: states by name, counties as "Harris County, TX", verticals by name. */
export interface CoverageLines {
  states: string[];
  counties: string[];
  verticals: string[];
}

export interface MemberCharge {
  id: number;
  user_id: number;
  kind: ChargeKind;
  plan_id: number;
  plan_name: string;
  months: number;
  coverage: CoverageLines;
  components: PriceComponents;
  amount: number;
  card_last4: string;
  promo_code: string | null;
  created_at: string;
  /** The charge's date in the member's time zone when it was made (YYYY-MM-DD): what every page and mail shows. */
  local_date: string;
}

type Row = Omit<MemberCharge, "coverage" | "components" | "local_date"> & {
  coverage: string;
  components: string;
  local_date: string | null;
  time_zone: string | null;
};

/** The date of an instant in a member's zone (users.time_zone, US Central when unset), as the mail schedules read it. */
const dateIn = (at: string, zone: string | null) => localTime(new Date(at), zone ?? DEFAULT_TIME_ZONE).date;

const fromRow = ({ time_zone, ...row }: Row): MemberCharge => ({
  ...row,
  coverage: JSON.parse(row.coverage) as CoverageLines,
  components: JSON.parse(row.components) as PriceComponents,
  // Rows from before migration 092 have no date of their own: read in the member's zone, as their e-mail was.
  local_date: row.local_date ?? dateIn(row.created_at, time_zone),
});

export const lastFour = (cardNumber: string) => cardNumber.replace(/\D/g, "").slice(-4).padStart(4, "0");

export function memberCharges(db: Db) {
  const insert = db.prepare(
    `INSERT INTO member_charges (user_id, payment_charge_id, kind, plan_id, plan_name, months, coverage, components,
       amount, card_last4, promo_code, created_at, local_date)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (payment_charge_id) DO NOTHING`,
  );
  const byProcessorCharge = db
    .prepare<[number], number>("SELECT id FROM member_charges WHERE payment_charge_id = ?")
    .pluck();
  const zoneOf = db.prepare<[number], string | null>("SELECT time_zone FROM users WHERE id = ?").pluck();
  const byUser = db.prepare<[number], Row>(
    `SELECT c.*, u.time_zone FROM member_charges c JOIN users u ON u.id = c.user_id
     WHERE c.user_id = ? ORDER BY c.created_at DESC, c.id DESC`,
  );
  const one = db.prepare<[number, number], Row>(
    `SELECT c.*, u.time_zone FROM member_charges c JOIN users u ON u.id = c.user_id
     WHERE c.id = ? AND c.user_id = ?`,
  );
  const stateNames = (ids: number[]) =>
    ids.length === 0
      ? []
      : db
          .prepare<number[], string>(
            `SELECT name FROM states WHERE id IN (${ids.map(() => "?").join(",")}) ORDER BY name`,
          )
          .pluck()
          .all(...ids);
  const countyNames = (ids: number[]) =>
    ids.length === 0
      ? []
      : db
          .prepare<number[], string>(
            `SELECT name || ' County, ' || state_abbr FROM counties WHERE id IN (${ids.map(() => "?").join(",")})
             ORDER BY state_abbr, name`,
          )
          .pluck()
          .all(...ids);
  const verticalNames = (ids: number[]) =>
    ids.length === 0
      ? []
      : db
          .prepare<number[], string>(
            `SELECT name FROM project_types WHERE id IN (${ids.map(() => "?").join(",")}) ORDER BY name`,
          )
          .pluck()
          .all(...ids);

  return {
    /** The coverage of checked choices, as the receipt shows it. */
    coverageLines(c: { states: number[]; counties: number[]; verticals: number[] }): CoverageLines {
      return {
        states: stateNames(c.states),
        counties: countyNames(c.counties),
        verticals: verticalNames(c.verticals),
      };
    },

    /**
     * Records an approved charge, dated in the member's time zone as it is now; call it inside the transaction
     * that creates what was paid for. The receipt's id, and whether it is new (a processor's charge has one receipt).
     */
    record(charge: Omit<MemberCharge, "id" | "local_date"> & { payment_charge_id: number }): {
      id: number;
      created: boolean;
    } {
      const result = insert.run(
        charge.user_id,
        charge.payment_charge_id,
        charge.kind,
        charge.plan_id,
        charge.plan_name,
        charge.months,
        JSON.stringify(charge.coverage),
        JSON.stringify(charge.components),
        charge.amount,
        charge.card_last4,
        charge.promo_code,
        charge.created_at,
        dateIn(charge.created_at, zoneOf.get(charge.user_id) ?? null),
      );
      if (result.changes > 0) return { id: Number(result.lastInsertRowid), created: true };
      return { id: byProcessorCharge.get(charge.payment_charge_id) ?? 0, created: false };
    },

    list: (userId: number) => byUser.all(userId).map(fromRow),
    find: (userId: number, id: number) => {
      const row = one.get(id, userId);
      return row ? fromRow(row) : null;
    },
  };
}
