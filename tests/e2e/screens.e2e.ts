/**
 * Screenshots of the screens the usability fixes changed, at 375 px and 1280 px, for a person to look at
 * (not assertions). Runs only with SHOTS_DIR set: `SHOTS_DIR=/tmp/shots npx playwright test screens`.
 */
import { test } from "@playwright/test";
import { accounts, login } from "./support";
import { onlyWithShotsDir, shot } from "./shots";

onlyWithShotsDir();

const WIDTHS = [375, 1280] as const;
for (const width of WIDTHS) {
  test(`screens at ${width}px`, async ({ browser }) => {
    const ctx = await browser.newContext({ viewport: { width, height: 800 } });
    const page = await ctx.newPage();
    await page.goto("/register");
    await shot(page, "register");
    await page.goto("/jobs?type=internship");
    await shot(page, "jobs-board");
    await login(page, accounts.admin.email);
    await page.goto("/admin/jobs");
    await shot(page, "admin-jobs");
    await page.getByRole("link", { name: "Refresh" }).click();
    await page.locator(".toast").first().waitFor();
    await shot(page, "toast", false);
    await page.goto("/admin/jobs?new=1");
    await page.getByRole("dialog").waitFor();
    await page.waitForTimeout(400);
    await shot(page, "admin-job-modal", false);
    await page.goto("/admin/companies");
    await shot(page, "admin-companies");
    await page.goto("/admin/companies?new=1");
    await page.getByRole("dialog").waitFor();
    await page.waitForTimeout(400);
    await shot(page, "admin-company-modal", false);
    await page.goto("/dashboard");
    await page.waitForTimeout(1500);
    await shot(page, "admin-dashboard");
    await page.goto("/admin/surveys");
    await shot(page, "admin-surveys");
    await page.goto("/admin/create-user");
    await page.getByRole("button", { name: "Create User" }).click();
    await shot(page, "create-user");
    await ctx.clearCookies();
    await login(page, accounts.student.email);
    await page.goto("/dashboard");
    await page.waitForTimeout(800);
    await shot(page, "student-dashboard");
    await ctx.close();
  });
}
