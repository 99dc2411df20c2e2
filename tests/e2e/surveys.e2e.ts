/**
 * Survey journey: an admin builds a survey with all five types; a student answers it on
 * /surveys/{id} and an alumnus in the 'Take Survey' dialog; the admin filters responses by role,
 * sees the summary charts and downloads the CSV.
 */
import fs from "node:fs";
import { parse } from "csv-parse/sync";
import { expect, test, type Page } from "@playwright/test";
import { accounts, expectAccessible, login } from "./support";

const title = `E2E Tracer ${Date.now().toString(36)}`;

async function addQuestion(
  page: Page,
  n: number,
  text: string,
  type: string,
  opts: { required?: boolean; options?: string } = {},
) {
  if (n > 1) await page.getByRole("button", { name: "Add question" }).click();
  const card = page.locator(".survey-question-editor").nth(n - 1);
  await expect(card.getByRole("heading", { name: `Q${n}` })).toBeVisible();
  await card.getByLabel("Question Text").fill(text);
  await card.getByLabel("Type").selectOption({ label: type });
  if (opts.options) await card.getByLabel("Options (one per line)").fill(opts.options);
  if (opts.required) await card.getByRole("switch", { name: `Q${n} required` }).check();
}

test.describe.configure({ mode: "serial" });

test("admin builds a survey with every question type", async ({ page }) => {
  // The longest journey of the suite (six questions built, reordered, two axe scans): on a busy
  // 2-core runner it came within seconds of the default timeout.
  test.slow();
  await login(page, accounts.admin.email);
  await page.goto("/admin/surveys");
  await expect(page.getByRole("heading", { name: "Surveys", level: 1 })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole("link", { name: "+ New Survey" }).click();
  await expect(page.getByRole("heading", { name: "New Survey" })).toBeVisible();
  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Audience").selectOption({ label: "All" });
  await page.getByLabel("Description").fill("Tell us where you are now.");
  const status = page.getByRole("switch", { name: /Status/ });
  await status.check();
  await expect(page.getByText("Active", { exact: true })).toBeVisible();

  // The options box belongs to the choice types only.
  const first = page.locator(".survey-question-editor").first();
  await expect(first.getByLabel("Options (one per line)")).toBeHidden();
  // Removing the last remaining question leaves one blank question.
  await first.getByLabel("Question Text").fill("Scratch");
  await page.getByRole("button", { name: "Remove Q1" }).click();
  await expect(page.locator(".survey-question-editor")).toHaveCount(1);
  await expect(
    page.locator(".survey-question-editor").first().getByLabel("Question Text"),
  ).toHaveValue("");
  await addQuestion(page, 1, "Current job title", "Short Text", { required: true });
  await addQuestion(page, 2, "Describe your work", "Long Text");
  await addQuestion(page, 3, "Are you employed?", "Multiple Choice", {
    required: true,
    options: "Yes\nNo\n\n  Self-employed  ",
  });
  await addQuestion(page, 4, "Useful skills", "Checkboxes", {
    options: "Communication\nSafety\n=Spreadsheets",
  });
  await addQuestion(page, 5, "Rate the programme", "Rating", { required: true });
  // Reorder: move Q2 down and back up; remove a spare question.
  await page.getByRole("button", { name: "Move Q2 down" }).click();
  await expect(
    page.locator(".survey-question-editor").nth(2).getByLabel("Question Text"),
  ).toHaveValue("Describe your work");
  await page.getByRole("button", { name: "Move Q3 up" }).click();
  await expect(
    page.locator(".survey-question-editor").nth(1).getByLabel("Question Text"),
  ).toHaveValue("Describe your work");
  await page.getByRole("button", { name: "Add question" }).click();
  await page.getByRole("button", { name: "Remove Q6" }).click();
  await expect(page.locator(".survey-question-editor")).toHaveCount(5);
  await expectAccessible(page);

  await page.getByRole("button", { name: "Save" }).click();
  await expect(page).toHaveURL(/\/admin\/surveys$/);
  const card = page.locator(".survey-card", { hasText: title });
  await expect(card).toContainText("Active");
  await expect(card).toContainText("Audience: ALL · 5 questions");
});

test("a student answers on /surveys/{id}; required questions are enforced", async ({ page }) => {
  await login(page, accounts.student.email);
  await page.goto("/");
  const link = page.getByRole("link", { name: `Take Survey: ${title}` });
  const href = await link.getAttribute("href");
  expect(href).toMatch(/^\/surveys\/[0-9a-f-]{36}$/);
  await page.goto(href!);
  await expect(page.getByRole("heading", { name: title })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByText("Please answer: Current job title")).toBeVisible();
  await page.getByLabel(/Current job title/).fill("Line maintenance technician");
  await page
    .getByLabel(/Describe your work/)
    .fill('Checks, logs, "quotes", commas, and a\nsecond line');
  await page.getByRole("radio", { name: "Yes" }).check();
  await page.getByRole("checkbox", { name: "Safety" }).check();
  await page.getByRole("checkbox", { name: "=Spreadsheets" }).check();
  await page.getByRole("radio", { name: "4 of 5 stars" }).check();
  await page.getByRole("button", { name: "Submit" }).click();
  const thanks = page.getByText("Thanks! Your response has been submitted.");
  await expect(thanks.first()).toBeVisible();
  // Thanked once: by the page, not also by a notice.
  await expect(thanks).toHaveCount(1);
  await page.goto("/");
  await expect(page.getByRole("link", { name: `Take Survey: ${title}` })).toHaveCount(0);
});

test("an alumnus answers in the landing page Take Survey dialog and the survey leaves the list", async ({
  page,
}) => {
  await login(page, accounts.alumni.email);
  await page.goto("/");
  await page.getByRole("link", { name: `Take Survey: ${title}` }).click();
  const dialog = page.getByRole("dialog", { name: title });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("radio", { name: "5 of 5 stars" })).toBeAttached();
  await expectAccessible(page);
  await dialog.getByLabel(/Current job title/).fill("First officer");
  await dialog.getByRole("radio", { name: "Self-employed" }).check();
  await dialog.getByRole("radio", { name: "2 of 5 stars" }).check();
  await dialog.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByText("Thanks! Your response has been submitted.")).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("link", { name: `Take Survey: ${title}` })).toHaveCount(0);
});

test("admin filters responses by role, sees the summary and downloads the CSV", async ({
  page,
}) => {
  await login(page, accounts.admin.email);
  await page.goto("/admin/surveys");
  await page
    .locator(".survey-card", { hasText: title })
    .getByRole("link", { name: `Responses: ${title}` })
    .click();
  await expect(page.getByRole("heading", { name: `Responses — ${title}` })).toBeVisible();
  await expect(page.locator(".survey-response")).toHaveCount(2);
  // Summary: charts drawn, numbers as text.
  await expect(page.locator(".survey-chart svg.recharts-surface").first()).toBeVisible();
  await expect(page.getByText("Average:").first()).toBeVisible();
  await expect(
    page.locator(".survey-summary-item", { hasText: "Rate the programme" }),
  ).toContainText("3.00");
  await expectAccessible(page);

  await page.getByLabel("Role").selectOption({ label: "Students" });
  await expect(page).toHaveURL(/role=student/);
  await expect(page.locator(".survey-response")).toHaveCount(1);
  const card = page.locator(".survey-response").first();
  await expect(card).toContainText("Sam Student");
  await expect(card).toContainText("Useful skills");
  await expect(card).toContainText("Safety, =Spreadsheets");
  await expect(card).toContainText("Current job title *");
  await expect(
    page.locator(".survey-summary-item", { hasText: "Rate the programme" }),
  ).toContainText("4.00");

  await page.getByLabel("Role").selectOption({ label: "All Roles" });
  await expect(page.locator(".survey-response")).toHaveCount(2);
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Export CSV" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^survey-[0-9a-f-]{36}-\d{4}-\d\d-\d\d\.csv$/);
  const bytes = fs.readFileSync((await download.path())!);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const rows = parse(bytes.toString("utf8"), { bom: true }) as string[][];
  expect(rows[0]).toEqual([
    "Respondent",
    "Email",
    "Role",
    "Course",
    "Submitted At",
    "Current job title",
    "Describe your work",
    "Are you employed?",
    "Useful skills",
    "Rate the programme",
  ]);
  const student = rows.find((r) => r[1] === accounts.student.email)!;
  expect(student.slice(5)).toEqual([
    "Line maintenance technician",
    'Checks, logs, "quotes", commas, and a\nsecond line',
    "Yes",
    "Safety; =Spreadsheets",
    "4",
  ]);
  const alumnus = rows.find((r) => r[1] === accounts.alumni.email)!;
  expect(alumnus.slice(0, 3)).toEqual(["Alex Alumnus", accounts.alumni.email, "alumni"]);
  expect(alumnus.slice(5)).toEqual(["First officer", "", "Self-employed", "", "2"]);
});

test("non-admins are sent to / from the survey admin area", async ({ page }) => {
  await login(page, accounts.student.email);
  await page.goto("/admin/surveys");
  await expect(page).toHaveURL(/\/$/);
});
