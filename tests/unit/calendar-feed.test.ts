import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import { calendarFile, notModified, refusedCalendar } from "../../app/lib/pages/calendar-feed.server";
import type { NoteNotification } from "../../contract/calendar";

const note = (id: number, date: string, text: string): NoteNotification => ({
  id,
  project_id: 40 + id,
  note: text,
  created_at: "2026-11-01T10:00:00.000Z",
  updated_at: "2026-11-02T11:30:15.250Z",
  notification_date: date,
  project: { id: 40 + id, title: `Clinic, Phase ${id}`, city: "Austin", state: "TX" },
});

const events = (body: string) =>
  new ICAL.Component(ICAL.parse(body)).getAllSubcomponents("vevent").map((v) => new ICAL.Event(v));

describe("the calendar feed file", () => {
  it("is one all-day event per reminder, with a stable UID, the project as summary and URL, the note", () => {
    const file = calendarFile([note(1, "2026-12-03", "Call; then, send\nthe bid")], "https://leads.test");
    const [event] = events(file.body);
    expect(event.uid).toBe("note-1@leads.test");
    expect(event.summary).toBe("41 Clinic, Phase 1");
    expect(event.description).toBe("Call; then, send\nthe bid");
    expect(event.startDate.isDate).toBe(true);
    expect(event.startDate.toString()).toBe("2026-12-03");
    expect(event.endDate.toString()).toBe("2026-12-04");
    expect(event.component.getFirstPropertyValue("url")).toBe("https://leads.test/Projects/41");
    expect(event.component.getFirstPropertyValue("dtstamp")?.toString()).toBe("2026-11-02T11:30:15Z");
    expect(file.body).toMatch(/^BEGIN:VCALENDAR\r\n/);
  });

  it("carries the saved projects' bid dates as all-day events beside the reminders; a moved date changes the ETag", () => {
    const bid = (date: string) => ({
      project_id: 77,
      bidding_date: date,
      project: { id: 77, title: "Riverside Hotel", city: "Austin", state: "TX" },
    });
    const file = calendarFile([note(1, "2026-12-03", "x")], "https://leads.test", [bid("2026-12-10")]);
    const all = events(file.body);
    expect(all.map((e) => e.uid)).toEqual(["note-1@leads.test", "bid-77@leads.test"]);
    const event = all[1];
    expect(event.summary).toBe("Bid date: 77 Riverside Hotel");
    expect(event.startDate.isDate).toBe(true);
    expect(event.startDate.toString()).toBe("2026-12-10");
    expect(event.endDate.toString()).toBe("2026-12-11");
    expect(event.component.getFirstPropertyValue("url")).toBe("https://leads.test/Projects/77");
    const moved = calendarFile([note(1, "2026-12-03", "x")], "https://leads.test", [bid("2026-12-17")]);
    expect(moved.etag).not.toBe(file.etag);
  });

  it("gives the same body and ETag for the same notes, another ETag when they change", () => {
    const a = calendarFile([note(1, "2026-12-03", "x")], "https://leads.test");
    const b = calendarFile([note(1, "2026-12-03", "x")], "https://leads.test");
    const c = calendarFile([note(1, "2026-12-04", "x")], "https://leads.test");
    expect(b.etag).toBe(a.etag);
    expect(c.etag).not.toBe(a.etag);
    expect(a.lastModified?.toUTCString()).toBe("Mon, 02 Nov 2026 11:30:15 GMT");
    const request = (tag: string) =>
      new Request("https://leads.test/", { headers: { "If-None-Match": tag } });
    expect(notModified(request(a.etag), a.etag)).toBe(true);
    expect(notModified(request(`W/${a.etag}, "other"`), a.etag)).toBe(true);
    expect(notModified(request(c.etag), a.etag)).toBe(false);
  });

  it("is a valid empty calendar without reminders", () => {
    const file = calendarFile([], "https://leads.test");
    expect(events(file.body)).toEqual([]);
    expect(file.lastModified).toBeNull();
  });
});

describe("a refused feed", () => {
  it("is a calendar without events that says why, in its name and description", () => {
    const body = refusedCalendar("Your free trial has expired.", "https://leads.test");
    const calendar = new ICAL.Component(ICAL.parse(body));
    expect(calendar.getAllSubcomponents("vevent")).toHaveLength(0);
    expect(calendar.getFirstPropertyValue("x-wr-calname")).toBe(
      "Project Leads reminders: Your free trial has expired.",
    );
    expect(String(calendar.getFirstPropertyValue("x-wr-caldesc"))).toContain(
      "https://leads.test/Me/Subscription",
    );
  });
});
