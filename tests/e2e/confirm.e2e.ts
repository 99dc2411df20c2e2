/**
 * Destructive actions ask first, saying what will happen: the employer's Close, the admin's
 * Deactivate, Block (company and employer, never in Delete's red) and Uphold — in a dialog with
 * JavaScript (focus on Cancel, Escape backs out, focus returns), in place without it. The report
 * form folds after sending and thanks once. The survey editor asks before leaving with unsaved
 * changes, keeps Save in view, offers programmes as a checklist and outcome keys by their label.
 */
import { expect, test, type Page } from "@playwright/test";
import { employerWithJob } from "./confirm-support";
import { accounts, expectAccessible, login } from "./support";

const uid = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;

async function adminPage(page: Page) {
  await login(page, accounts.admin.email);
  return page;
}

test("the employer's Close asks first in a dialog, Escape backs out, and Close posting closes", async ({
  browser,
}) => {
  test.slow();
  const title = `Confirm Close Job ${uid()}`;
  const page = await employerWithJob(browser, title);
  const row = page.getByRole("row", { name: new RegExp(title) });
  const close = page.getByRole("button", { name: `Close: ${title}` });
  await close.click();
  const dialog = page.getByRole("dialog", { name: "Close this posting?" });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(
    `Closing hides “${title}” from students and alumni; you can reopen it`,
  );
  await expect(dialog.getByRole("button", { name: "Cancel" })).toBeFocused();
  await expectAccessible(page);
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  await expect(close).toBeFocused();
  await expect(row).not.toContainText("Closed");

  // Keyboard only: Enter opens, Tab to the confirming button, Enter closes the posting.
  await page.keyboard.press("Enter");
  await expect(dialog).toBeVisible();
  await page.keyboard.press("Tab");
  await expect(dialog.getByRole("button", { name: "Close posting" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(row).toContainText("Closed");
  await expect(page.getByRole("button", { name: `Reopen: ${title}` })).toBeVisible();
});

test("admin: Deactivate, Block and Uphold ask first; Block is never Delete's red; the report form folds and thanks once", async ({
  browser,
}) => {
  test.slow();
  const title = `Confirm Admin Job ${uid()}`;
  const employer = await employerWithJob(browser, title);
  const company = (await employer.locator(".page-header .muted").first().textContent())!.trim();
  const admin = await adminPage(await (await browser.newContext()).newPage());

  // Approve it so students see (and can report) it.
  await admin.goto("/admin/jobs?view=queue");
  await admin.getByRole("button", { name: `Approve: ${title}` }).click();
  await expect(admin.getByText("Job approved").first()).toBeVisible();

  // ── Report form: disabled while sending, folds after, one thank-you ──
  const student = await (await browser.newContext()).newPage();
  await login(student, accounts.student.email);
  await admin.goto(`/admin/jobs?q=${encodeURIComponent(title)}`);
  const href = await admin.getByRole("link", { name: title, exact: true }).getAttribute("href");
  await student.goto(href!);
  await student.getByText("Report this posting", { exact: true }).click();
  const form = student.locator("#report");
  await expect(form.getByRole("button", { name: "Send report" })).toBeVisible();
  await form.getByLabel("Misleading").check();
  await form.getByLabel("Details").fill("The allowance differs from the ad.");
  // Hold the answer to see the button while the report is on its way.
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  await student.route(/\/report(\?.*)?$/, async (route) => {
    await held;
    await route.continue();
  });
  await form.getByRole("button", { name: "Send report" }).click();
  await expect(form.getByRole("button", { name: "Sending…" })).toBeDisabled();
  release();
  await expect(
    student.getByText("Thanks — the career office will review this posting."),
  ).toHaveCount(1);
  await expect(form.getByRole("button", { name: /Send report|Sending/ })).toBeHidden();
  await expect(form).not.toHaveAttribute("open", "");

  // ── Deactivate (the admin's Close) ──
  await admin.goto(`/admin/jobs?q=${encodeURIComponent(title)}`);
  const jobRow = admin.getByRole("row", { name: new RegExp(title) });
  await admin.getByRole("button", { name: `Deactivate: ${title}` }).click();
  let dialog = admin.getByRole("dialog", { name: "Deactivate this posting?" });
  await expect(dialog).toContainText(`Deactivating hides “${title}” from students and alumni`);
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(jobRow).toContainText("active");
  await expect(jobRow).not.toContainText("inactive");

  // ── Uphold (remove posting) ──
  await admin.goto("/admin/reports");
  const card = admin.getByRole("article", { name: title });
  await card.getByRole("button", { name: `Uphold (Remove posting): ${title}` }).click();
  dialog = admin.getByRole("dialog", { name: "Remove this posting?" });
  await expect(dialog).toContainText(`takes “${title}” off the board`);
  await expect(dialog.getByRole("button", { name: "Cancel" })).toBeFocused();
  await expectAccessible(admin);
  await dialog.getByRole("button", { name: "Uphold and remove" }).click();
  await expect(admin.getByText(/Reports upheld/).first()).toBeVisible();
  await expect(admin.getByRole("article", { name: title })).toHaveCount(0);

  // ── Block an employer: asks, neutral style; Delete stays red ──
  await admin.goto(`/admin/users?role=employer&q=${encodeURIComponent("hr@confirm")}`);
  const employerName = "Hana Recruiter";
  const block = admin.getByRole("button", { name: `Block employer ${employerName}` }).first();
  await expect(block).not.toHaveClass(/btn-danger/);
  await expect(admin.getByRole("button", { name: `Delete ${employerName}` }).first()).toHaveClass(
    /btn-danger/,
  );
  await block.click();
  dialog = admin.getByRole("dialog", { name: "Block this employer?" });
  await expect(dialog).toContainText("refuses their sign-in");
  await admin.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);

  // ── Block a company: Delete red, Block neutral, asks, then blocks ──
  await admin.goto(`/admin/companies?q=${encodeURIComponent(company)}`);
  const blockCompany = admin.getByRole("button", { name: `Block ${company}` });
  await expect(blockCompany).not.toHaveClass(/btn-danger/);
  await expect(admin.getByRole("link", { name: `Delete ${company}` })).toHaveClass(/btn-danger/);
  await blockCompany.click();
  dialog = admin.getByRole("dialog", { name: "Block this company?" });
  await expect(dialog).toContainText(`Blocking “${company}” hides all its jobs`);
  await expectAccessible(admin);
  await dialog.getByRole("button", { name: "Block company" }).click();
  await expect(admin.getByRole("button", { name: `Unblock ${company}` })).toBeVisible();
});

test("without JavaScript, Deactivate unfolds the question in place and only its button deactivates", async ({
  browser,
}) => {
  test.slow();
  const title = `Confirm NoJS Job ${uid()}`;
  await employerWithJob(browser, title);
  const ctx = await browser.newContext({ javaScriptEnabled: false });
  const page = await ctx.newPage();
  await login(page, accounts.admin.email);
  await page.goto(`/admin/jobs?q=${encodeURIComponent(title)}`);
  const row = page.getByRole("row", { name: new RegExp(title) });
  const summary = row.locator("summary", { hasText: "Deactivate" });
  await summary.click();
  const panel = row.getByRole("group", { name: "Deactivate this posting?" });
  await expect(panel).toBeVisible();
  await expect(panel).toContainText(`Deactivating hides “${title}” from students and alumni`);
  // Unfolding posted nothing: the job is still active.
  await page.reload();
  await expect(page.getByRole("row", { name: new RegExp(title) })).not.toContainText("inactive");
  await page
    .getByRole("row", { name: new RegExp(title) })
    .locator("summary", { hasText: "Deactivate" })
    .click();
  await page
    .getByRole("group", { name: "Deactivate this posting?" })
    .getByRole("button", { name: "Deactivate" })
    .click();
  await expect(page.getByRole("row", { name: new RegExp(title) })).toContainText("inactive");
  await ctx.close();
});

test("the survey editor asks before leaving unsaved, keeps Save in view, ticks programmes and names outcome keys", async ({
  page,
}) => {
  test.slow();
  await adminPage(page);
  // Untouched: leaving does not ask.
  await page.goto("/admin/surveys/new");
  await page.getByRole("link", { name: "Back" }).first().click();
  await expect(page).toHaveURL(/\/admin\/surveys$/);

  await page.goto("/admin/surveys/new");
  const title = `Confirm Survey ${uid()}`;
  await page.getByLabel("Title").fill(title);
  // A link inside the app: the dialog; Stay keeps the work.
  await page.getByRole("link", { name: "Back" }).first().click();
  const leave = page.getByRole("dialog", { name: "Leave without saving?" });
  await expect(leave).toBeVisible();
  await expectAccessible(page);
  await leave.getByRole("button", { name: "Stay and keep editing" }).click();
  await expect(page).toHaveURL(/\/admin\/surveys\/new$/);
  await expect(page.getByLabel("Title")).toHaveValue(title);
  // Closing the tab: the browser's own prompt (dismissed: the page stays).
  const prompt = page.waitForEvent("dialog");
  await page.close({ runBeforeUnload: true });
  const asked = await prompt;
  expect(asked.type()).toBe("beforeunload");
  await asked.dismiss();
  await expect(page.getByLabel("Title")).toHaveValue(title);

  // Programmes: checkboxes, narrowed by the search box; no multi-select.
  const programmes = page.getByRole("group", { name: "Programmes" });
  await expect(programmes.locator("select")).toHaveCount(0);
  const boxes = programmes.getByRole("checkbox");
  const all = await boxes.count();
  expect(all).toBeGreaterThan(3);
  const first = (await programmes.locator("label").first().textContent())!.trim();
  await programmes.getByRole("searchbox", { name: "Find a programme" }).fill(first.slice(0, 12));
  const visible = await programmes
    .getByRole("checkbox", { checked: false })
    .evaluateAll((els) => els.filter((e) => (e as HTMLElement).offsetParent !== null).length);
  expect(visible).toBeLessThan(all);
  await programmes.getByRole("checkbox", { name: first }).check();
  await programmes.getByRole("searchbox", { name: "Find a programme" }).fill("");

  // Outcome keys by their label, never the key.
  const key = page.getByLabel("Outcome key").first();
  await expect(key.locator("option", { hasText: "Employment status" })).toHaveCount(1);
  await expect(key).not.toContainText("employment_status");

  // A long survey: Save stays in view at the top of the page.
  for (let i = 0; i < 10; i++) await page.getByRole("button", { name: "Add question" }).click();
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(page.getByRole("button", { name: "Save", exact: true })).toBeInViewport();
  // Back to one question, then Save: no prompt on the way out, and the programme is kept.
  for (let i = 11; i > 1; i--) await page.getByRole("button", { name: `Remove Q${i}` }).click();
  await page.getByLabel("Question Text").fill("Where do you work now?");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/surveys$/);
  await expect(page.getByRole("dialog", { name: "Leave without saving?" })).toHaveCount(0);
  await page.getByRole("link", { name: `Edit: ${title}` }).click();
  await expect(
    page.getByRole("group", { name: "Programmes" }).getByRole("checkbox", { name: first }),
  ).toBeChecked();

  // Progress names the key by its label.
  const id = page.url().match(/surveys\/([^/]+)\/edit/)![1];
  await page.goto(`/admin/surveys/${id}/progress`);
  await expect(page.getByText(/outcome key “Employment status”/)).toBeVisible();
  await expect(page.locator("main")).not.toContainText("employment_status");
});
