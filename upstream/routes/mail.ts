import { Hono } from "hono";
import type { MailList } from "../../contract/constants";
import { endpoints } from "../../contract/endpoints";
import { UnsubscribeQuery, UnsubscribeRequest } from "../../contract/mail";
import { writeTransaction } from "../db/index";
import { ApiError, type AppEnv, type Deps, readRaw } from "../http";
import { hashToken } from "../security";

const LINK_INVALID = "This unsubscribe link is not valid.";
const DONE: Record<MailList, string> = {
  alerts: "You will no longer receive weekly alert e-mails.",
  reminders: "You will no longer receive reminder e-mails.",
  searches: "You will no longer receive e-mails of new matches for this saved search.",
};

/** "m•••@example.com": enough for the member to recognise the account, not enough to harvest an address. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf("@");
  if (at <= 0) return "•••";
  return `${email[0]}•••${email.slice(at)}`;
}

/**
 * The unsubscribe links of the alert and reminder e-mails (RFC 8058): the link's token alone names the member and
 * the kind of mail. GET reads what the link would turn off; POST turns it off (weekly alerts: alert_weekly;
 * reminders: reminder_mail; a saved search's new matches: that search's mail_frequency, set to "off"). A link
 * keeps working after use, and answers the same.
 */
export function mailRoutes(deps: Deps) {
  const { db } = deps;
  const find = db.prepare<
    [string],
    {
      user_id: number;
      list: MailList;
      email: string;
      alert_weekly: number;
      reminder_mail: number;
      saved_search_id: number | null;
      search_name: string | null;
      search_mail: string | null;
    }
  >(
    `SELECT t.user_id, t.list, u.email, u.alert_weekly, u.reminder_mail, t.saved_search_id,
       s.name AS search_name, s.mail_frequency AS search_mail
     FROM mail_unsubscribe_tokens t JOIN users u ON u.id = t.user_id
     LEFT JOIN saved_searches s ON s.id = t.saved_search_id AND s.user_id = t.user_id
     WHERE t.token_hash = ?`,
  );
  const used = db.prepare(
    "UPDATE mail_unsubscribe_tokens SET used_at = coalesce(used_at, ?) WHERE token_hash = ?",
  );
  const off = {
    alerts: db.prepare<[string, number]>("UPDATE users SET alert_weekly = 0, updated_at = ? WHERE id = ?"),
    reminders: db.prepare<[string, number]>(
      "UPDATE users SET reminder_mail = 0, updated_at = ? WHERE id = ?",
    ),
  } satisfies Record<Exclude<MailList, "searches">, unknown>;
  // A saved search's link turns that search's mail off, and nothing else.
  const searchOff = db.prepare<[number, number]>(
    "UPDATE saved_searches SET mail_frequency = 'off' WHERE id = ? AND user_id = ?",
  );

  function lookup(token: string) {
    const row = find.get(hashToken(token));
    if (!row) throw new ApiError(404, LINK_INVALID);
    return row;
  }
  const info = (row: NonNullable<ReturnType<typeof find.get>>, subscribed: boolean) => ({
    list: row.list,
    email: maskEmail(row.email),
    subscribed,
    ...(row.list === "searches" && row.search_name !== null ? { search: row.search_name } : {}),
  });
  const isOn = (row: NonNullable<ReturnType<typeof find.get>>) =>
    row.list === "searches"
      ? row.search_mail !== null && row.search_mail !== "off"
      : (row.list === "alerts" ? row.alert_weekly : row.reminder_mail) === 1;

  const app = new Hono<AppEnv>();
  const { unsubscribeInfo, unsubscribe } = endpoints;

  app.on(unsubscribeInfo.method, unsubscribeInfo.route, (c) => {
    const parsed = UnsubscribeQuery.safeParse({ token: c.req.query("token") });
    if (!parsed.success) throw new ApiError(404, LINK_INVALID);
    const row = lookup(parsed.data.token);
    return c.json({ data: info(row, isOn(row)) });
  });

  app.on(unsubscribe.method, unsubscribe.route, async (c) => {
    const parsed = UnsubscribeRequest.safeParse(await readRaw(c));
    if (!parsed.success) throw new ApiError(404, LINK_INVALID);
    const { token } = parsed.data;
    const row = lookup(token);
    const now = deps.now().toISOString();
    writeTransaction(db, () => {
      if (row.list === "searches") {
        if (row.saved_search_id !== null) searchOff.run(row.saved_search_id, row.user_id);
      } else off[row.list].run(now, row.user_id);
      used.run(now, hashToken(token));
    })();
    return c.json({ message: DONE[row.list], data: info(row, false) });
  });

  return app;
}
