/**
 * Forms that explain themselves and pictures at their size: the register page's password rules and
 * its one-submit errors (with and without JavaScript), the code dialog without an earlier error
 * notice, the code screen's reason after an unverified sign-in, the profile photo field, every
 * input at 44 px or more, and notices that stay clear of the bar, its menu and the theme picker.
 */
import { expect, test, type Browser, type Locator, type Page } from "@playwright/test";
import sharp from "sharp";
import { accounts, expectAccessible, login, uniqueEmail } from "./support";

const WEAK = "password1";
const STRONG = "kettle-orbit-mango-41";

async function fillRegister(page: Page, o: { email: string; password: string; first?: string }) {
  await page.getByLabel("First name").fill(o.first ?? "Rosa");
  await page.getByLabel("Last name").fill("Dela Cruz");
  await page.getByLabel("Email").fill(o.email);
  await page.getByLabel("Password", { exact: true }).fill(o.password);
  await page.getByLabel("Confirm password").fill(o.password);
}

async function noScript(browser: Browser) {
  const ctx = await browser.newContext({ javaScriptEnabled: false });
  return ctx.newPage();
}

test("register shows the password rules and reports every error with the password's strength in one submit", async ({
  page,
}) => {
  await page.goto("/register");
  const password = page.getByLabel("Password", { exact: true });
  // The rules are read before anyone submits, and tied to the field.
  await expect(password).toHaveAccessibleDescription(/At least 6 characters and hard to guess/);
  await fillRegister(page, { email: uniqueEmail("weak"), password: WEAK, first: "" });
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByText("First name is required")).toBeVisible();
  await expect(page.getByText("You must accept the terms and conditions")).toBeVisible();
  await expect(page.getByText(/This password is easy to guess\./)).toBeVisible();
  await expect(password).toHaveAttribute("aria-invalid", "true");
  await expectAccessible(page);
});

test("without JavaScript one register submit reports every field error, strength included", async ({
  browser,
}) => {
  const page = await noScript(browser);
  await page.goto("/register");
  await expect(page.getByText(/At least 6 characters and hard to guess/)).toBeVisible();
  await fillRegister(page, { email: "rosa@gmail.com", password: WEAK, first: "" });
  await page.getByRole("button", { name: "Create account" }).click();
  for (const m of [
    "First name is required",
    "Only @example.edu emails are allowed",
    "You must accept the terms and conditions",
  ])
    await expect(page.getByText(m)).toBeVisible();
  await expect(page.getByText(/This password is easy to guess\./)).toBeVisible();
  await page.context().close();
});

test("the code dialog opens without the earlier try's error notice", async ({ page }) => {
  await page.goto("/register");
  // An address already taken: the failure is a notice.
  await fillRegister(page, { email: accounts.student.email, password: STRONG });
  await page.getByLabel("I accept the terms and conditions").check();
  await page.getByRole("button", { name: "Create account" }).click();
  const toast = page.locator(".toast-error");
  await expect(toast).toBeVisible();
  await page.getByLabel("Email").fill(uniqueEmail("fresh"));
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByRole("dialog")).toBeVisible();
  await expect(toast).toHaveCount(0);
});

test("signing in unverified says why it leads to the code screen", async ({ browser, page }) => {
  const email = uniqueEmail("unverified");
  const plain = await noScript(browser);
  await plain.goto("/register");
  await fillRegister(plain, { email, password: STRONG });
  await plain.getByLabel("I accept the terms and conditions").check();
  await plain.getByRole("button", { name: "Create account" }).click();
  await plain.waitForURL(/\/verify-otp/);
  // After registering the page needs no reason.
  await expect(plain.getByText(/not verified yet/)).toHaveCount(0);
  await plain.context().close();

  await login(page, email, STRONG);
  await expect(page).toHaveURL(/\/verify-otp/);
  await expect(
    page.getByText("Your email address is not verified yet, so signing in continues here"),
  ).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  await expectAccessible(page);
});

test("the profile photo is one Change photo field that names the chosen file without JavaScript", async ({
  browser,
}) => {
  const page = await noScript(browser);
  await login(page, accounts.alumni.email);
  await page.goto("/profile");
  const field = page.getByLabel("Change photo");
  await expect(field).toHaveCount(1);
  await expect(page.getByText("Upload photo")).toHaveCount(0);
  const png = await sharp({
    create: { width: 300, height: 300, channels: 3, background: "#0f766e" },
  })
    .png()
    .toBuffer();
  await field.setInputFiles({ name: "my-portrait.png", mimeType: "image/png", buffer: png });
  // The browser's own field is on screen, wide enough to show the file's name.
  const box = (await field.boundingBox())!;
  expect(box.width).toBeGreaterThan(150);
  expect(box.height).toBeGreaterThanOrEqual(44);
  await expect(field).toHaveValue(/my-portrait\.png$/);
  await page.getByRole("button", { name: "Save photo" }).click();
  // The photo shows at the size of the initials circle it replaces.
  const img = page.getByRole("img", { name: /Profile photo of/ });
  await expect(img).toBeVisible();
  const shown = (await img.boundingBox())!;
  expect(Math.round(shown.width)).toBe(96);
  expect(Math.round(shown.height)).toBe(96);
  await page.context().close();
});

/** Every visible input, select and textarea but checkboxes and radios, with its height. */
async function shortInputs(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>("input, select, textarea")]
      .filter((el) => {
        const t = (el.getAttribute("type") ?? "").toLowerCase();
        if (["hidden", "checkbox", "radio"].includes(t)) return false;
        const r = el.getBoundingClientRect();
        const s = getComputedStyle(el);
        // Visually hidden inputs (a switch's track, a 1 px clip) are not what a person taps.
        return r.width > 2 && r.height > 2 && s.visibility !== "hidden" && s.opacity !== "0";
      })
      .filter((el) => el.getBoundingClientRect().height < 44 - 0.5)
      .map(
        (el) =>
          `${location.pathname} ${el.tagName.toLowerCase()}[name=${el.getAttribute("name")}] ${el
            .getBoundingClientRect()
            .height.toFixed(1)}px`,
      ),
  );
}

test("every input on the form screens is at least 44 px tall, the personal e-mail code and dates included", async ({
  browser,
}) => {
  test.slow();
  for (const width of [375, 1280]) {
    const ctx = await browser.newContext({ viewport: { width, height: 900 } });
    const page = await ctx.newPage();
    const short: string[] = [];
    for (const path of ["/register", "/login", "/forgot-password", "/jobs", "/employers"]) {
      await page.goto(path);
      short.push(...(await shortInputs(page)));
    }
    await login(page, accounts.admin.email);
    for (const path of [
      "/admin/create-user",
      "/admin/users",
      "/admin/jobs?new=1",
      "/admin/companies",
      "/admin/ojt/new",
      "/admin/surveys/new",
    ]) {
      await page.goto(path);
      await page.waitForLoadState("networkidle");
      short.push(...(await shortInputs(page)));
    }
    await ctx.clearCookies();
    await login(page, accounts.alumni.email);
    await page.goto("/profile?edit");
    short.push(...(await shortInputs(page)));
    await page.goto("/alerts");
    short.push(...(await shortInputs(page)));
    expect(short, `at ${width}px`).toEqual([]);
    await ctx.close();
  }
});

test("the personal e-mail code field has the standard input style", async ({ page }) => {
  const personal = `forms.${Date.now().toString(36)}@personal-mail.example`;
  await login(page, accounts.student.email);
  await page.goto("/profile");
  const section = page.getByRole("region", { name: "Personal e-mail" });
  const another = section.getByText("Use another personal e-mail");
  if (await another.isVisible()) await another.click();
  await section.getByRole("textbox", { name: "Personal e-mail" }).fill(personal);
  await section.getByLabel("Password").fill("e2e-password-1");
  await section.getByRole("button", { name: "Send code" }).click();
  const code = section.getByLabel("Verification code");
  await expect(code).toBeVisible();
  const reference = section.getByRole("textbox", { name: "Personal e-mail" });
  const style = (l: Locator) =>
    l.evaluate((el) => {
      const s = getComputedStyle(el);
      return [s.borderTopWidth, s.borderRadius, s.paddingLeft, s.minHeight].join(" ");
    });
  if (await reference.isVisible()) expect(await style(code)).toBe(await style(reference));
  expect((await code.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  expect(await code.evaluate((el) => getComputedStyle(el).minHeight)).toBe("44px");
});

/** Whether two boxes overlap. */
const overlap = (
  a: { x: number; y: number; width: number; height: number },
  b: { x: number; y: number; width: number; height: number },
) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

for (const width of [375, 1280]) {
  test(`at ${width}px a notice covers neither the bar, the avatar, the open menu nor the theme picker`, async ({
    browser,
  }) => {
    const ctx = await browser.newContext({ viewport: { width, height: 800 } });
    const page = await ctx.newPage();
    // Notices leave on a timer: a frozen clock keeps "Logged in successfully" up while we measure.
    await page.clock.install();
    await login(page, accounts.admin.email);
    await expect(page).toHaveURL(/\/dashboard$/);
    const toast = page.locator(".toast").first();
    await expect(toast).toBeVisible();
    const theme = page.getByLabel("Theme");
    await expect(theme).toBeVisible();
    const banner = page.getByRole("banner");
    if (width < 768) await banner.getByRole("button", { name: "Menu" }).click();
    const t = (await toast.boundingBox())!;
    const covered: string[] = [];
    const check = async (name: string, l: Locator) => {
      for (const el of await l.all())
        if ((await el.isVisible()) && overlap(t, (await el.boundingBox())!)) covered.push(name);
    };
    await check("bar", banner);
    await check("avatar", page.locator(".avatar"));
    await check("theme picker", theme);
    await check("menu", page.locator(".mobile-panel"));
    expect(covered).toEqual([]);
    await ctx.close();
  });
}
