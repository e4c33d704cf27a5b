import { randomBytes } from "node:crypto";
import { expect, expectDialogOpen, login, query, test, watchFor } from "./support/fixtures";
import { openContactUs } from "./support/shell";

type MessageRow = { reason: string | null; comment: string; project_id: number | null };

function messagesWith(comment: string) {
  return query<MessageRow>("SELECT reason, comment, project_id FROM messages WHERE comment = ?", comment);
}

test.describe("Contact Us", () => {
  test("Ask A Question sends the message and says so", async ({ page }) => {
    await login(page, "member@example.com");
    await openContactUs(page, "Ask A Question");
    const dialog = page.getByRole("dialog", { name: /Ask A Question/i });
    await expectDialogOpen(dialog);
    const comment = `How do I export my folders? ${randomBytes(4).toString("hex")}`;
    await dialog.getByRole("textbox").first().fill(comment);
    const done = page.getByRole("dialog", { name: "Submitted" });
    const said = watchFor(done.getByText("Your message has been submitted successfully!"));
    await dialog.getByRole("button", { name: /^Submit/ }).click();
    await said;
    await expect.poll(() => messagesWith(comment).length).toBe(1);
    expect(messagesWith(comment)[0].project_id).toBeNull();
    // The member stays where they were.
    await expect(page).toHaveURL(/\/Projects/);
  });

  test("Request Research from the header sends reason Research", async ({ page }) => {
    await login(page, "member@example.com");
    await openContactUs(page, "Request Research");
    const dialog = page.getByRole("dialog", { name: /Research/i });
    await expectDialogOpen(dialog);
    const comment = `Please look into the new hospital downtown ${randomBytes(4).toString("hex")}`;
    await dialog.getByRole("textbox").first().fill(comment);
    const said = watchFor(
      page
        .getByRole("dialog", { name: "Submitted" })
        .getByText("Your message has been submitted successfully!"),
    );
    await dialog.getByRole("button", { name: /^Submit/ }).click();
    await said;
    await expect.poll(() => messagesWith(comment)[0]?.reason ?? null).toBe("Research");
  });

  test("the success message closes by itself after 2.5 seconds", async ({ page }, testInfo) => {
    test.skip(testInfo.project.use.javaScriptEnabled === false, "timers need JavaScript");
    await login(page, "member@example.com");
    await openContactUs(page, "Ask A Question");
    const dialog = page.getByRole("dialog", { name: /Ask A Question/i });
    await dialog
      .getByRole("textbox")
      .first()
      .fill(`auto-close check ${randomBytes(4).toString("hex")}`);
    const done = page.getByRole("dialog", { name: "Submitted" });
    const shown = watchFor(done.getByRole("heading"));
    await dialog.getByRole("button", { name: /^Submit/ }).click();
    await shown;
    await expect(done).toBeHidden({ timeout: 5000 });
  });
});
