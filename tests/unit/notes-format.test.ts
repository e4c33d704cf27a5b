import { describe, expect, it } from "vitest";
import { NOTE_SUMMARY_LENGTH, noteTabFrom, subjectOf, trimNote } from "../../app/lib/format/notes-format";

describe("trimNote (note summary, 300 characters)", () => {
  it("keeps a note of 300 characters or fewer as it is", () => {
    expect(trimNote("Call the owner.")).toBe("Call the owner.");
    const exact = "a".repeat(NOTE_SUMMARY_LENGTH);
    expect(trimNote(exact)).toBe(exact);
  });
  it("cuts a longer note to 300 characters and adds an ellipsis", () => {
    const trimmed = trimNote("b".repeat(301));
    expect(trimmed).toBe(`${"b".repeat(300)}…`);
    expect(Array.from(trimmed)).toHaveLength(301);
  });
  it("drops trailing spaces before the ellipsis and surrounding whitespace", () => {
    expect(trimNote(`${"c".repeat(298)}   and more text`)).toBe(`${"c".repeat(298)}…`);
    expect(trimNote("  padded  ")).toBe("padded");
  });
  it("never cuts a character in half (code points, not UTF-16 units)", () => {
    const trimmed = trimNote("🏗".repeat(301));
    expect(trimmed).toBe(`${"🏗".repeat(300)}…`);
  });
  it("accepts a shorter limit, and nothing", () => {
    expect(trimNote("abcdef", 3)).toBe("abc…");
    expect(trimNote(null)).toBe("");
    expect(trimNote(undefined)).toBe("");
  });
});

describe("noteTabFrom", () => {
  it("reads tab=contacts, anything else is projects", () => {
    expect(noteTabFrom("contacts")).toBe("contacts");
    expect(noteTabFrom("Contacts")).toBe("contacts");
    expect(noteTabFrom("projects")).toBe("projects");
    expect(noteTabFrom("bogus")).toBe("projects");
    expect(noteTabFrom(null)).toBe("projects");
  });
});

describe("subjectOf (what a note or alert links to)", () => {
  it("links a project by id with its title", () => {
    expect(subjectOf({ project: { id: 7, title: "Seaton Courthouse" } })).toEqual({
      kind: "project",
      href: "/Projects/7",
      label: "Seaton Courthouse",
    });
  });
  it("links a contact as 'First Last'", () => {
    expect(subjectOf({ contact: { id: 3, first_name: "Carol", last_name: "King" } })).toEqual({
      kind: "contact",
      href: "/Contacts/3",
      label: "Carol King",
    });
    expect(subjectOf({ contact: { id: 3, first_name: null, last_name: "King" } })?.label).toBe("King");
  });
  it("falls back to the ids of an alert without its embedded record", () => {
    expect(subjectOf({ project: null, contact: null, project_id: 9, contact_id: null })?.href).toBe(
      "/Projects/9",
    );
    expect(subjectOf({ project: null, contact: null, project_id: null, contact_id: 4 })).toEqual({
      kind: "contact",
      href: "/Contacts/4",
      label: "Contact 4",
    });
  });
  it("is null when there is nothing to link to", () => {
    expect(subjectOf({ project: null, contact: null })).toBeNull();
  });
});
