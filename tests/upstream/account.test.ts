import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ChangePasswordAnswer, UpdateAccountAnswer } from "../../contract/account";
import { ApiError } from "../../contract/common";
import { UserWithSettingsAnswer } from "../../contract/user";
import { createTestApi, type TestApi } from "./contacts-support";
import { DEMO_PASSWORD } from "./helpers";

let t: TestApi;
let token: string;

beforeAll(async () => {
  t = createTestApi(300);
  token = await t.login("member@example.com");
}, 120_000);
afterAll(() => t?.close());

const put = (json: unknown, as = token) => t.call("Users/Me", { method: "PUT", token: as, json });
const me = async (as = token) =>
  UserWithSettingsAnswer.parse(await (await t.call("Users/Me?withSettings=1", { token: as })).json()).data;
async function error(res: Response, status = 422) {
  expect(res.status).toBe(status);
  return ApiError.parse(await res.json());
}

describe("PUT Users/Me", () => {
  it("saves the account fields", async () => {
    const res = await put({
      first_name: " Jordan ",
      last_name: "Lee",
      email: "jordan.lee@example.com",
      address1: "1 Main St",
      address2: "",
      city: "Austin",
      state: "TX",
      county: "Travis",
      zip: "78701",
      country: "US",
      currentPassword: DEMO_PASSWORD,
    });
    expect(res.status).toBe(200);
    expect(UpdateAccountAnswer.parse(await res.json())).toEqual({
      message: "Your account was saved successfully.",
    });
    const user = await me();
    expect(user).toMatchObject({
      first_name: "Jordan",
      last_name: "Lee",
      email: "jordan.lee@example.com",
      address1: "1 Main St",
      address2: null,
      city: "Austin",
      state: "TX",
      county: "Travis",
      zip: "78701",
      country: "US",
    });
    // the new e-mail logs in
    expect(await t.login("jordan.lee@example.com")).toBeTruthy();
  });

  it("validates the account fields with clear messages", async () => {
    const missing = await error(await put({ first_name: "", last_name: null, email: "not-an-email" }));
    expect(missing.message).toBe("The first name field is required.");
    expect(missing.errors).toEqual({
      first_name: ["The first name field is required."],
      last_name: ["The last name field is required."],
      email: ["The email must be a valid email address."],
    });
    const taken = await error(await put({ email: "BASIC@example.com" }));
    expect(taken.message).toBe("The email has already been taken.");
    expect(taken.errors?.email).toEqual(["The email has already been taken."]);
    const long = await error(await put({ zip: "1".repeat(50) }));
    expect(long.errors?.zip).toBeDefined();
    await error(await put({}));
    expect((await t.call("Users/Me", { method: "PUT", json: { first_name: "X" } })).status).toBe(401);
  });

  it("saves the alert settings", async () => {
    const types = t.db.prepare("SELECT id FROM project_types ORDER BY id LIMIT 2").pluck().all() as number[];
    const states = t.db
      .prepare("SELECT id FROM states WHERE abbr IN ('TX', 'FL') ORDER BY id")
      .pluck()
      .all() as number[];
    const res = await put({
      alert_weekly: true,
      alert_operator: 0,
      alert_value: "2.5",
      alert_project_types: types,
      alert_states: states,
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ message: "Your settings were saved successfully." });
    expect((await me()).settings).toEqual({
      alert_weekly: true,
      alert_operator: 0,
      alert_value: "2.5",
      alert_project_types: types,
      alert_states: states,
      reminder_mail: true,
      time_zone: null,
    });
    const cleared = await put({
      alert_weekly: false,
      alert_operator: null,
      alert_value: "",
      alert_project_types: [],
      alert_states: [],
    });
    expect(cleared.status).toBe(200);
    expect((await me()).settings).toEqual({
      alert_weekly: false,
      alert_operator: null,
      alert_value: null,
      alert_project_types: [],
      alert_states: [],
      reminder_mail: true,
      time_zone: null,
    });
  });

  it("saves the mail settings: reminder e-mails on or off, and a known time zone", async () => {
    expect((await put({ reminder_mail: false, time_zone: "America/New_York" })).status).toBe(200);
    expect((await me()).settings).toMatchObject({ reminder_mail: false, time_zone: "America/New_York" });
    const unknown = await put({ time_zone: "Mars/Olympus_Mons" });
    expect(unknown.status).toBe(422);
    expect((await unknown.json()).errors.time_zone).toEqual(["The time zone is not one we know."]);
    expect((await put({ reminder_mail: true, time_zone: "" })).status).toBe(200);
    expect((await me()).settings).toMatchObject({ reminder_mail: true, time_zone: null });
  });

  it("accepts settings as a form post", async () => {
    const type = t.db.prepare("SELECT id FROM project_types ORDER BY id LIMIT 1").pluck().get() as number;
    const body = new URLSearchParams([
      ["alert_weekly", "on"],
      ["alert_operator", "1"],
      ["alert_value", "$10M"],
      ["alert_project_types[]", String(type)],
    ]);
    const res = await t.call("Users/Me", {
      method: "PUT",
      token,
      body,
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const settings = (await me()).settings;
    expect(settings).toMatchObject({
      alert_weekly: true,
      alert_operator: 1,
      alert_value: "$10M",
      alert_project_types: [type],
    });
  });

  it("validates the settings", async () => {
    const bad = await error(
      await put({
        alert_operator: 3,
        alert_value: "lots",
        alert_project_types: [999999],
        alert_weekly: "maybe",
      }),
    );
    expect(Object.keys(bad.errors ?? {}).sort()).toEqual(["alert_operator", "alert_value", "alert_weekly"]);
    const unknown = await error(await put({ alert_project_types: [999999], alert_states: [888888] }));
    expect(unknown.errors).toEqual({
      alert_project_types: ["One of the selected project types does not exist."],
      alert_states: ["One of the selected states does not exist."],
    });
  });
});

describe("POST Users/Me/Password", () => {
  const change = (json: unknown, as = token) =>
    t.call("Users/Me/Password", { method: "POST", token: as, json });

  it("checks the current password and the rules", async () => {
    const wrong = await error(
      await change({
        currentPassword: "nope",
        newPassword: "another-secret",
        confirmNewPassword: "another-secret",
      }),
    );
    expect(wrong.message).toBe("The current password is incorrect.");
    const short = await error(
      await change({ currentPassword: DEMO_PASSWORD, newPassword: "short", confirmNewPassword: "short" }),
    );
    expect(short.message).toBe("The new password must be at least 8 characters.");
    const same = await error(
      await change({
        currentPassword: DEMO_PASSWORD,
        newPassword: DEMO_PASSWORD,
        confirmNewPassword: DEMO_PASSWORD,
      }),
    );
    expect(same.message).toBe("The new password must be different from the current password.");
    const mismatch = await error(
      await change({
        currentPassword: DEMO_PASSWORD,
        newPassword: "another-secret",
        confirmNewPassword: "another-secreT",
      }),
    );
    expect(mismatch.message).toBe("The new password confirmation does not match.");
    expect(mismatch.errors?.confirmNewPassword).toEqual(["The new password confirmation does not match."]);
    const empty = await error(await change({}));
    expect(empty.errors?.currentPassword).toEqual(["The current password field is required."]);
  });

  it("changes the password and revokes the member's other tokens only", async () => {
    const email = (await me()).email;
    const other = await t.login(email);
    const basic = await t.login("basic@example.com");
    const res = await change({
      currentPassword: DEMO_PASSWORD,
      newPassword: "a-new-secret-1",
      confirmNewPassword: "a-new-secret-1",
    });
    expect(res.status).toBe(200);
    expect(ChangePasswordAnswer.parse(await res.json())).toEqual({
      message: "Your password was changed successfully.",
    });
    expect((await t.call("Users/Me", { token })).status).toBe(200);
    expect((await t.call("Users/Me", { token: other })).status).toBe(401);
    expect((await t.call("Users/Me", { token: basic })).status).toBe(200);
    await expect(t.login(email)).rejects.toThrow();
    expect(await t.login(email, "a-new-secret-1")).toBeTruthy();
  });
});

describe("PUT Users/Me: a new e-mail address", () => {
  const outbox = (to: string) =>
    t.db
      .prepare<[string], { subject: string; body: string }>(
        'SELECT subject, body FROM outbox WHERE "to" = ? COLLATE NOCASE ORDER BY id',
      )
      .all(to);

  it("is refused without the current password, or with a wrong one, and nothing changes", async () => {
    const other = await t.login("trial@example.com");
    const missing = await error(await put({ email: "taken.over@example.com" }, other));
    expect(missing.errors?.currentPassword).toEqual([
      "The current password is required to change the email.",
    ]);
    const wrong = await error(
      await put({ email: "taken.over@example.com", currentPassword: "not-the-password" }, other),
    );
    expect(wrong.errors?.currentPassword).toEqual(["The current password is incorrect."]);
    expect((await me(other)).email).toBe("trial@example.com");
    expect(outbox("trial@example.com")).toEqual([]);
    // The same address (in another case) and the other fields need no password.
    expect((await put({ email: "TRIAL@example.com", first_name: "Taylor" }, other)).status).toBe(200);
  });

  it("is saved with the current password, and the old address gets a notice", async () => {
    const other = await t.login("basic@example.com");
    const res = await put({ email: "sam.new@example.com", currentPassword: DEMO_PASSWORD }, other);
    expect(res.status).toBe(200);
    expect((await me(other)).email).toBe("sam.new@example.com");
    const mails = outbox("basic@example.com");
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe("Your e-mail address was changed");
    expect(mails[0].body).toContain("sam.new@example.com");
    expect(outbox("sam.new@example.com")).toEqual([]);
  });
});
