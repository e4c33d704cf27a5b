/**
 * The messages the reference API sends, each as a subject, a plain-text part and an HTML part. Every link is
 * built on the app's public address (APP_PUBLIC_URL), never the API's. Values from members and researchers
 * (names, note texts, project titles) are escaped in the HTML part; headers are cleaned when the message is
 * written (outbox.ts) and again by Nodemailer.
 */
import type { MemberCharge } from "../payments/charges";
import { html, lines, type Markup } from "./html";

export interface Message {
  subject: string;
  text: string;
  html: string;
}

const BRAND = "Project Leads";

/** The app's public address and the member's display name, which every message uses. */
export interface MessageContext {
  appUrl: string;
  firstName: string;
}

const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });
export const money = (amount: number) => (amount < 0 ? `-${usd.format(-amount)}` : usd.format(amount));

/** "November 27, 2026" for a YYYY-MM-DD date or an ISO instant (read in `timeZone`). */
export function longDate(value: string, timeZone = "UTC"): string {
  const date = /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T12:00:00Z`) : new Date(value);
  return new Intl.DateTimeFormat("en-US", {
    dateStyle: "long",
    timeZone: /^\d{4}-\d{2}-\d{2}$/.test(value) ? "UTC" : timeZone,
  }).format(date);
}

/** "Friday, November 27" for a YYYY-MM-DD date. */
export function dayTitle(date: string): string {
  return new Intl.DateTimeFormat("en-US", {
    weekday: "long",
    month: "long",
    day: "numeric",
    timeZone: "UTC",
  }).format(new Date(`${date}T12:00:00Z`));
}

export const place = (city: string | null, state: string | null) => [city, state].filter(Boolean).join(", ");

const valueText = (millions: number | null) =>
  millions === null ? null : `$${Number(millions.toFixed(2)).toLocaleString("en-US")}M`;

const greeting = (name: string) => (name.trim() ? `Hello ${name.trim()},` : "Hello,");

function button(href: string, label: string): Markup {
  return html`<p style="margin:24px 0"><a href="${href}" style="display:inline-block;background:#1d4ed8;color:#ffffff;padding:10px 18px;border-radius:6px;text-decoration:none;font-weight:bold">${label}</a></p>`;
}

function link(href: string, label: string): Markup {
  return html`<a href="${href}" style="color:#1d4ed8">${label}</a>`;
}

function page(title: string, body: Markup, footer?: Markup): string {
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
</head>
<body style="margin:0;padding:0;background:#f1f5f9;font-family:Arial,Helvetica,sans-serif;color:#0f172a;line-height:1.5">
<div style="max-width:600px;margin:0 auto;padding:24px">
<p style="margin:0 0 16px;font-size:18px;font-weight:bold;color:#1e3a8a">${BRAND}</p>
<div style="background:#ffffff;border:1px solid #e2e8f0;border-radius:8px;padding:24px">
${body}
</div>
${footer ? html`<div style="margin-top:16px;font-size:12px;color:#475569">${footer}</div>` : ""}
</div>
</body>
</html>
`.value;
}

/** Plain text: paragraphs separated by a blank line, empty ones dropped. */
const text = (...paragraphs: (string | false | null | undefined)[]) =>
  `${paragraphs.filter((p): p is string => typeof p === "string" && p !== "").join("\n\n")}\n`;

// ---------------------------------------------------------------------------------------------------------------

export function passwordResetMessage(ctx: MessageContext, resetUrl: string, minutes: number): Message {
  const subject = "Reset your password";
  return {
    subject,
    text: text(
      greeting(ctx.firstName),
      `You asked to reset the password of your ${BRAND} account. Open this link within ${minutes} minutes to choose a new one:`,
      resetUrl,
      "The link works once. If you did not ask for this, ignore this e-mail: your password stays as it is.",
    ),
    html: page(
      subject,
      html`<p>${greeting(ctx.firstName)}</p>
<p>You asked to reset the password of your ${BRAND} account. Open this link within ${minutes} minutes to choose a new one:</p>
${button(resetUrl, "Choose a new password")}
<p style="font-size:13px;color:#475569">Or copy this address into your browser: ${resetUrl}</p>
<p>The link works once. If you did not ask for this, ignore this e-mail: your password stays as it is.</p>`,
    ),
  };
}

export function emailChangedMessage(ctx: MessageContext, from: string, to: string): Message {
  const subject = "Your e-mail address was changed";
  const said = `The e-mail address of your ${BRAND} account was changed from ${from} to ${to}. From now on, sign in and receive mail at the new address.`;
  const warn = "If you did not make this change, contact us at once: someone else may be using your account.";
  return {
    subject,
    text: text(greeting(ctx.firstName), said, warn),
    html: page(subject, html`<p>${greeting(ctx.firstName)}</p><p>${said}</p><p><strong>${warn}</strong></p>`),
  };
}

export interface WelcomeFacts {
  email: string;
  planName: string;
  /** A free trial: its last day (YYYY-MM-DD) and the project reports it includes. */
  trial: { endDate: string; reports: number } | null;
}

export function welcomeMessage(ctx: MessageContext, facts: WelcomeFacts): Message {
  const subject = `Welcome to ${BRAND}`;
  const url = (path: string) => `${ctx.appUrl}${path}`;
  const plan = facts.trial
    ? `Your free trial runs until ${longDate(facts.trial.endDate)}, with ${facts.trial.reports} project reports to open.`
    : `Your ${facts.planName} subscription is active. The receipt of your payment comes in a separate e-mail.`;
  return {
    subject,
    text: text(
      greeting(ctx.firstName),
      `Welcome to ${BRAND}. Your account ${facts.email} is ready.`,
      plan,
      [
        `Log in: ${url("/Login")}`,
        `Find construction projects: ${url("/Projects")}`,
        `Get the new projects that fit you every week: ${url("/Me/Settings")}`,
        `Help and training: ${url("/Help")}`,
      ].join("\n"),
    ),
    html: page(
      subject,
      html`<p>${greeting(ctx.firstName)}</p>
<p>Welcome to ${BRAND}. Your account <strong>${facts.email}</strong> is ready.</p>
<p>${plan}</p>
${button(url("/Projects"), "Find projects")}
<ul>
<li>${link(url("/Me/Settings"), "Weekly alerts")}: the new projects that fit you, every week by e-mail.</li>
<li>${link(url("/Help"), "Help and training")}</li>
<li>${link(url("/Login"), "Log in")} with ${facts.email}</li>
</ul>`,
    ),
  };
}

/** The coverage bought, as labelled lines ("States: Texas, Florida"); empty when the plan itself defines it. */
function coverageLines(charge: MemberCharge): string[] {
  const out: string[] = [];
  if (charge.coverage.states.length > 0) out.push(`States: ${charge.coverage.states.join(", ")}`);
  if (charge.coverage.counties.length > 0) out.push(`Counties: ${charge.coverage.counties.join("; ")}`);
  if (charge.coverage.verticals.length > 0)
    out.push(`Vertical markets: ${charge.coverage.verticals.join(", ")}`);
  return out;
}

/** A receipt's number, as the mail and the app's receipt page print it. */
export const receiptNumber = (chargeId: number) => `PL-${String(chargeId).padStart(6, "0")}`;

/** The receipt of a charge, dated as every page shows it: the charge's date in the member's zone (local_date). */
export function receiptMessage(ctx: MessageContext, charge: MemberCharge): Message {
  const total = money(charge.amount);
  const subject = `Your receipt: ${charge.plan_name}, ${total}`;
  const number = receiptNumber(charge.id);
  const date = longDate(charge.local_date);
  const period = `${charge.months} months`;
  const coverage = coverageLines(charge);
  const parts = Object.entries(charge.components).filter(([name]) => name !== "Total");
  // The printable receipt of the app (/Me/Subscription/Receipts/{id}), behind the member's login.
  const url = `${ctx.appUrl}/Me/Subscription/Receipts/${charge.id}`;
  return {
    subject,
    text: text(
      greeting(ctx.firstName),
      `Thank you for your payment. This is your receipt.`,
      [
        `Receipt: ${number}`,
        `Date: ${date}`,
        `Plan: ${charge.plan_name} (${period})`,
        coverage.length > 0
          ? `Coverage:\n${coverage.map((l) => `  ${l}`).join("\n")}`
          : "Coverage: as the plan includes",
      ].join("\n"),
      [...parts.map(([name, amount]) => `${name}: ${money(amount)}`), `Total: ${total}`].join("\n"),
      [
        `Paid with the card ending in ${charge.card_last4}.`,
        charge.promo_code ? `Promo code: ${charge.promo_code}` : "",
      ]
        .filter(Boolean)
        .join("\n"),
      `Your receipt online, to print: ${url}`,
    ),
    html: page(
      subject,
      html`<p>${greeting(ctx.firstName)}</p>
<p>Thank you for your payment. This is your receipt.</p>
<table role="presentation" style="border-collapse:collapse;width:100%;font-size:14px">
<tr><td style="padding:4px 0;color:#475569">Receipt</td><td style="padding:4px 0">${number}</td></tr>
<tr><td style="padding:4px 0;color:#475569">Date</td><td style="padding:4px 0">${date}</td></tr>
<tr><td style="padding:4px 0;color:#475569">Plan</td><td style="padding:4px 0">${charge.plan_name} (${period})</td></tr>
<tr><td style="padding:4px 0;color:#475569;vertical-align:top">Coverage</td><td style="padding:4px 0">${
        coverage.length > 0 ? coverage.map((l) => html`${l}<br>`) : "As the plan includes"
      }</td></tr>
</table>
<table role="presentation" style="border-collapse:collapse;width:100%;font-size:14px;margin-top:16px">
${parts.map(
  ([name, amount]) =>
    html`<tr><td style="padding:4px 0;border-top:1px solid #e2e8f0">${name}</td><td style="padding:4px 0;border-top:1px solid #e2e8f0;text-align:right">${money(amount)}</td></tr>`,
)}
<tr><td style="padding:6px 0;border-top:2px solid #0f172a;font-weight:bold">Total</td><td style="padding:6px 0;border-top:2px solid #0f172a;text-align:right;font-weight:bold">${total}</td></tr>
</table>
<p>Paid with the card ending in ${charge.card_last4}.${charge.promo_code ? html`<br>Promo code: ${charge.promo_code}` : ""}</p>
${button(url, "Open the receipt")}`,
    ),
  };
}

export interface AlertProject {
  id: number;
  title: string;
  city: string | null;
  state: string | null;
  minimum_value: number | null;
  /** Entered (true) or updated (false) since the last alert e-mail. */
  isNew: boolean;
}

/** The footer of a message a member can turn off: why it came, and the one-click way to stop it. */
function optOut(what: string, email: string, unsubscribeUrl: string, settingsUrl: string) {
  return {
    text: `You get this e-mail because ${what} are on for ${email}. Change them in your settings: ${settingsUrl}\nTo stop them without logging in, open: ${unsubscribeUrl}`,
    html: html`You get this e-mail because ${what} are on for ${email}. ${link(settingsUrl, "Change your settings")} or ${link(unsubscribeUrl, "unsubscribe")} without logging in.`,
  };
}

export function alertsMessage(
  ctx: MessageContext,
  facts: { email: string; projects: AlertProject[]; more: number; unsubscribeUrl: string },
): Message {
  const n = facts.projects.length + facts.more;
  const subject = `${n} ${n === 1 ? "project matches" : "projects match"} your weekly alerts`;
  const url = (path: string) => `${ctx.appUrl}${path}`;
  const footer = optOut("weekly alert e-mails", facts.email, facts.unsubscribeUrl, url("/Me/Settings"));
  const describe = (p: AlertProject) =>
    [place(p.city, p.state), valueText(p.minimum_value), p.isNew ? "New" : "Updated"]
      .filter(Boolean)
      .join(" · ");
  return {
    subject,
    text: text(
      greeting(ctx.firstName),
      "These projects were entered or updated since your last alert e-mail and match your alert settings:",
      facts.projects.map((p) => `${p.title}\n${describe(p)}\n${url(`/Projects/${p.id}`)}`).join("\n\n"),
      facts.more > 0 && `…and ${facts.more} more on your alert list.`,
      `Your alert list: ${url("/Alerts")}`,
      footer.text,
    ),
    html: page(
      subject,
      html`<p>${greeting(ctx.firstName)}</p>
<p>These projects were entered or updated since your last alert e-mail and match your alert settings:</p>
<ul style="padding-left:20px">
${facts.projects.map(
  (p) =>
    html`<li style="margin-bottom:10px">${link(url(`/Projects/${p.id}`), p.title)}<br><span style="font-size:13px;color:#475569">${describe(p)}</span></li>`,
)}
</ul>
${facts.more > 0 ? html`<p>…and ${facts.more} more on your alert list.</p>` : ""}
${button(url("/Alerts"), "Your alert list")}`,
      footer.html,
    ),
  };
}

export interface ReminderNote {
  projectId: number;
  title: string;
  city: string | null;
  state: string | null;
  note: string;
}

export function remindersMessage(
  ctx: MessageContext,
  facts: { email: string; date: string; notes: ReminderNote[]; more: number; unsubscribeUrl: string },
): Message {
  const subject = `Your reminders for ${dayTitle(facts.date)}`;
  const url = (path: string) => `${ctx.appUrl}${path}`;
  const calendar = url(`/Calendar?month=${facts.date.slice(0, 7)}`);
  const footer = optOut("reminder e-mails", facts.email, facts.unsubscribeUrl, url("/Me/Settings"));
  const n = facts.notes.length + facts.more;
  const intro = `You asked to be reminded today about ${n === 1 ? "this project" : `these ${n} projects`}:`;
  const heading = (r: ReminderNote) => {
    const where = place(r.city, r.state);
    return where ? `${r.title} (${where})` : r.title;
  };
  return {
    subject,
    text: text(
      greeting(ctx.firstName),
      intro,
      facts.notes.map((r) => `${heading(r)}\n${r.note}\n${url(`/Projects/${r.projectId}`)}`).join("\n\n"),
      facts.more > 0 && `…and ${facts.more} more on your calendar.`,
      `Your calendar: ${calendar}`,
      footer.text,
    ),
    html: page(
      subject,
      html`<p>${greeting(ctx.firstName)}</p>
<p>${intro}</p>
${facts.notes.map(
  (r) =>
    html`<div style="margin:0 0 16px;padding:12px;border-left:4px solid #1d4ed8;background:#f8fafc"><p style="margin:0 0 6px;font-weight:bold">${link(url(`/Projects/${r.projectId}`), heading(r))}</p><p style="margin:0">${lines(r.note)}</p></div>`,
)}
${facts.more > 0 ? html`<p>…and ${facts.more} more on your calendar.</p>` : ""}
${button(calendar, "Your calendar")}`,
      footer.html,
    ),
  };
}

export interface SearchProject {
  id: number;
  title: string;
  city: string | null;
  state: string | null;
  minimum_value: number | null;
}

/** The new matches of one saved project search (issue 45): up to 25, and the link to the whole search. */
export function savedSearchMessage(
  ctx: MessageContext,
  facts: {
    email: string;
    searchName: string;
    frequency: "daily" | "weekly";
    projects: SearchProject[];
    more: number;
    /** The saved search in the app, newest first. */
    searchUrl: string;
    unsubscribeUrl: string;
  },
): Message {
  const n = facts.projects.length + facts.more;
  const subject = `${n} new ${n === 1 ? "project matches" : "projects match"} your saved search '${facts.searchName}'`;
  const url = (path: string) => `${ctx.appUrl}${path}`;
  // The choice is made in the Saved Searches dialog of the projects list, not in /Me/Settings.
  const savedSearches = url("/Projects?panel=1&dialog=saved-searches");
  const what = `${facts.frequency === "daily" ? "daily" : "weekly"} e-mails of new matches for the saved search '${facts.searchName}' are on for ${facts.email}`;
  const footer = {
    text: `You get this e-mail because ${what}. Change it in your saved searches: ${savedSearches}\nTo stop this search's e-mails without logging in, open: ${facts.unsubscribeUrl}`,
    html: html`You get this e-mail because ${what}. ${link(savedSearches, "Change it in your saved searches")} or ${link(facts.unsubscribeUrl, "unsubscribe from this search")} without logging in.`,
  };
  const since = facts.frequency === "daily" ? "yesterday's e-mail" : "last week's e-mail";
  const intro = `These projects are new since ${since} (or since you turned this e-mail on) and match your saved search '${facts.searchName}':`;
  const describe = (p: SearchProject) =>
    [place(p.city, p.state), valueText(p.minimum_value)].filter(Boolean).join(" · ");
  const more = facts.more > 0 && `…and ${facts.more} more in the full search.`;
  return {
    subject,
    text: text(
      greeting(ctx.firstName),
      intro,
      facts.projects
        .map((p) => [p.title, describe(p), url(`/Projects/${p.id}`)].filter(Boolean).join("\n"))
        .join("\n\n"),
      more,
      `The full search, newest first: ${facts.searchUrl}`,
      footer.text,
    ),
    html: page(
      subject,
      html`<p>${greeting(ctx.firstName)}</p>
<p>${intro}</p>
<ul style="padding-left:20px">
${facts.projects.map(
  (p) =>
    html`<li style="margin-bottom:10px">${link(url(`/Projects/${p.id}`), p.title)}<br><span style="font-size:13px;color:#475569">${describe(p)}</span></li>`,
)}
</ul>
${more ? html`<p>${more}</p>` : ""}
${button(facts.searchUrl, "Open the full search")}`,
      footer.html,
    ),
  };
}
