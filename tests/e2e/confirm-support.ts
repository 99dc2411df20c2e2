/** Helpers of the destructive-action tests: an employer signed up through /employers, with a job. */
import { expect, type Browser, type Page } from "@playwright/test";
import { codeIn, waitForMail } from "./support";

const box = (page: Page, i: number) => page.getByRole("textbox", { name: `Digit ${i} of 6` });

/** Signs a new employer up (a new company) and posts one job; returns its page on /employer. */
export async function employerWithJob(
  browser: Browser,
  title: string,
  viewport = { width: 1280, height: 800 },
): Promise<Page> {
  const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
  const domain = `confirm${id}.com.ph`;
  const email = `hr@${domain}`;
  const page = await (await browser.newContext({ viewport })).newPage();
  await page.goto("/employers");
  await page.getByLabel("First name").fill("Hana");
  await page.getByLabel("Last name").fill("Recruiter");
  await page.getByLabel("Work email").fill(email);
  await page.getByLabel("Company", { exact: true }).selectOption("new");
  await page.getByLabel("Company name").fill(`Confirm Aero ${id}`);
  await page.getByLabel("Company website").fill(`https://www.${domain}`);
  await page.getByLabel("Company location").fill("Pasay City");
  await page.getByLabel("Password", { exact: true }).fill("employer-pass-18");
  await page.getByLabel("Confirm password").fill("employer-pass-18");
  await page.getByLabel("I accept the terms and conditions").check();
  await page.getByRole("button", { name: "Create employer account" }).click();
  await page.waitForURL(/\/verify-otp/);
  const code = codeIn(await waitForMail(email, (m) => /verification code/i.test(m.subject)));
  await box(page, 1).click();
  await page.keyboard.type(code, { delay: 40 });
  await page.waitForURL(/\/employer$/);
  await page.getByRole("link", { name: "Post a job", exact: true }).click();
  await page.getByLabel("Title *").fill(title);
  await page.getByLabel("Description", { exact: true }).fill("Assist engineers on line checks.");
  await page.getByRole("button", { name: "Submit for review" }).click();
  await expect(page).toHaveURL(/\/employer$/);
  await expect(page.getByRole("row", { name: new RegExp(title) })).toBeVisible();
  return page;
}
