/**
 * Employer posting end to end: an employer signs up at /employers with a new company
 * (the code arrives at the real SMTP sink), posts an OJT job with a licence, an admin declines it
 * from the approval queue with a template (the employer is mailed the reason), the employer edits
 * and resubmits, the admin approves (mailed with the public link), a student finds it on the board
 * by licence, opens it, sees the requirements and reports it; the admin's reports queue shows it.
 */
import { expect, test, type Page } from "@playwright/test";
import { accounts, expectAccessible, login, waitForMail, codeIn } from "./support";

const id = Date.now().toString(36);
const domain = `skyway${id}.com.ph`;
const employerEmail = `hr@${domain}`;
const password = "employer-pass-18";
const title = `E2E Line Maintenance OJT ${id}`;
const licence = `CAAP AMT licence ${id}`;

const box = (page: Page, i: number) => page.getByRole("textbox", { name: `Digit ${i} of 6` });

test("an employer signs up and posts, an admin declines then approves, a student finds it by licence and reports it", async ({
  browser,
}) => {
  test.slow();
  const employer = await (await browser.newContext()).newPage();

  // ── Sign-up at /employers, linked from the board ──
  await employer.goto("/jobs");
  await employer
    .getByRole("link", { name: /Hiring\? Post a job/ })
    .first()
    .click();
  await expect(employer).toHaveURL(/\/employers$/);
  await expect(employer.getByRole("heading", { name: "Post jobs on Runway" })).toBeVisible();
  await employer.getByLabel("First name").fill("Hana");
  await employer.getByLabel("Last name").fill("Recruiter");
  await employer.getByLabel("Work email").fill(employerEmail);
  await employer.getByLabel("Company", { exact: true }).selectOption("new");
  await employer.getByLabel("Company name").fill(`Skyway Aero ${id}`);
  await employer.getByLabel("Company website").fill(`https://www.${domain}`);
  await employer.getByLabel("Company location").fill("Pasay City");
  await employer.getByLabel("Password", { exact: true }).fill(password);
  await employer.getByLabel("Confirm password").fill(password);
  await employer.getByLabel("I accept the terms and conditions").check();
  await expectAccessible(employer);
  await employer.getByRole("button", { name: "Create employer account" }).click();
  await employer.waitForURL(/\/verify-otp/);
  const code = codeIn(
    await waitForMail(employerEmail, (m) => /verification code/i.test(m.subject)),
  );
  await box(employer, 1).click();
  await employer.keyboard.type(code, { delay: 40 });
  // The right code signs the employer in and lands on its own page.
  await employer.waitForURL(/\/employer$/);
  await expect(employer.getByRole("heading", { name: "Your jobs" })).toBeVisible();
  // Its footer links its own pages, not the members' or the sign-up it has used.
  const footer = employer.getByRole("contentinfo");
  await expect(footer.getByRole("link", { name: "My jobs" })).toHaveAttribute("href", "/employer");
  await expect(footer.getByRole("link", { name: "Hiring? Post a job" })).toHaveCount(0);

  // ── Post a job ──
  await employer.getByRole("link", { name: "Post a job", exact: true }).click();
  await expect(employer.getByRole("heading", { name: "Post a job" })).toBeVisible();
  // The employer's form has no company picker and no approval switch.
  await expect(employer.getByLabel("Company *")).toHaveCount(0);
  await employer.getByLabel("Title *").fill(title);
  await employer.getByLabel("Job type").selectOption("ojt");
  await employer.getByLabel("Location").fill("NAIA Terminal 3, Pasay");
  await employer.getByLabel("Required licences or certificates").fill(licence);
  await employer.getByLabel("OJT hours").fill("486");
  await employer.getByLabel("Shift or rotation").fill("Night shift, 4 on / 3 off");
  await employer
    .getByLabel("Description", { exact: true })
    .fill("Assist licensed engineers on A320 line checks.");
  await employer.getByRole("button", { name: "Submit for review" }).click();
  await expect(employer).toHaveURL(/\/employer$/);
  await expect(employer.getByText("Submitted for review").first()).toBeVisible();
  const row = () => employer.getByRole("row", { name: new RegExp(title) });
  await expect(row()).toContainText("Pending review");

  // ── The admin declines it from the approval queue with a template ──
  const admin = await (await browser.newContext()).newPage();
  await login(admin, accounts.admin.email);
  await admin.goto("/admin/jobs?view=queue");
  await expect(admin.getByRole("heading", { name: "Approval queue" })).toBeVisible();
  const queued = admin.getByRole("row", { name: new RegExp(title) });
  await expect(queued).toContainText("Domain verified");
  await admin.getByRole("link", { name: `Decline: ${title}` }).click();
  const dialog = admin.getByRole("dialog", { name: "Decline job" });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel("Reason template").selectOption({ label: "Incomplete posting" });
  await expect(dialog.getByLabel("Reason", { exact: true })).toHaveValue(
    /duties, the qualifications/,
  );
  await expectAccessible(admin);
  await dialog.getByRole("button", { name: "Decline job" }).click();
  await expect(admin.getByText(/Job declined/).first()).toBeVisible();
  await expect(admin.getByRole("row", { name: new RegExp(title) })).toHaveCount(0);
  const declined = await waitForMail(employerEmail, (m) => /was not approved/.test(m.subject));
  expect(declined.text).toContain("duties, the qualifications");
  expect(declined.text).toMatch(/\/employer\/jobs\/[0-9a-f-]+\/edit/);

  // ── The employer sees the reason, edits and resubmits ──
  await employer.reload();
  await expect(row()).toContainText("Declined");
  await expect(row()).toContainText("duties, the qualifications");
  await employer.getByRole("link", { name: `Edit: ${title}` }).click();
  await expect(employer.getByRole("heading", { name: "Edit job" })).toBeVisible();
  await employer
    .getByLabel("Description", { exact: true })
    .fill(
      "Duties: assist licensed engineers on A320 line checks. Qualifications: AMT students. Apply with your CV.",
    );
  await employer.getByRole("button", { name: "Submit for review" }).click();
  await expect(employer).toHaveURL(/\/employer$/);
  await expect(row()).toContainText("Pending review");

  // ── The admin approves; the employer is mailed the public link ──
  await admin.goto("/admin/jobs?view=queue");
  await admin.getByRole("button", { name: `Approve: ${title}` }).click();
  await expect(admin.getByText("Job approved").first()).toBeVisible();
  const approved = await waitForMail(employerEmail, (m) => /approved and live/.test(m.subject));
  const jobUrl = approved.text.match(/https?:\/\/\S+\/jobs\/[0-9a-f-]{36}/)![0];
  await employer.reload();
  await expect(row()).toContainText("Approved");

  // ── A student finds it by licence (any case), sees the requirements and reports it ──
  const student = await (await browser.newContext()).newPage();
  await login(student, accounts.student.email);
  await student.goto("/jobs");
  // On a phone the filters fold behind "Filters"; on this desktop viewport they are open.
  const fold = student.getByText("Filters", { exact: true });
  if (await fold.isVisible()) await fold.click();
  await student.getByLabel("Licence or certificate").fill(licence.toUpperCase());
  await student.getByRole("button", { name: "Search", exact: true }).click();
  await expect(student).toHaveURL(/licence=/);
  await expect(student.locator(".jobs-summary")).toContainText("1");
  await student.getByRole("link", { name: title }).first().click();
  await expect(student).toHaveURL(new RegExp(new URL(jobUrl).pathname));
  const requirements = student.getByRole("region", { name: "Requirements" });
  await expect(requirements).toContainText(licence);
  await expect(requirements).toContainText("486 hours");
  await expect(student.getByRole("link", { name: /Stay safe/ })).toBeVisible();
  await student.getByText("Report this posting", { exact: true }).click();
  await student.getByLabel("Scam or fee requested").check();
  await student.getByLabel("Details").fill("They asked for a training fee on a chat app.");
  await student.getByRole("button", { name: "Send report" }).click();
  await expect(
    student.getByText("Thanks — the career office will review this posting.").first(),
  ).toBeVisible();

  // ── The admin's reports queue has it ──
  await admin.goto("/admin/reports");
  await expect(admin.getByRole("heading", { name: title })).toBeVisible();
  await expectAccessible(admin);
});
