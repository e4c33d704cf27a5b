import { randomBytes } from "node:crypto";
import { Hono } from "hono";
import {
  FEED_HASH_PATTERN,
  MONTH_PATTERN,
  type NoteNotification,
  type SavedBidDate,
} from "../../contract/calendar";
import { endpoints } from "../../contract/endpoints";
import type { Db } from "../db/index";
import { ApiError, type AppEnv, type Deps, notFound, requireAuth } from "../http";
import { type MemberRights, memberRights, TRIAL_EXPIRED } from "../rights";

interface ReminderRow {
  id: number;
  project_id: number;
  note: string;
  created_at: string;
  updated_at: string;
  notification_date: string;
  title: string;
  city: string | null;
  state: string | null;
}

const REMINDERS = `SELECT pn.id, pn.project_id, pn.note, pn.created_at, pn.updated_at, pn.notification_date,
    p.title, p.city, p.state
  FROM project_notes pn JOIN projects p ON p.id = pn.project_id
  WHERE pn.user_id = ? AND pn.notification_date IS NOT NULL AND pn.notification_date <> ''`;
const ORDER = "ORDER BY pn.notification_date, pn.id";

const toReminder = (r: ReminderRow): NoteNotification => ({
  id: r.id,
  project_id: r.project_id,
  note: r.note,
  created_at: r.created_at,
  updated_at: r.updated_at,
  notification_date: r.notification_date.slice(0, 10),
  project: { id: r.project_id, title: r.title, city: r.city, state: r.state },
});

interface BidRow {
  project_id: number;
  bidding_date: string;
  title: string;
  city: string | null;
  state: string | null;
}

/** The bid dates of the member's saved projects (issue 45). */
const BIDS = `SELECT p.id AS project_id, p.bidding_date, p.title, p.city, p.state
  FROM user_projects up JOIN projects p ON p.id = up.project_id
  WHERE up.user_id = ? AND p.bidding_date IS NOT NULL AND p.bidding_date <> ''`;

const toBid = (r: BidRow): SavedBidDate => ({
  project_id: r.project_id,
  bidding_date: r.bidding_date.slice(0, 10),
  project: { id: r.project_id, title: r.title, city: r.city, state: r.state },
});

/** A new feed secret: 20 random bytes as hex, as the seed gives every account. */
export const newFeedHash = () => randomBytes(20).toString("hex");

/**
 * The member's reminders and the bid dates of their saved projects, on projects they may open (decision 104),
 * all or of one month.
 */
function reminderQueries(db: Db, rights: MemberRights) {
  const remindersOf = (userId: number, range: string, rangeValues: string[]) => {
    const openable = rights.openableProjects(userId);
    return db
      .prepare<unknown[], ReminderRow>(`${REMINDERS} ${range} AND (${openable.sql}) ${ORDER}`)
      .all(userId, ...rangeValues, ...openable.values)
      .map(toReminder);
  };
  const bidsOf = (userId: number, range: string, rangeValues: string[]) => {
    const openable = rights.openableProjects(userId);
    return db
      .prepare<unknown[], BidRow>(`${BIDS} ${range} AND (${openable.sql}) ORDER BY p.bidding_date, p.id`)
      .all(userId, ...rangeValues, ...openable.values)
      .map(toBid);
  };
  /** From a month's first day ("2026-12") to the next month's first. */
  const monthRange = (month: string) => {
    const [year, m] = month.split("-").map(Number);
    const next = m === 12 ? `${year + 1}-01` : `${year}-${String(m + 1).padStart(2, "0")}`;
    return [`${month}-01`, `${next}-01`];
  };
  return {
    all: (userId: number) => remindersOf(userId, "", []),
    /** The reminders dated within a month ("2026-12"). */
    month: (userId: number, month: string) =>
      remindersOf(userId, "AND pn.notification_date >= ? AND pn.notification_date < ?", monthRange(month)),
    allBids: (userId: number) => bidsOf(userId, "", []),
    monthBids: (userId: number, month: string) =>
      bidsOf(userId, "AND p.bidding_date >= ? AND p.bidding_date < ?", monthRange(month)),
  };
}

/**
 * The calendar: GET UserProjects/NoteNotifications (the member's reminders, of one month with `month=YYYY-MM`, and
 * the bid dates of their saved projects as `bids`),
 * GET Users/Me/iCalHash (the feed's secret, made on first use), POST Users/Me/iCalHash/Reset (a new secret: the
 * old address stops working; a password reset or change makes a new one too) and GET Calendar/Feed?hash= (a
 * feed's reminders and saved bid dates by its secret, without a token; 404 for an unknown or replaced secret, 403 for a free trial
 * that is over).
 */
export function calendarRoutes(deps: Deps) {
  const { db } = deps;
  const auth = requireAuth(deps);
  const rights = memberRights(deps);
  const reminders = reminderQueries(db, rights);
  const readHash = db.prepare<[number], string | null>("SELECT ical_hash FROM users WHERE id = ?").pluck();
  const setHash = db.prepare<[string, string, number]>(
    "UPDATE users SET ical_hash = ?, updated_at = ? WHERE id = ?",
  );
  const ownerOf = db.prepare<[string], number>("SELECT id FROM users WHERE ical_hash = ?").pluck();
  const app = new Hono<AppEnv>();
  const { noteNotifications, iCalHash, resetICalHash, calendarFeed } = endpoints;

  const replaceHash = (userId: number) => {
    const hash = newFeedHash();
    setHash.run(hash, deps.now().toISOString(), userId);
    return hash;
  };

  app.on(noteNotifications.method, noteNotifications.route, auth, (c) => {
    const month = c.req.query("month");
    if (month !== undefined && !MONTH_PATTERN.test(month)) {
      return c.json(
        { message: "The month must be written YYYY-MM.", errors: { month: ["Invalid month."] } },
        422,
      );
    }
    const userId = c.get("userId");
    return c.json(
      month
        ? { data: reminders.month(userId, month), bids: reminders.monthBids(userId, month) }
        : { data: reminders.all(userId), bids: reminders.allBids(userId) },
    );
  });

  app.on(iCalHash.method, iCalHash.route, auth, (c) => {
    const userId = c.get("userId");
    const hash = readHash.get(userId);
    return c.json({ hash: hash && FEED_HASH_PATTERN.test(hash) ? hash : replaceHash(userId) });
  });

  app.on(resetICalHash.method, resetICalHash.route, auth, (c) =>
    c.json({ hash: replaceHash(c.get("userId")) }),
  );

  app.on(calendarFeed.method, calendarFeed.route, (c) => {
    const hash = c.req.query("hash") ?? "";
    const userId = FEED_HASH_PATTERN.test(hash) ? ownerOf.get(hash) : undefined;
    if (userId === undefined) throw notFound("No calendar has this address.");
    // A free trial that is over reads no note and no project title through its feed either (decision 013).
    if (rights.trialExpired(userId)) throw new ApiError(403, TRIAL_EXPIRED);
    return c.json({ data: { notes: reminders.all(userId), bids: reminders.allBids(userId) } });
  });

  return app;
}
