/**
 * Survey invitations end to end (issue 14, area C): an admin sends an alumni survey's invitations
 * from its Progress page (after a confirmation that counts the people), the alumnus's mail arrives
 * at the real SMTP sink, its personal link goes through sign-in back to the survey, the alumnus
 * answers, and the admin's Progress page shows the link opened, the answer and the batch delivered.
 */
import { expect, test } from "@playwright/test";
import { accounts, E2E_PASSWORD, expectAccessible, login, waitForMail } from "./support";

const title = `E2E Invitations ${Date.now().toString(36)}`;

test("an admin invites the alumni, the mailed link opens the survey after sign-in, the rate follows", async ({
  browser,
  request,
}) => {
  test.slow();
  const auth = await request.post("/api/auth/login", {
    data: { email: accounts.admin.email, password: E2E_PASSWORD },
  });
  const token = (await auth.json()).token as string;
  const created = await request.post("/api/surveys", {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      title,
      description: "Where are you now?",
      audience: "alumni",
      status: "active",
      questions: [{ text: "Current job title", type: "short_text", required: true }],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const id = (await created.json())._id as string;

  const admin = await (await browser.newContext()).newPage();
  await login(admin, accounts.admin.email);
  await admin.goto("/admin/surveys");
  await admin.getByRole("link", { name: `Progress: ${title}` }).click();
  await expect(admin.getByRole("heading", { name: `Progress — ${title}` })).toBeVisible();
  await expectAccessible(admin);
  await admin.getByRole("link", { name: "Send invitations" }).click();
  await expect(admin.getByText(/This will e-mail \d+ (person|people)\. Send now\?/)).toBeVisible();
  await admin.getByRole("button", { name: "Send the invitations" }).click();
  await expect(admin.getByText(/Invitations queued: \d+ e-mails? on their way\./)).toBeVisible();

  const mail = await waitForMail(accounts.alumni.email, (m) => m.subject.includes(title));
  const link = new URL(mail.text.match(/https?:\/\/\S+\?invite=\S+/)![0]);
  expect(link.pathname).toBe(`/surveys/${id}`);

  // Signed out: the link goes through sign-in and back to the survey.
  const alum = await (await browser.newContext()).newPage();
  await alum.goto(link.pathname + link.search);
  await expect(alum).toHaveURL(/\/login\?redirectTo=/);
  await alum.getByLabel("Email").fill(accounts.alumni.email);
  await alum.getByLabel("Password", { exact: true }).fill(E2E_PASSWORD);
  await alum.getByRole("button", { name: /sign in/i }).click();
  await alum.waitForURL((u) => u.pathname === `/surveys/${id}`);
  await expect(alum.getByRole("heading", { name: title })).toBeVisible();
  await alum.getByLabel(/Current job title/).fill("Aircraft maintenance technician");
  await alum.getByRole("button", { name: "Submit" }).click();
  await expect(alum.getByText("Thanks! Your response has been submitted.").first()).toBeVisible();

  // The admin's page follows (it revalidates on focus and every 30 s; a reload is the same data).
  await admin.reload();
  const stat = (label: string) =>
    admin.locator(".stat-card", { has: admin.getByText(label, { exact: true }) }).locator("dd");
  await expect(stat("Answered")).toHaveText("1");
  await expect(stat("Opened the link")).toHaveText("1");
  await expect(stat("Response rate")).not.toHaveText("0.0%");
  const batch = admin.locator("table").last().locator("tbody tr").first();
  await expect(batch).toContainText("Invitation");
  await expect(batch.locator("td").nth(7)).toHaveText("0"); // failed
  await expectAccessible(admin);
});
