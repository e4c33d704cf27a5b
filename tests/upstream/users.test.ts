import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_TAG_COLORS, MAX_FOLDERS_PER_TYPE } from "../../contract/tags";
import { FREE_TRIAL, type User, UserAnswer, UserWithSettingsAnswer } from "../../contract/user";
import { testApi } from "./helpers";

let api: ReturnType<typeof testApi>;
const day = (offset: number) => {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + offset))
    .toISOString()
    .slice(0, 10);
};

beforeAll(() => {
  api = testApi();
});
afterAll(() => api.cleanup());

async function me(email: string): Promise<User> {
  const token = await api.login(email);
  const res = await api.call("GET", "/Users/Me", undefined, token);
  expect(res.status).toBe(200);
  return UserAnswer.parse(res.body).data;
}

const flags = (u: User) => [u.allow_download, u.allow_share, u.allow_directory, u.allow_companysearch];

describe("GET /Users/Me", () => {
  it("describes the paid member", async () => {
    const u = await me("member@example.com");
    expect(u.email).toBe("member@example.com");
    expect(u.member_type).not.toBe(FREE_TRIAL);
    expect(flags(u)).toEqual([true, true, true, true]);
    expect(u.roles).toEqual([]);
    expect(u.displaySubscriptionNudge).toBe(false);
    expect(u.subscription?.activated).toBe(true);
    expect(u.subscription?.start_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(u.subscription?.plan.name).toBe("National Edition");
    expect(u.subscription?.subscription_additional_services.length).toBeGreaterThan(0);
    expect(u.trial_end_date).toBeNull();

    expect(u.projectTags.length).toBeGreaterThan(4);
    expect(u.contactTags.length).toBeGreaterThan(4);
    for (const tags of [u.projectTags, u.contactTags]) {
      expect(tags.length).toBeLessThanOrEqual(MAX_FOLDERS_PER_TYPE);
      expect(tags.map((t) => t.color)).toEqual(expect.arrayContaining([...DEFAULT_TAG_COLORS]));
    }
    expect(u.projectTags.every((t) => t.tag_type === 1)).toBe(true);
    expect(u.contactTags.every((t) => t.tag_type === 2)).toBe(true);
    expect(u.tags).toHaveLength(u.projectTags.length + u.contactTags.length);

    expect(u.settings).toMatchObject({ alert_weekly: true, alert_operator: 1, alert_value: "5" });
    expect(u.settings.alert_project_types.length).toBe(2);
    expect(u.settings.alert_states.length).toBe(2);
  });

  it("describes the free trial: five reports, fourteen days, nudge on", async () => {
    const u = await me("trial@example.com");
    expect(u.member_type).toBe(FREE_TRIAL);
    expect(u.remaining_projects).toBe(5);
    expect(u.trial_end_date).toBe(day(14));
    expect(u.displaySubscriptionNudge).toBe(true);
    expect(u.subscription?.start_date).toBeNull();
    expect(u.subscription?.trial_end_date).toBe(day(14));
    expect(u.subscription?.remaining_projects).toBe(5);
    expect(u.subscription?.activated).toBe(false);
    expect(u.projectTags.map((t) => t.color)).toEqual([...DEFAULT_TAG_COLORS]);
  });

  it("describes the expired trial: ended yesterday, never subscribed", async () => {
    const u = await me("expired@example.com");
    expect(u.member_type).toBe(FREE_TRIAL);
    expect(u.trial_end_date).toBe(day(-1));
    expect(u.subscription?.start_date).toBeNull();
  });

  it("describes the basic member with every capability off", async () => {
    const u = await me("basic@example.com");
    expect(u.member_type).not.toBe(FREE_TRIAL);
    expect(flags(u)).toEqual([false, false, false, false]);
    expect(u.subscription?.activated).toBe(true);
    expect(u.subscription?.subscription_states.map((s) => s.abbr)).toEqual(["TX"]);
    expect(u.subscription?.subscription_project_types.length).toBe(2);
  });

  it.each([
    ["admin@example.com", "admin"],
    ["researcher@example.com", "researcher"],
    ["sales@example.com", "sales"],
  ])("describes staff %s with role %s", async (email, role) => {
    const u = await me(email);
    expect(u.roles).toEqual([role]);
    expect(u.subscription).toBeNull();
    expect(u.trial_end_date).toBeNull();
    expect(u.remaining_projects).toBeNull();
  });

  it("leaves out the account fields without withSettings", async () => {
    const token = await api.login("member@example.com");
    const res = await api.call("GET", "/Users/Me", undefined, token);
    expect(res.body.data).not.toHaveProperty("address1");
  });

  it.each(["1", "true"])("adds the account fields with withSettings=%s", async (flag) => {
    const token = await api.login("member@example.com");
    const res = await api.call("GET", `/Users/Me?withSettings=${flag}`, undefined, token);
    expect(res.status).toBe(200);
    const u = UserWithSettingsAnswer.parse(res.body).data;
    expect(u).toMatchObject({ city: "Austin", state: "TX", zip: "78701", country: "US" });
    expect(u.settings.alert_weekly).toBe(true);
    expect(u.subscription?.plan.months).toBe(12);
  });
});
