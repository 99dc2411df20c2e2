/**
 * Saved jobs and applications: an alumnus saves a job on the board, finds it on
 * /saved-jobs after a reload, removes it there; without JavaScript the same button saves through a
 * full page post and a notice; Apply Now on the board lands the job on /applications.
 */
import { expect, test } from "@playwright/test";
import { accounts, login } from "./support";

const seeded = "Seeded Line Maintenance Intern";

test("an alumnus saves a job on the board, sees it on Saved jobs and removes it; Apply Now lists it under My applications", async ({
  browser,
}) => {
  const context = await browser.newContext();
  await context.route("https://seed-aviation.example/**", (route) =>
    route.fulfill({
      status: 200,
      contentType: "text/html",
      body: "<!doctype html><h1>Careers</h1>",
    }),
  );
  const page = await context.newPage();
  await login(page, accounts.alumni.email);
  await page.goto("/jobs");
  const card = page.getByRole("article", { name: seeded });
  const save = card.getByRole("button", { name: `Save job: ${seeded}` });
  await expect(save).toHaveAttribute("aria-pressed", "false");
  // The star turns at once (optimistic); the reload must wait for the server's answer.
  const stored = page.waitForResponse(
    (r) => r.request().method() === "POST" && new URL(r.url()).pathname === "/saved-jobs",
  );
  await save.click();
  const saved = card.getByRole("button", { name: `Saved: ${seeded}` });
  await expect(saved).toHaveAttribute("aria-pressed", "true");
  expect((await stored).ok()).toBe(true);
  await expect(page).toHaveURL(/\/jobs$/); // a fetcher: no navigation

  await page.reload();
  await expect(card.getByRole("button", { name: `Saved: ${seeded}` })).toBeVisible();

  await page.goto("/saved-jobs");
  await expect(page.getByRole("heading", { name: "Saved jobs", level: 1 })).toBeVisible();
  const line = page.getByRole("listitem").filter({ hasText: seeded });
  await expect(line).toContainText("Open");
  await expect(line).toContainText("Seed Aviation Corp");
  await line.getByRole("button", { name: `Remove ${seeded}` }).click();
  await expect(page.getByText("Removed from your saved jobs.")).toBeVisible();
  await expect(page.getByText("No saved jobs yet.")).toBeVisible();

  await page.goto("/jobs");
  const [popup] = await Promise.all([
    page.waitForEvent("popup"),
    card.getByRole("button", { name: /Apply Now/ }).click(),
  ]);
  await popup.waitForURL("https://seed-aviation.example/");
  await page.goto("/applications");
  await expect(page.getByRole("heading", { name: "My applications", level: 1 })).toBeVisible();
  // Runway saw a click, not an application: the page says so.
  await expect(page.getByRole("heading", { name: "Apply clicks", level: 2 })).toBeVisible();
  const applied = page.getByRole("listitem").filter({ hasText: seeded });
  await expect(applied).toContainText("Apply clicked");
  await expect(applied).not.toContainText(/\bapplied\b/);
  await context.close();
});

test("without JavaScript, Save job on a job page posts the form and comes back with a notice", async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await login(page, accounts.alumni.email);
  await page.goto("/jobs");
  await page.getByRole("article", { name: seeded }).getByRole("link", { name: seeded }).click();
  await expect(page.getByRole("heading", { name: seeded, level: 1 })).toBeVisible();
  const jobUrl = page.url();
  await page.getByRole("button", { name: `Save job: ${seeded}` }).click();
  await expect(page).toHaveURL(jobUrl);
  await expect(page.getByText("Job saved.", { exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: `Saved: ${seeded}` })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await page.goto("/saved-jobs");
  await expect(page.getByRole("listitem").filter({ hasText: seeded })).toBeVisible();
  await page.getByRole("button", { name: `Remove ${seeded}` }).click();
  await expect(page.getByText("No saved jobs yet.")).toBeVisible();
  await context.close();
});
