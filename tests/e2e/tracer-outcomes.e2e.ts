/**
 * Tracer outcomes in the browser (ADR 101): the template's questions arrive keyed in the
 * editor's "Outcome key" selects, a key can be cleared and saved, and the outcomes page opens from
 * the survey list with its tables, charts' text alternatives, CSV link and print button.
 */
import { expect, test } from "@playwright/test";
import { accounts, expectAccessible, login } from "./support";

test("admin keys tracer questions in the editor and opens the outcomes annex", async ({ page }) => {
  test.slow();
  await login(page, accounts.admin.email);
  await page.goto("/admin/surveys");
  await page.getByRole("button", { name: "New from template" }).click();
  await expect(page.getByRole("heading", { name: "Edit Survey" })).toBeVisible();
  const surveyId = page.url().match(/\/admin\/surveys\/([^/]+)\/edit/)![1];
  const card = (n: number) => page.locator(".survey-question-editor").nth(n - 1);
  await expect(card(1).getByLabel("Outcome key")).toHaveValue("employment_status");
  await expect(card(6).getByLabel("Outcome key")).toHaveValue("months_to_first_job");
  // Clear the key of Q2 (reason for not being employed) and save.
  await expect(card(2).getByLabel("Outcome key")).toHaveValue("unemployment_reason");
  await card(2).getByLabel("Outcome key").selectOption({ label: "None" });
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/surveys$/);
  await page.goto(`/admin/surveys/${surveyId}/edit`);
  await expect(card(2).getByLabel("Outcome key")).toHaveValue("");
  await expect(card(1).getByLabel("Outcome key")).toHaveValue("employment_status");

  await page.goto("/admin/surveys");
  await page.getByRole("link", { name: "Outcomes: Graduate Tracer Study" }).first().click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Graduate Tracer Study");
  await expect(page.getByRole("table", { name: "By programme" })).toBeVisible();
  await expect(page.getByRole("table", { name: "By graduation year" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Download CSV" })).toHaveAttribute(
    "href",
    `/api/surveys/${surveyId}/outcomes?format=csv`,
  );
  await page.evaluate(() => {
    window.print = () => document.body.setAttribute("data-printed", "yes");
  });
  await page.getByRole("button", { name: "Print / Save as PDF" }).click();
  await expect(page.locator("body")).toHaveAttribute("data-printed", "yes");
  await page.emulateMedia({ media: "print" });
  await expect(page.getByRole("button", { name: "Print / Save as PDF" })).toBeHidden();
  await expect(page.getByText("Tracer study outcomes annex —")).toBeVisible();
  await page.emulateMedia({ media: "screen" });
  await expectAccessible(page);
});
