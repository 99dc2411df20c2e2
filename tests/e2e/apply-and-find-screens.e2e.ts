/**
 * Screenshots of the screens the "apply never dead-ends / find what you saved / company page /
 * alumni reset" work touched, at 375 px and 1280 px, for a person to look at (not assertions).
 * Runs only with SHOTS_DIR set: `SHOTS_DIR=/tmp/shots npx playwright test apply-and-find-screens`.
 */
import { test } from "@playwright/test";
import { accounts, login } from "./support";
import { onlyWithShotsDir, shot } from "./shots";

onlyWithShotsDir();

for (const width of [375, 1280] as const) {
  test(`apply and find screens at ${width}px`, async ({ browser }) => {
    const ctx = await browser.newContext({ viewport: { width, height: 800 } });
    const page = await ctx.newPage();
    await page.goto("/forgot-password");
    await page.getByLabel("Email").fill(accounts.alumni.email);
    await page.getByRole("button", { name: "Send reset link" }).click();
    await page.getByRole("status").first().waitFor();
    await shot(page, "forgot-password-sent");
    await login(page, accounts.student.email);
    await page.goto("/jobs");
    await shot(page, "jobs-board-student");
    if (width === 375) {
      await page.getByRole("button", { name: /menu/i }).first().click();
      await page.waitForTimeout(300);
      await shot(page, "student-menu-open", false);
      await page.keyboard.press("Escape");
    }
    await page.goto("/jobs?q=zzzqqq");
    await shot(page, "jobs-empty-search");
    await page.goto("/jobs");
    await page.locator(".job-card-title a").first().click();
    await page.waitForURL(/\/jobs\/[0-9a-f-]{36}$/);
    const jobUrl = page.url();
    await shot(page, "job-page");
    await page.mouse.wheel(0, 2000);
    await page.waitForTimeout(300);
    await shot(page, "job-page-scrolled", false);
    const company = page.getByRole("link", { name: /more jobs at|company page/i }).first();
    if (await company.count()) {
      await company.click();
      await page.waitForLoadState();
      await shot(page, "company-page");
    }
    await page.goto("/applications");
    await shot(page, "applications");
    await ctx.clearCookies();
    await login(page, accounts.admin.email);
    await page.goto(`/admin/jobs?new=1`);
    await page.getByRole("dialog").waitFor();
    await page.waitForTimeout(400);
    await shot(page, "admin-job-modal");
    void jobUrl;
    await ctx.close();
  });
}
