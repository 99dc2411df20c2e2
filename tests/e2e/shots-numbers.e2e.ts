/**
 * Screenshots of the screens whose numbers and dates were made to agree (the admin dashboard, the
 * approval queue, reports, Manage Users, a survey's outcomes and progress), at 375 px and 1280 px,
 * for a person to look at (not assertions). Runs only with SHOTS_DIR set.
 */
import { test } from "@playwright/test";
import { accounts, login } from "./support";
import { onlyWithShotsDir, shot } from "./shots";

onlyWithShotsDir();

test("numbers screens at 375 and 1280 px", async ({ browser }) => {
  test.slow();
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await ctx.newPage();
  await login(page, accounts.admin.email);
  // A tracer survey to show outcomes and progress for.
  await page.goto("/admin/surveys");
  await page.getByRole("button", { name: "New from template" }).click();
  await page.waitForURL(/\/admin\/surveys\/[^/]+\/edit/);
  const surveyId = page.url().match(/\/admin\/surveys\/([^/]+)\/edit/)![1];
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto("/dashboard");
    await page.waitForTimeout(1200);
    await shot(page, "admin-dashboard");
    await page.goto("/admin/jobs?view=queue");
    await shot(page, "approval-queue");
    await page.goto("/admin/reports");
    await shot(page, "reports");
    await page.goto("/admin/users");
    await shot(page, "users");
    await page.goto(`/admin/surveys/${surveyId}/outcomes`);
    await shot(page, "outcomes");
    await page.goto(`/admin/surveys/${surveyId}/progress`);
    await shot(page, "progress");
  }
  await ctx.close();
});
