import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { countryOptions, stateSelect } from "../../app/lib/account/profile-forms";
import {
  AccountSchema,
  PasswordSchema,
  SettingsSchema,
  toAccountPayload,
  toSettingsPayload,
} from "../../app/lib/account/profile-forms.server";

function form(entries: [string, string][]) {
  const fd = new FormData();
  for (const [k, v] of entries) fd.append(k, v);
  return fd;
}

describe("account form", () => {
  it("requires names and a valid email, the rest is optional", () => {
    const bad = parseWithZod(
      form([
        ["intent", "account"],
        ["email", "nope"],
      ]),
      { schema: AccountSchema },
    );
    expect(bad.status).toBe("error");
    const errors = bad.status === "error" ? bad.error : {};
    expect(Object.keys(errors ?? {})).toEqual(expect.arrayContaining(["first_name", "last_name", "email"]));

    const ok = parseWithZod(
      form([
        ["intent", "account"],
        ["first_name", " Jordan "],
        ["last_name", "Blake"],
        ["email", "jordan@example.com"],
      ]),
      { schema: AccountSchema },
    );
    expect(ok.status).toBe("success");
  });

  it("sends empty optional fields as null and defaults the country to US", () => {
    expect(
      toAccountPayload({
        first_name: "Jordan",
        last_name: "Blake",
        email: "j@example.com",
        city: "Austin",
        address2: " ",
      }),
    ).toEqual({
      first_name: "Jordan",
      last_name: "Blake",
      email: "j@example.com",
      address1: null,
      address2: null,
      city: "Austin",
      state: null,
      county: null,
      zip: null,
      country: "US",
    });
    expect(
      toAccountPayload({ first_name: "A", last_name: "B", email: "a@b.co", country: "CA" }).country,
    ).toBe("CA");
  });
});

describe("password form", () => {
  it("needs all three fields; the rules are the server's", () => {
    const missing = parseWithZod(
      form([
        ["intent", "password"],
        ["currentPassword", "x"],
      ]),
      { schema: PasswordSchema },
    );
    expect(missing.status).toBe("error");
    const ok = parseWithZod(
      form([
        ["intent", "password"],
        ["currentPassword", "old"],
        ["newPassword", "short"],
        ["confirmNewPassword", "different"],
      ]),
      { schema: PasswordSchema },
    );
    expect(ok.status).toBe("success");
  });
});

describe("settings form", () => {
  it("posts the operator by index and the checkbox groups as id lists", () => {
    const s = parseWithZod(
      form([
        ["alert_weekly", "on"],
        ["alert_operator", "1"],
        ["alert_value", " 12.5 "],
        ["alert_project_types", "3"],
        ["alert_project_types", "5"],
        ["alert_project_types", "3"],
        ["alert_states", "44"],
        ["reminder_mail", "on"],
        ["time_zone", "America/Denver"],
      ]),
      { schema: SettingsSchema },
    );
    expect(s.status).toBe("success");
    if (s.status !== "success") return;
    expect(toSettingsPayload(s.value)).toEqual({
      alert_weekly: true,
      alert_operator: 1,
      alert_value: "12.5",
      alert_project_types: [3, 5],
      alert_states: [44],
      reminder_mail: true,
      time_zone: "America/Denver",
    });
  });

  it("nothing checked, no operator and an empty value clear the settings", () => {
    const s = parseWithZod(
      form([
        ["alert_operator", ""],
        ["alert_value", ""],
      ]),
      { schema: SettingsSchema },
    );
    expect(s.status).toBe("success");
    if (s.status !== "success") return;
    expect(toSettingsPayload(s.value)).toEqual({
      alert_weekly: false,
      alert_operator: null,
      alert_value: null,
      alert_project_types: [],
      alert_states: [],
      reminder_mail: false,
      time_zone: null,
    });
  });

  it("keeps the value as free text (no client validation)", () => {
    const s = parseWithZod(form([["alert_value", "about five"]]), { schema: SettingsSchema });
    expect(s.status === "success" && s.value.alert_value).toBe("about five");
  });
});

describe("state and country selects", () => {
  const states = [
    { abbr: "TX", name: "Texas" },
    { abbr: "OK", name: "Oklahoma" },
  ];
  const provinces = [{ abbr: "ON", name: "Ontario" }];

  it("groups US states and Canadian provinces by abbreviation", () => {
    const select = stateSelect(states, provinces, "TX");
    expect(select.selected).toBe("TX");
    expect(select.groups.map((g) => g.label)).toEqual(["United States", "Canada"]);
    expect(select.groups[1].options).toEqual([{ value: "ON", label: "Ontario" }]);
  });
  it("matches a stored full name or lower-case abbreviation", () => {
    expect(stateSelect(states, provinces, "texas").selected).toBe("TX");
    expect(stateSelect(states, provinces, "on").selected).toBe("ON");
  });
  it("keeps an unknown stored value as its own option", () => {
    const select = stateSelect(states, provinces, "Bavaria");
    expect(select.selected).toBe("Bavaria");
    expect(select.groups[0]).toEqual({ label: "Current", options: [{ value: "Bavaria", label: "Bavaria" }] });
    expect(stateSelect(states, provinces, null).selected).toBe("");
  });
  it("offers the US and Canada, and keeps another stored country", () => {
    expect(countryOptions("US").map((o) => o.value)).toEqual(["US", "CA"]);
    expect(countryOptions("MX").map((o) => o.value)).toEqual(["US", "CA", "MX"]);
  });
});
