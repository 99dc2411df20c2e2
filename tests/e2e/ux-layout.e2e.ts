/**
 * What users tripped over: admin tables on a phone, the board's filter fold, Create User's
 * one-submit errors, uploads checked in the browser, the no-JavaScript legal links and Surveys
 * button, toasts below the navigation, the admin dashboard rows and the student dashboard.
 * Every screen at 375 px and 1280 px: nothing wider than the viewport, actions in view, axe clean.
 */
import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { expect, test, type Browser, type Locator, type Page } from "@playwright/test";
import { accounts, expectAccessible, login } from "./support";

const WIDTHS = [375, 1280] as const;
const tmp = path.resolve("tests/.tmp");

async function open(browser: Browser, width: number, opts: { javaScriptEnabled?: boolean } = {}) {
  const context = await browser.newContext({ viewport: { width, height: 800 }, ...opts });
  return { context, page: await context.newPage() };
}

/** Nothing on the page is wider than the viewport (no sideways scroll). */
async function expectNoOverflow(page: Page) {
  const { scroll, inner } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    inner: window.innerWidth,
  }));
  expect(scroll).toBeLessThanOrEqual(inner);
}

/** The element's box in page coordinates, measured in the page (waits for an attached element). */
const rect = (el: Locator) =>
  el.evaluate((e) => {
    const r = e.getBoundingClientRect();
    return { left: r.left + scrollX, right: r.right + scrollX, top: Math.round(r.top + scrollY) };
  });

/** Visible and wholly inside the viewport horizontally (not hidden behind a sideways scroll). */
async function expectInView(el: Locator, page: Page) {
  await expect(el).toBeVisible();
  const box = await rect(el);
  expect(box.left).toBeGreaterThanOrEqual(0);
  expect(box.right).toBeLessThanOrEqual(page.viewportSize()!.width);
}

async function expectActionsOnOneLine(actions: Locator[]) {
  const tops = await Promise.all(actions.map(async (a) => (await rect(a)).top));
  expect(new Set(tops).size).toBe(1);
}

for (const width of WIDTHS) {
  test.describe(`at ${width}px`, () => {
    test("admin Jobs: every row action is in view; one line on a desktop; keyboard reachable", async ({
      browser,
    }) => {
      const { context, page } = await open(browser, width);
      await login(page, accounts.admin.email);
      const title = "Seeded Line Maintenance Intern";
      // Searched for: other tests add jobs, and the list's first page need not hold the seeded one.
      await page.goto(`/admin/jobs?q=${encodeURIComponent(title)}`);
      const row = page.getByRole("row").filter({ hasText: title });
      const approve = row.getByRole("button", {
        name: new RegExp(`^(Approve|Unapprove): ${title}$`),
      });
      const toggle = row.getByRole("button", {
        name: new RegExp(`^(Deactivate|Activate): ${title}$`),
      });
      const edit = row.getByRole("link", { name: `Edit: ${title}` });
      const del = row.getByRole("link", { name: `Delete: ${title}` });
      for (const a of [approve, toggle, edit, del]) await expectInView(a, page);
      await expectNoOverflow(page);
      // The table itself does not scroll sideways either: nothing hides behind it.
      const scroll = page.locator(".admin-jobs-table .table-scroll");
      expect(await scroll.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
      if (width >= 1280) await expectActionsOnOneLine([approve, toggle, edit, del]);
      // Reading order is keyboard order: Tab walks the row's actions.
      await approve.focus();
      await page.keyboard.press("Tab");
      await expect(toggle).toBeFocused();
      await page.keyboard.press("Tab");
      await expect(edit).toBeFocused();
      await page.keyboard.press("Tab");
      await expect(del).toBeFocused();
      await expectAccessible(page);
      await context.close();
    });

    test("admin Companies: Edit and Delete in view, rows as cards on a phone", async ({
      browser,
    }) => {
      const { context, page } = await open(browser, width);
      await login(page, accounts.admin.email);
      // Searched for: other tests add companies, and the first page need not hold the seeded one.
      await page.goto(`/admin/companies?q=${encodeURIComponent("Seed Aviation Corp")}`);
      const row = page.getByRole("row").filter({ hasText: "Seed Aviation Corp" });
      const edit = row.getByRole("link", { name: "Edit Seed Aviation Corp" });
      const del = row.getByRole("link", { name: "Delete Seed Aviation Corp" });
      for (const a of [edit, del]) await expectInView(a, page);
      await expectNoOverflow(page);
      if (width >= 1280) await expectActionsOnOneLine([edit, del]);
      else
        // A card: the cells stack (the Website cell sits below the Company cell, not beside it).
        expect((await rect(row.getByRole("cell").nth(2))).top).toBeGreaterThan(
          (await rect(row.getByRole("cell").nth(0))).top,
        );
      await expectAccessible(page);
      await context.close();
    });

    test("the board's filters fold behind 'Filters' on a phone, with the active count", async ({
      browser,
    }) => {
      const { context, page } = await open(browser, width);
      await page.goto("/jobs?type=internship&location=Manila");
      const toggle = page.locator("summary", { hasText: "Filters" });
      const type = page.getByLabel("Job type");
      if (width < 721) {
        await expect(toggle).toBeVisible();
        await expect(toggle).toHaveText(/Filters\s*2 active/);
        await expect(type).toBeHidden();
        // Results start on the first screen.
        const first = page.locator(".job-card").first();
        await expect(first).toBeVisible();
        expect((await first.boundingBox())!.y).toBeLessThan(800);
        await toggle.click();
        await expect(type).toBeVisible();
        await expect(type).toHaveValue("internship");
        await expect(page.getByLabel("Location")).toHaveValue("Manila");
      } else {
        await expect(toggle).toBeHidden();
        await expect(type).toBeVisible();
        await expect(page.getByLabel("Category")).toBeVisible();
      }
      await expectNoOverflow(page);
      await expectAccessible(page);
      // No active filter: no count.
      await page.goto("/jobs");
      if (width < 721) await expect(toggle).toHaveText(/^\W*Filters$/);
      await context.close();
    });

    test("without JavaScript the fold still works and the desktop shows every filter", async ({
      browser,
    }) => {
      const { context, page } = await open(browser, width, { javaScriptEnabled: false });
      await page.goto("/jobs?category=Maintenance");
      const category = page.getByLabel("Category");
      if (width < 721) {
        await expect(category).toBeHidden();
        await page.locator("summary", { hasText: "Filters" }).click();
      }
      await expect(category).toBeVisible();
      await expect(category).toHaveValue("Maintenance");
      await expectNoOverflow(page);
      await context.close();
    });

    test("Create User shows every error, student-only fields included, in one submit", async ({
      browser,
    }) => {
      for (const javaScriptEnabled of [true, false]) {
        const { context, page } = await open(browser, width, { javaScriptEnabled });
        await login(page, accounts.admin.email);
        await page.goto("/admin/create-user");
        const type = page.getByLabel("User type");
        // The spec's three types, then the internship coordinator (ADR 114).
        await expect(type.locator("option")).toHaveText([
          "Student",
          "Alumni",
          "Admin",
          "OJT Coordinator",
        ]);
        expect(
          await type
            .locator("option")
            .evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value)),
        ).toEqual(["student", "alumni", "admin", "coordinator"]);
        await expect(type).toHaveValue("student");
        await page.getByLabel("Email").fill("someone@gmail.com");
        await page.getByRole("button", { name: "Create User" }).click();
        for (const msg of [
          "First name is required",
          "Last name is required",
          "Only @example.edu emails are allowed",
          "Password is required",
          "Student ID is required for students",
          "Course is required for students",
          "Year level is required for students",
        ])
          await expect(
            page.getByText(msg, { exact: true }),
            `${msg} (JS ${javaScriptEnabled})`,
          ).toBeVisible();
        await expectNoOverflow(page);
        if (javaScriptEnabled) await expectAccessible(page);
        await context.close();
      }
    });

    test("without JavaScript the register form's legal links open the texts", async ({
      browser,
    }) => {
      const { context, page } = await open(browser, width, { javaScriptEnabled: false });
      await page.goto("/register");
      const main = page.getByRole("main");
      await main.getByRole("link", { name: "Terms of Service" }).click();
      await expect(page).toHaveURL(/#terms-of-service$/);
      await expect(page.getByRole("heading", { name: "Terms of Service", level: 2 })).toBeVisible();
      await page.getByRole("link", { name: "Close" }).filter({ visible: true }).click();
      await main.getByRole("link", { name: "Privacy Policy" }).click();
      await expect(page).toHaveURL(/#privacy-policy$/);
      await expect(page.getByRole("heading", { name: "Privacy Policy", level: 2 })).toBeVisible();
      await context.close();
    });

    test("notifications appear below the navigation, never over it", async ({ browser }) => {
      const { context, page } = await open(browser, width);
      await login(page, accounts.admin.email);
      await page.goto("/admin/jobs");
      await page.getByRole("link", { name: "Refresh" }).click();
      const toast = page
        .getByRole("region", { name: "Notifications" })
        .locator(".toast", { hasText: "Refreshed" });
      await expect(toast).toBeVisible();
      const nav = (await page.locator(".navbar").boundingBox())!;
      const box = (await toast.boundingBox())!;
      expect(box.y).toBeGreaterThanOrEqual(nav.y + nav.height);
      // Top-right: its right edge is near the viewport's.
      expect(box.x + box.width).toBeGreaterThan(width - 60);
      await context.close();
    });
  });
}

test("uploads are checked in the browser before sending; the same file can be chosen again", async ({
  page,
}) => {
  fs.mkdirSync(tmp, { recursive: true });
  const big = path.join(tmp, `big-${Date.now()}.jpg`);
  fs.writeFileSync(big, Buffer.alloc(3 * 1024 * 1024, 1));
  const pdf = path.join(tmp, `doc-${Date.now()}.pdf`);
  fs.writeFileSync(pdf, "%PDF-1.4\n");
  const ok = path.join(tmp, `ok-${Date.now()}.png`);
  fs.writeFileSync(
    ok,
    await sharp({ create: { width: 40, height: 40, channels: 3, background: "#1d4ed8" } })
      .png()
      .toBuffer(),
  );
  const sent: string[] = [];
  page.on("request", (r) => {
    if (r.method() === "POST" && /\/(upload\/logo|profile)/.test(r.url())) sent.push(r.url());
  });

  // Profile photo (a student).
  await login(page, accounts.student.email);
  await page.goto("/profile");
  const photo = page.locator('input[name="profilePicture"]');
  await photo.setInputFiles(big);
  await expect(
    page.getByText("Failed to update photo — The image is larger than 2 MB."),
  ).toBeVisible();
  await photo.setInputFiles(pdf);
  await expect(
    page.getByText("Failed to update photo — Only PNG, JPEG, WebP or GIF images are accepted."),
  ).toBeVisible();
  expect(sent).toEqual([]);
  expect(await photo.evaluate((el: HTMLInputElement) => el.value)).toBe("");
  // The server still decides: a good file goes through.
  await photo.setInputFiles(ok);
  await expect(page.getByText("Failed to update photo")).toBeHidden();
  await expect.poll(() => sent.length).toBe(1);
  await page.context().clearCookies();

  // Company logo (an admin), in the modal.
  sent.length = 0;
  await login(page, accounts.admin.email);
  await page.goto("/admin/companies?new=1");
  const dialog = page.getByRole("dialog", { name: "Add Company" });
  const logo = dialog.getByLabel("Logo");
  await logo.setInputFiles(big);
  await expect(dialog.getByText("The image is larger than 2 MB.")).toBeVisible();
  await expect(page.getByText("Failed to upload logo")).toBeVisible();
  expect(sent).toEqual([]);
  await logo.setInputFiles(ok);
  await expect(page.getByText("Logo uploaded")).toBeVisible();
  // Choosing the very same file again uploads it again (the input was emptied).
  await expect.poll(() => sent.length).toBe(1);
  await logo.setInputFiles(ok);
  await expect.poll(() => sent.length).toBe(2);
});

test("admin dashboard: the two charts fill the middle row; survey cards align their buttons", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await login(page, accounts.admin.email);
  await page.goto("/dashboard");
  const cards = page.locator(".chart-grid > .chart-card");
  const grid = (await page.locator(".chart-grid").boundingBox())!;
  const first = (await cards.nth(0).boundingBox())!;
  const second = (await cards.nth(1).boundingBox())!;
  expect(Math.round(first.y)).toBe(Math.round(second.y));
  // Together (with the gap) they span the row: no empty third column.
  expect(second.x + second.width).toBeGreaterThan(grid.x + grid.width - 2);

  // Two surveys with descriptions of different lengths: their buttons share a line.
  for (const [t, d] of [
    [`Short ${Date.now().toString(36)}`, "Short."],
    [`Long ${Date.now().toString(36)}`, "A much longer description ".repeat(12)],
  ]) {
    await page.goto("/admin/surveys/new");
    await page.getByLabel("Title").fill(t);
    await page.getByLabel("Description").fill(d);
    await page
      .locator(".survey-question-editor")
      .first()
      .getByLabel("Question Text")
      .fill("How are you?");
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page).toHaveURL(/\/admin\/surveys$/);
  }
  const responses = page
    .locator(".survey-card")
    .getByRole("link", { name: /^Responses: (Short|Long) / });
  await expect(responses).toHaveCount(2);
  const ys = await responses.evaluateAll((els) =>
    els.map((e) => Math.round(e.getBoundingClientRect().top)),
  );
  expect(ys[0]).toBe(ys[1]);
});

test("the student dashboard lists jobs for the course, surveys waiting and own Apply Now clicks", async ({
  browser,
}) => {
  for (const width of WIDTHS) {
    const { context, page } = await open(browser, width);
    await login(page, accounts.student.email);
    await page.goto("/jobs");
    const card = page.locator(".job-card", { hasText: "Seeded Line Maintenance Intern" });
    const [popup] = await Promise.all([
      page.waitForEvent("popup"),
      card.getByRole("button", { name: /Apply Now/ }).click(),
    ]);
    await popup.close();
    await page.goto("/dashboard");
    const jobs = page.getByRole("region", { name: /New jobs for your course|Newest jobs/ });
    await expect(jobs.getByRole("link", { name: "Seeded Line Maintenance Intern" })).toBeVisible();
    const applied = page.getByRole("region", { name: "Your recent applications" });
    await expect(
      applied.getByRole("link", { name: "Seeded Line Maintenance Intern" }),
    ).toBeVisible();
    await expect(applied).toContainText("Apply Now clicked");
    await expect(page.getByRole("region", { name: "Surveys waiting" })).toBeVisible();
    await expectNoOverflow(page);
    await expectAccessible(page);
    await context.close();
  }
});

test("without JavaScript the dashboard's Surveys button leads to the surveys waiting", async ({
  browser,
}) => {
  // An active survey for everyone, so the student has one waiting.
  const admin = await browser.newContext();
  const a = await admin.newPage();
  await login(a, accounts.admin.email);
  const title = `Pulse ${Date.now().toString(36)}`;
  await a.goto("/admin/surveys/new");
  await a.getByLabel("Title").fill(title);
  await a.getByLabel("Audience").selectOption({ label: "All" });
  await a.getByRole("switch", { name: /Status/ }).check();
  await a
    .locator(".survey-question-editor")
    .first()
    .getByLabel("Question Text")
    .fill("How are you?");
  await a.getByRole("button", { name: "Save" }).click();
  await expect(a).toHaveURL(/\/admin\/surveys$/);
  await admin.close();

  const { context, page } = await open(browser, 375, { javaScriptEnabled: false });
  await page.goto("/login");
  await page.getByLabel("Email").fill(accounts.student.email);
  await page.getByLabel("Password", { exact: true }).fill("e2e-password-1");
  await page.getByRole("button", { name: /sign in/i }).click();
  await page.waitForURL((u) => !u.pathname.startsWith("/login"));
  await page.goto("/dashboard");
  await page.getByRole("link", { name: /^Surveys \(\d+\)$/ }).click();
  await expect(page).toHaveURL(/#surveys$/);
  const section = page.getByRole("region", { name: "Surveys waiting" });
  await expect(section.getByRole("heading", { name: title })).toBeInViewport();
  await expect(section.getByRole("link", { name: "Take survey" }).first()).toBeVisible();
  await context.close();
});

test("a text field shows a live character count near its limit (and stays bounded by maxLength)", async ({
  browser,
}) => {
  const { context, page } = await open(browser, 1280);
  await login(page, accounts.admin.email);
  await page.goto("/admin/jobs");
  await page.getByRole("link", { name: "New Job" }).click();
  const title = page.getByRole("dialog", { name: "New Job" }).getByLabel("Title");
  const max = Number(await title.getAttribute("maxlength"));
  expect(max).toBeGreaterThan(0);
  const counter = title
    .locator('xpath=ancestor::div[contains(concat(" ", @class, " "), " field ")][1]')
    .locator(".field-counter");
  await title.fill("x".repeat(Math.floor(max * 0.5)));
  await expect(counter).toBeEmpty();
  await title.fill("x".repeat(max - 10));
  await expect(counter).toHaveText(
    `${(max - 10).toLocaleString("en-US")} / ${max.toLocaleString("en-US")} characters`,
  );
  await expect(counter).toHaveAttribute("aria-live", "polite");
  await title.pressSequentially("y".repeat(20));
  await expect(title).toHaveValue(new RegExp(`^x{${max - 10}}y{10}$`));
  await expect(counter).toHaveText(
    `${max.toLocaleString("en-US")} / ${max.toLocaleString("en-US")} characters`,
  );
  await context.close();
});
