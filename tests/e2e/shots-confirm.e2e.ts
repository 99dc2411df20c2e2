/**
 * Screenshots of the screens with destructive actions, the report form and the survey editor, at
 * 375 px and 1280 px, for a person to look at (not assertions). Runs only with SHOTS_DIR set:
 * `SHOTS_DIR=/tmp/shots npx playwright test shots-confirm`.
 */
import { test, type Page } from "@playwright/test";
import { employerWithJob } from "./confirm-support";
import { accounts, login } from "./support";
import { onlyWithShotsDir, shot } from "./shots";

onlyWithShotsDir();

const WIDTHS = [375, 1280] as const;
/** A destructive button is pressed for its confirmation; nothing it would post gets through. */
const holdPosts = (page: Page) =>
  page.route("**/*", (r) => (r.request().method() === "POST" ? r.abort() : r.continue()));
for (const width of WIDTHS) {
  test(`destructive actions at ${width}px`, async ({ browser }) => {
    test.slow();
    const viewport = { width, height: 800 };
    const employer = await employerWithJob(browser, `Shots Close Job ${width}`, viewport);
    await shot(employer, "employer-jobs");
    await holdPosts(employer);
    const close = employer.getByRole("button", { name: /^Close: / }).first();
    await close.click();
    await employer.waitForTimeout(400);
    await shot(employer, "employer-close-confirm", false);

    const student = await (await browser.newContext({ viewport })).newPage();
    await login(student, accounts.student.email);
    await student.goto("/jobs");
    await student.getByRole("link", { name: "Seeded Line Maintenance Intern" }).first().click();
    await student.getByText("Report this posting", { exact: true }).click();
    await student.locator("#report").scrollIntoViewIfNeeded();
    await shot(student, "job-report-form", false);
    await student.getByLabel("Misleading").check();
    await student.getByRole("button", { name: "Send report" }).click();
    await student.waitForTimeout(800);
    await shot(student, "job-report-sent", false);

    const admin = await (await browser.newContext({ viewport })).newPage();
    await login(admin, accounts.admin.email);
    for (const [name, url] of [
      ["admin-jobs", "/admin/jobs"],
      ["admin-companies", "/admin/companies"],
      ["admin-users-employers", "/admin/users?role=employer"],
      ["admin-reports", "/admin/reports"],
      ["survey-editor-new", "/admin/surveys/new"],
    ] as const) {
      await admin.goto(url);
      await admin.waitForTimeout(300);
      await shot(admin, name);
    }
    await admin.goto("/admin/reports");
    await holdPosts(admin);
    await admin
      .getByRole("button", { name: /Uphold/ })
      .first()
      .click();
    await admin.waitForTimeout(400);
    await shot(admin, "admin-uphold-confirm", false);
  });
}
