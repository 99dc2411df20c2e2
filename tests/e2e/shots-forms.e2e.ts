/**
 * Screenshots of the screens the "forms that explain themselves" and "pictures at their size" work
 * touches, at 375 px and 1280 px, for a person to look at (not assertions). Runs only with SHOTS_DIR:
 * `SHOTS_DIR=/tmp/shots npx playwright test shots-forms`.
 */
import { test } from "@playwright/test";
import { accounts, login } from "./support";
import { onlyWithShotsDir, shot } from "./shots";

onlyWithShotsDir();

const WIDTHS = [375, 1280] as const;
for (const width of WIDTHS) {
  test(`form screens at ${width}px`, async ({ browser }) => {
    const ctx = await browser.newContext({ viewport: { width, height: 800 } });
    const page = await ctx.newPage();
    await page.goto("/register");
    await shot(page, "register");
    await page.getByLabel("First name").fill("Shot");
    await page.getByLabel("Email").fill("shot@example.edu");
    await page.getByLabel("Password", { exact: true }).fill("password");
    await page.getByLabel("Confirm password").fill("password");
    await page.getByRole("button", { name: "Create account" }).click();
    await page.waitForTimeout(1500);
    await shot(page, "register-errors");
    await login(page, accounts.student.email);
    await page.goto("/profile");
    await page.waitForTimeout(500);
    await shot(page, "profile");
    await ctx.clearCookies();
    await login(page, accounts.admin.email);
    await page.goto("/dashboard");
    await page.waitForTimeout(1200);
    await shot(page, "admin-dashboard-toast", false);
    await page.goto("/admin/companies");
    await shot(page, "admin-companies");
    await ctx.close();
  });
}
