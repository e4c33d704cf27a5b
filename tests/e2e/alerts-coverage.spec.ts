/**
 * Issue 42 (decision 104), as a member with a Texas plan sees it, with and without JavaScript: the alert settings
 * offer only the states and project types the plan covers and say so, a forged choice outside it is refused, and
 * /Alerts lists only alerts about projects the member may open.
 */
import { randomBytes } from "node:crypto";
import {
  APP_URL,
  createMember,
  expect,
  expectAxeClean,
  httpOnly,
  loginTo,
  query,
  test,
  writeDb,
} from "./support/fixtures";

const TEXAS_PLAN = { slug: "state", states: ["TX"], verticals: ["Hotel", "Multifamily"] };
const NOTE =
  "Your plan covers Hotel and Multifamily projects in Texas: alerts can only be for the states and project types it covers.";

const userId = (email: string) => query<{ id: number }>("SELECT id FROM users WHERE email = ?", email)[0].id;

/** A project of a type in a state, from the seeded ones. */
function projectIn(state: string, type: string) {
  return query<{ id: number; title: string }>(
    `SELECT p.id, p.title FROM projects p JOIN project_project_types x ON x.project_id = p.id
     JOIN project_types t ON t.id = x.project_type_id WHERE p.state = ? AND t.name = ? ORDER BY p.id LIMIT 1`,
    state,
    type,
  )[0];
}

test("a Texas plan: settings offer Texas and its two project types, and /Alerts lists only what it covers", async ({
  page,
}) => {
  const member = createMember({ plan: TEXAS_PLAN });
  const id = userId(member.email);
  const inside = projectIn("TX", "Hotel");
  const outside = projectIn("CA", "Hotel");
  expect(inside && outside, "a Texas hotel and a California hotel in the seed").toBeTruthy();
  const tag = randomBytes(3).toString("hex");
  writeDb((db) => {
    const add = db.prepare(
      "INSERT INTO alerts (user_id, message, project_id, contact_id, created_at) VALUES (?, ?, ?, NULL, ?)",
    );
    const at = new Date().toISOString();
    add.run(id, `Inside ${tag}: ${inside.title}`, inside.id, at);
    add.run(id, `Outside ${tag}: ${outside.title}`, outside.id, at);
  });

  await loginTo(page, "/Me/Settings", member.email);
  await expect(page.getByText(NOTE)).toBeVisible();
  const states = page.getByRole("group", { name: "States" });
  const types = page.getByRole("group", { name: "Project types" });
  await expect(states.getByRole("checkbox")).toHaveCount(1);
  await expect(states.getByLabel("Texas")).toBeVisible();
  await expect(states.getByLabel("California")).toHaveCount(0);
  await expect(types.getByRole("checkbox")).toHaveCount(2);
  await expect(types.getByLabel("Hotel", { exact: true })).toBeVisible();
  await expect(types.getByLabel("Multifamily", { exact: true })).toBeVisible();
  await expectAxeClean(page);

  await page.getByLabel("Weekly alerts").check();
  await states.getByLabel("Texas").check();
  await types.getByLabel("Hotel", { exact: true }).check();
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Your settings were saved successfully.")).toBeVisible();
  expect(
    query<{ abbr: string }>(
      "SELECT s.abbr FROM user_alert_states x JOIN states s ON s.id = x.state_id WHERE x.user_id = ?",
      id,
    ).map((r) => r.abbr),
  ).toEqual(["TX"]);

  await page.goto("/Alerts");
  const main = page.getByRole("main");
  await expect(main.getByRole("link", { name: `Inside ${tag}: ${inside.title}` })).toHaveAttribute(
    "href",
    `/Projects/${inside.id}`,
  );
  await expect(main.getByText(`Outside ${tag}`)).toHaveCount(0);
  await expect(main.getByRole("listitem")).toHaveCount(1);
});

test("a forged post of a state outside the plan is refused by the app and nothing is stored", async ({
  page,
}, testInfo) => {
  httpOnly(testInfo);
  const member = createMember({ plan: TEXAS_PLAN });
  await loginTo(page, "/Me/Settings", member.email);
  const california = query<{ id: number }>("SELECT id FROM states WHERE abbr = 'CA' AND country = 'US'")[0]
    .id;
  const res = await page.request.post(`${APP_URL}/Me/Settings`, {
    form: { alert_weekly: "on", alert_states: String(california), reminder_mail: "on" },
    headers: { Origin: APP_URL },
    maxRedirects: 0,
  });
  expect(res.status()).toBe(422);
  expect(await res.text()).toContain("Alerts can only be for the states your plan covers.");
  expect(query("SELECT state_id FROM user_alert_states WHERE user_id = ?", userId(member.email))).toEqual([]);
});
