/**
 * Alumni keep their account: an alumnus adds a personal address on the profile, enters
 * the code mailed to it (read from the real SMTP sink), signs out and signs in with that address.
 */
import { expect, test } from "@playwright/test";
import { accounts, codeIn, E2E_PASSWORD, expectAccessible, login, waitForMail } from "./support";

test("an alumnus adds a personal e-mail, verifies it from the mail and signs in with it", async ({
  page,
}) => {
  const personal = `alex.${Date.now().toString(36)}@personal-mail.example`;
  await login(page, accounts.alumni.email);
  await page.goto("/profile");
  const section = page.getByRole("region", { name: "Personal e-mail" });
  await expect(section).toBeVisible();
  // On a retry the address of the first try is there, and the form is folded.
  const another = section.getByText("Use another personal e-mail");
  if (await another.isVisible()) await another.click();
  // (On a retry the verified address of the first try is also a "My personal e-mail" radio.)
  await section.getByRole("textbox", { name: "Personal e-mail" }).fill(personal);
  await section.getByLabel("Password").fill(E2E_PASSWORD);
  await section.getByRole("button", { name: "Send code" }).click();
  await expect(
    section.getByText(`We sent a 6-digit code to ${personal}.`, { exact: false }),
  ).toBeVisible();
  await expectAccessible(page);

  const mail = await waitForMail(personal);
  expect(mail.subject).toMatch(/verification code/i);
  await section.getByLabel("Verification code").fill(codeIn(mail));
  await section.getByRole("button", { name: "Verify" }).click();
  await expect(
    page.getByText("Personal e-mail verified. You can now sign in with it.", { exact: true }),
  ).toBeVisible();
  await expect(
    section.getByText(`You can sign in with ${personal} or ${accounts.alumni.email}.`),
  ).toBeVisible();

  await page.getByRole("button", { name: "Logout" }).filter({ visible: true }).click();
  // Signed out on the server before /login is asked for, or /login sends the session on.
  await expect(page.getByRole("button", { name: "Logout" })).toHaveCount(0);
  await login(page, personal);
  await page.goto("/dashboard");
  await expect(
    page.getByRole("heading", { name: `Welcome, ${accounts.alumni.firstName}!` }),
  ).toBeVisible();
});

test("an alumnus who lost the college mailbox gets the reset link at the personal address typed", async ({
  page,
}) => {
  const personal = `alex.reset.${Date.now().toString(36)}@personal-mail.example`;
  await login(page, accounts.alumni.email);
  await page.goto("/profile");
  const section = page.getByRole("region", { name: "Personal e-mail" });
  const another = section.getByText("Use another personal e-mail");
  if (await another.isVisible()) await another.click();
  await section.getByRole("textbox", { name: "Personal e-mail" }).fill(personal);
  // The add form's password (a verified address from an earlier test adds a remove form too).
  await section.locator("#personal-password").fill(E2E_PASSWORD);
  await section.getByRole("button", { name: "Send code" }).click();
  await section.getByLabel("Verification code").fill(codeIn(await waitForMail(personal)));
  await section.getByRole("button", { name: "Verify" }).click();
  await expect(
    section.getByText(`You can sign in with ${personal} or ${accounts.alumni.email}.`),
  ).toBeVisible();
  await page.getByRole("button", { name: "Logout" }).filter({ visible: true }).click();
  await expect(page.getByRole("button", { name: "Logout" })).toHaveCount(0);

  await page.goto("/forgot-password");
  await page.getByLabel("Email").fill(personal);
  await page.getByRole("button", { name: "Send reset link" }).click();
  // The page names the address it used; an unknown one gets the same sentence.
  await expect(
    page.getByText(`If an account uses ${personal}, a reset link is on its way to ${personal}.`),
  ).toBeVisible();
  await expectAccessible(page);
  const mail = await waitForMail(personal, (m) => /reset/i.test(m.subject));
  const link = new URL(mail.text.match(/https?:\/\/\S+/)![0]);
  expect(link.searchParams.get("email")).toBe(personal);
  await page.goto(link.pathname + link.search);
  await expect(page.getByRole("heading", { name: "Reset your password" })).toBeVisible();
  await expect(page.getByText(`Choose a new password for ${personal}.`)).toBeVisible();
});
