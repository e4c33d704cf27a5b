/**
 * What a member paid (member_charges, migration 070): a row per approved charge, written in the transaction of the
 * account or activation it paid for. The card is kept as its last four digits only.
 */
import type { PriceComponents } from "../../contract/register";
import type { Db } from "../db/index";

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
}

type Row = Omit<MemberCharge, "coverage" | "components"> & { coverage: string; components: string };

const fromRow = (row: Row): MemberCharge => ({
  ...row,
  coverage: JSON.parse(row.coverage) as CoverageLines,
  components: JSON.parse(row.components) as PriceComponents,
});

export const lastFour = (cardNumber: string) => cardNumber.replace(/\D/g, "").slice(-4).padStart(4, "0");

export function memberCharges(db: Db) {
  const insert = db.prepare(
    `INSERT INTO member_charges (user_id, payment_charge_id, kind, plan_id, plan_name, months, coverage, components,
       amount, card_last4, promo_code, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (payment_charge_id) DO NOTHING`,
  );
  const byUser = db.prepare<[number], Row>(
    "SELECT * FROM member_charges WHERE user_id = ? ORDER BY created_at DESC, id DESC",
  );
  const one = db.prepare<[number, number], Row>("SELECT * FROM member_charges WHERE id = ? AND user_id = ?");
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

    /** Records an approved charge; call it inside the transaction that creates what was paid for. */
    record(charge: Omit<MemberCharge, "id"> & { payment_charge_id: number }): number {
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
      );
      return Number(result.lastInsertRowid);
    },

    list: (userId: number) => byUser.all(userId).map(fromRow),
    find: (userId: number, id: number) => {
      const row = one.get(id, userId);
      return row ? fromRow(row) : null;
    },
  };
}
