/**
 * Account journeys in Chromium against the built server with a real SMTP sink: register → code
 * from the mail → verify in the modal → sign in → signed-in menu → sign out; password reset; the
 * /verify-otp page's boxes (paste, Backspace); accessibility of every account screen.
 */
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { codeIn, expectAccessible, linkIn, login, uniqueEmail, waitForMail } from "./support";

const PASSWORD = "journey-pass-1";

/** A student registered and verified through /api (for journeys that start later). */
async function apiStudent(request: APIRequestContext, opts: { verify: boolean }) {
  const email = uniqueEmail("e2e.acct");
  const reg = await request.post("/api/auth/register", {
    data: { userType: "student", firstName: "Pia", lastName: "Journey", email, password: PASSWORD },
  });
  expect(reg.status()).toBe(201);
  const code = codeIn(await waitForMail(email, (m) => /verification code/i.test(m.subject)));
  if (opts.verify)
    expect(
      (await request.post("/api/auth/verify-otp", { data: { email, otp: code } })).status(),
    ).toBe(200);
  return { email, code };
}

const box = (page: Page, i: number) => page.getByRole("textbox", { name: `Digit ${i} of 6` });

test("register a student, verify in the modal with the mailed code, sign in, sign out", async ({
  page,
}) => {
  const email = uniqueEmail("e2e.register");
  await page.goto("/register");
  await expect(page.getByRole("heading", { name: "Create your account" })).toBeVisible();
  await expect(page.getByRole("radio", { name: "Student" })).toBeChecked();
  await page.getByLabel("First name").fill("Rosa");
  await page.getByLabel("Last name").fill("Piloto");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Student ID").fill(`E2E-${Date.now().toString(36)}`);
  await page.getByLabel("Course").selectOption({ label: "BS in Aeronautical Engineering" });
  await page.getByLabel("Year level").selectOption("4th Year");
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByLabel("Confirm password").fill(PASSWORD);
  await page.getByLabel("I accept the terms and conditions").check();
  // The terms link opens the shared legal modal.
  await page.getByRole("main").getByRole("link", { name: "Terms of Service" }).click();
  const terms = page.getByRole("dialog", { name: "Terms of Service" });
  await expect(terms).toBeVisible();
  await terms.getByRole("button", { name: "Close" }).first().click();
  await expect(terms).toBeHidden();

  await page.getByRole("button", { name: "Create account" }).click();
  const modal = page.getByRole("dialog", { name: "Verify your email" });
  await expect(modal).toBeVisible();
  await expect(modal).toContainText(email);
  await expect(modal.getByRole("button", { name: "Verify Email" })).toBeDisabled();
  // The resend wait starts when the modal opens, with a visible countdown.
  await expect(modal.getByRole("button", { name: /Resend code \(\d+s\)/ })).toBeDisabled();
  await expectAccessible(page);

  const code = codeIn(await waitForMail(email));
  await box(page, 1).click();
  // Typing moves box to box; the last digit submits by itself.
  await page.keyboard.type(code, { delay: 40 });
  await page.waitForURL(/\/login\?justVerified=1$/);
  await expect(page.getByText("Email verified. You can now sign in.")).toBeVisible();

  await login(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/$/);
  const nav = page.getByRole("navigation", { name: "Main" });
  await expect(nav.getByRole("link", { name: "Dashboard" })).toBeVisible();
  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page.getByRole("button", { name: "Logout" })).toHaveCount(0);
  await expect(nav.getByRole("link", { name: "Login" })).toBeVisible();
});

test("reset a forgotten password from the mailed link", async ({ page, request }) => {
  const { email } = await apiStudent(request, { verify: true });
  await page.goto("/login");
  await page.getByRole("link", { name: "Forgot password?" }).click();
  await expect(page.getByRole("heading", { name: "Forgot your password?" })).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(
    page.getByText(`If an account uses ${email}, a reset link is on its way to ${email}.`),
  ).toBeVisible();

  const link = linkIn(await waitForMail(email, (m) => /reset/i.test(m.subject)));
  await page.goto(link);
  await expect(page.getByRole("heading", { name: "Reset your password" })).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel("New password", { exact: true }).fill("brand-new-pass-2");
  await page.getByLabel("Confirm new password").fill("brand-new-pass-3");
  await page.getByLabel("Confirm new password").blur();
  await expect(page.getByText("Passwords do not match")).toBeVisible();
  await page.getByLabel("Confirm new password").fill("brand-new-pass-2");
  await page.getByLabel("Confirm new password").blur();
  await expect(page.getByText("Passwords do not match")).toBeHidden();
  await page.getByRole("button", { name: "Reset password" }).click();
  await page.waitForURL(/\/login\?passwordReset=1$/);
  await expect(page.getByText("Your password has been reset. You can now sign in.")).toBeVisible();
  await login(page, email, "brand-new-pass-2");
  await expect(page.getByRole("button", { name: "Logout" })).toBeVisible();
  // The link worked once.
  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page.getByRole("button", { name: "Logout" })).toHaveCount(0);
  await page.goto(link);
  await expect(
    page.getByText("This password reset link is invalid or has expired. Please request a new one."),
  ).toBeVisible();
});

test("an unverified sign-in goes to /verify-otp, where the boxes take a pasted code", async ({
  page,
  request,
}) => {
  const { email, code } = await apiStudent(request, { verify: false });
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL(/\/verify-otp\?s=/);
  await expect(page.getByRole("heading", { name: "Verify your email" })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  await expectAccessible(page);

  const verifyButton = page.getByRole("button", { name: "Verify Email" });
  await box(page, 1).click();
  await page.keyboard.type("123");
  await expect(box(page, 4)).toBeFocused();
  await expect(verifyButton).toBeDisabled();
  // Backspace on an empty box clears the previous one and moves back.
  await page.keyboard.press("Backspace");
  await expect(box(page, 3)).toBeFocused();
  await expect(box(page, 3)).toHaveValue("");
  await expect(box(page, 2)).toHaveValue("2");

  // Completing the boxes submits by itself; a wrong code is reported and the boxes start over.
  const wrongTail = code.startsWith("12") && code.endsWith("9999") ? "8888" : "9999";
  await page.keyboard.type(wrongTail);
  await expect(
    page.getByRole("alert").filter({ hasText: "Invalid verification code" }),
  ).toBeVisible();
  await expect(box(page, 1)).toBeFocused();
  await expect(box(page, 1)).toHaveValue("");

  // Pasting the 6-digit code fills every box and submits.
  await box(page, 1).focus();
  await page.evaluate((text) => {
    const dt = new DataTransfer();
    dt.setData("text/plain", text);
    document.activeElement!.dispatchEvent(
      new ClipboardEvent("paste", { clipboardData: dt, bubbles: true, cancelable: true }),
    );
  }, ` ${code} `);
  await page.waitForURL((u) => !u.pathname.startsWith("/verify-otp"));
  await expect(page.getByRole("button", { name: "Logout" })).toBeVisible();
});

test("the password toggle shows and hides; Student ID is only for students; sign-in errors are shown", async ({
  page,
}) => {
  await page.goto("/login");
  await expectAccessible(page);
  const pw = page.getByLabel("Password", { exact: true });
  await pw.fill("abcdefg");
  await expect(pw).toHaveAttribute("type", "password");
  await page.getByRole("button", { name: "Show password" }).click();
  await expect(pw).toHaveAttribute("type", "text");
  await page.getByRole("button", { name: "Hide password" }).click();
  await expect(pw).toHaveAttribute("type", "password");
  await page.getByLabel("Email").fill("nobody@example.edu");
  await page.getByRole("button", { name: "Sign in" }).click();
  // The error box on the page and the notification.
  await expect(
    page.locator(".alert-error", { hasText: "Invalid email or password" }),
  ).toBeVisible();
  await expect(
    page.getByRole("alert").filter({ hasText: "Invalid email or password" }),
  ).toBeVisible();

  await page.goto("/register");
  await expectAccessible(page);
  await expect(page.getByLabel("Student ID")).toBeVisible();
  await page.getByRole("radio", { name: "Alumni" }).check();
  await expect(page.getByLabel("Student ID")).toBeHidden();
  await page.getByLabel("Email").fill("someone@gmail.com");
  await page.getByLabel("Email").blur();
  await expect(page.getByText("Only @example.edu emails are allowed")).toBeVisible();
});

test("account screens fit a 375 px phone", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  for (const path of [
    "/login",
    "/register",
    "/forgot-password",
    "/reset-password?token=x&email=a%40example.edu",
  ]) {
    await page.goto(path);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    expect(overflow, path).toBeLessThanOrEqual(0);
  }
  await expectAccessible(page);
});

test.describe(() => {
  // The chunk is held with page.route, which a service worker's fetch goes around: once the worker
  // claims the page (it does on its first visit), the import would reach the server unheld.
  test.use({ serviceWorkers: "block" });

  test("a sign-in screen loads its validation on the first touch, and checks a field left before it arrived", async ({
    page,
  }) => {
    const validatorsChunk = /\/build\/_shared\/validators-[A-Z0-9]+\.js$/;
    const scripts: string[] = [];
    page.on("request", (r) => {
      if (r.resourceType() === "script") scripts.push(r.url());
    });
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(validatorsChunk, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto("/login");
    await page.waitForLoadState("networkidle");
    expect(
      scripts.filter((u) => validatorsChunk.test(u)),
      "not loaded with the page",
    ).toEqual([]);

    const posts: string[] = [];
    page.on("request", (r) => {
      if (r.method() === "POST") posts.push(r.url());
    });
    await page.getByLabel("Email").fill("not-an-address");
    await page.getByLabel("Password", { exact: true }).focus(); // leaves Email while the chunk is held
    await expect.poll(() => scripts.some((u) => validatorsChunk.test(u))).toBe(true);
    await expect(page.getByText("Please enter a valid email address")).toBeHidden();
    release();
    await expect(page.getByText("Please enter a valid email address")).toBeVisible();
    await page.getByLabel("Email").fill("student@example.edu");
    await expect(page.getByText("Please enter a valid email address")).toBeHidden(); // on input
    expect(posts, "checked in the browser, nothing posted").toEqual([]);
  });
});
