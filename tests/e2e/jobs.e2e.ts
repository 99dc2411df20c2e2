/**
 * The jobs journey: an admin creates a pending job, a student cannot find it, the admin approves
 * it, the student finds it by part of a word and Apply Now opens the company website in a new tab.
 * Plus axe on the board, a job page and the admin screen.
 */
import { expect, test, type Page } from "@playwright/test";
import { accounts, expectAccessible, login } from "./support";

const word = `Zephyr${Array.from({ length: 6 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join("")}`;
const title = `${word} Avionics Apprentice`;
const partial = word.slice(0, 9).toLowerCase(); // e.g. "zephyrqkw": a prefix, not the whole word

async function searchBoard(page: Page, term: string) {
  await page.goto("/jobs");
  await page.getByRole("searchbox", { name: "Search" }).fill(term);
  // The board searches by itself after a 350 ms pause (no submit needed).
  await expect(page).toHaveURL(new RegExp(`q=${term}`));
}

test("admin publishes a job; a student finds it by a partial word and applies on the company site", async ({
  browser,
}) => {
  const adminCtx = await browser.newContext();
  const admin = await adminCtx.newPage();
  await login(admin, accounts.admin.email);
  await admin.goto("/admin/jobs");
  await admin.getByRole("link", { name: "New Job" }).click();
  const dialog = admin.getByRole("dialog", { name: "New Job" });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel("Title").fill(title);
  await dialog.getByLabel("Company").selectOption({ label: "Seed Aviation Corp" });
  await dialog.getByLabel("Location").fill("Pasay City");
  await dialog.getByLabel("Categories").fill("Avionics, Apprenticeship");
  await dialog.getByLabel("Location").blur();
  await expect(dialog.getByLabel("Approved")).not.toBeChecked(); // states and transitions default: pending approval
  await dialog.getByRole("button", { name: "Create job" }).click();
  await expect(admin.getByText("Job created")).toBeVisible();
  const row = admin.getByRole("row", { name: new RegExp(title) });
  await expect(row).toContainText("Pending");

  const studentCtx = await browser.newContext();
  await studentCtx.route("https://seed-aviation.example/**", (route) =>
    route.fulfill({
      status: 200,
      contentType: "text/html",
      body: "<!doctype html><title>Seed Aviation</title><h1>Careers</h1>",
    }),
  );
  const student = await studentCtx.newPage();
  await login(student, accounts.student.email);
  await searchBoard(student, partial);
  await expect(student.getByText("No matching active jobs.")).toBeVisible();

  await row.getByRole("button", { name: `Approve: ${title}` }).click();
  await expect(admin.getByText("Job approved")).toBeVisible();
  await expect(admin.getByRole("row", { name: new RegExp(title) })).toContainText("Approved");

  await searchBoard(student, partial);
  const card = student.getByRole("article", { name: title });
  await expect(card).toBeVisible();
  await expect(card).toContainText("Seed Aviation Corp");
  await expect(card).toContainText("Pasay City");
  const [popup] = await Promise.all([
    student.waitForEvent("popup"),
    card.getByRole("button", { name: /Apply Now/ }).click(),
  ]);
  await popup.waitForURL("https://seed-aviation.example/");
  await expect(popup.getByRole("heading", { name: "Careers" })).toBeVisible();

  await adminCtx.close();
  await studentCtx.close();
});

test("the board, a job page and the admin screen pass axe", async ({ page }) => {
  await page.goto("/jobs");
  await expect(
    page.getByRole("heading", { name: "Internships and Jobs Available:" }),
  ).toBeVisible();
  await expectAccessible(page);
  await page.getByRole("link", { name: "Seeded Line Maintenance Intern" }).click();
  await expect(
    page.getByRole("heading", { level: 1, name: "Seeded Line Maintenance Intern" }),
  ).toBeVisible();
  await expectAccessible(page);
  await login(page, accounts.admin.email);
  await page.goto("/admin/jobs");
  await expect(page.getByRole("heading", { name: "Job Management" })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole("link", { name: "New Job" }).click();
  await expect(page.getByRole("dialog", { name: "New Job" })).toBeVisible();
  await expectAccessible(page);
});
