/**
 * Before/after screenshots of the screens whose tables turn into cards on a phone, at 375 px and
 * 1280 px, for a person to look at (not assertions). Runs only with SHOTS_DIR set.
 */
import { test } from "@playwright/test";
import { readPhoneSeed } from "./phone-seed";
import { accounts, login } from "./support";
import { onlyWithShotsDir, shot } from "./shots";

onlyWithShotsDir();

for (const width of [375, 1280]) {
  test(`table screens at ${width}px`, async ({ browser }) => {
    test.slow();
    const seed = readPhoneSeed();
    const ctx = await browser.newContext({ viewport: { width, height: 800 } });
    const page = await ctx.newPage();
    const visit = async (url: string, name: string) => {
      await page.goto(url);
      await page.waitForLoadState("networkidle");
      await shot(page, name);
    };
    await visit("/widget", "widget");
    await login(page, seed.employerEmail, seed.password);
    await visit("/employer", "employer");
    await visit("/employer/team", "employer-team");
    await ctx.clearCookies();
    await login(page, accounts.admin.email);
    await visit("/admin/jobs?view=queue", "admin-queue");
    await visit("/admin/jobs", "admin-jobs");
    await visit("/dashboard", "admin-dashboard");
    await visit(`/admin/surveys/${seed.surveyId}/outcomes`, "survey-outcomes");
    await visit(`/admin/surveys/${seed.surveyId}/progress`, "survey-progress");
    await visit(`/admin/ojt/${seed.placementId}`, "admin-placement");
    await ctx.clearCookies();
    await login(page, seed.ojtStudentEmail, seed.password);
    await visit(`/ojt/${seed.placementId}/dtr`, "ojt-dtr");
    await ctx.close();
  });
}
