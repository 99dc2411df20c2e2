/**
 * A tracer study end to end: an admin targets a cohort (alumni of one graduation year)
 * in the survey editor and activates it, sends the invitations from its Progress page (after a
 * confirmation that counts the people), the alumnus's mail arrives at the real SMTP sink, its
 * personal link goes through sign-in back to the survey, the alumnus answers, and the admin's
 * Progress page shows the link opened, the answer and the batch delivered, and the outcomes page
 * goes from "0 of 1" responded to "1 of 1".
 */
import { expect, test } from "@playwright/test";
import { accounts, E2E_PASSWORD, expectAccessible, login, waitForMail } from "./support";

const title = `E2E Invitations ${Date.now().toString(36)}`;

test("an admin targets a cohort and invites it, the mailed link opens the survey after sign-in, the rate and the outcomes follow", async ({
  browser,
  request,
}) => {
  test.slow();
  const auth = await request.post("/api/auth/login", {
    data: { email: accounts.admin.email, password: E2E_PASSWORD },
  });
  const token = (await auth.json()).token as string;
  // The alumnus of the cohort: class of 2024 (the profile's own API).
  const alumAuth = await request.post("/api/auth/login", {
    data: { email: accounts.alumni.email, password: E2E_PASSWORD },
  });
  const alumToken = (await alumAuth.json()).token as string;
  const year = await request.put("/api/profile/me", {
    headers: { Authorization: `Bearer ${alumToken}` },
    data: { graduationYear: 2024 },
  });
  expect(year.status(), await year.text()).toBe(200);
  const created = await request.post("/api/surveys", {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      title,
      description: "Where are you now?",
      audience: "alumni",
      status: "draft",
      questions: [
        {
          text: "Are you presently employed?",
          type: "multiple_choice",
          key: "employment_status",
          required: true,
          options: [
            "Yes, employed",
            "Self-employed / business owner",
            "Not employed",
            "Never been employed",
          ],
        },
        { text: "Current job title", type: "short_text", required: true },
      ],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const id = (await created.json())._id as string;

  const admin = await (await browser.newContext()).newPage();
  await login(admin, accounts.admin.email);
  // The cohort, in the editor: alumni of 2024 only; then the survey goes live.
  await admin.goto("/admin/surveys");
  await admin.getByRole("link", { name: `Edit: ${title}` }).click();
  await admin.getByLabel("Graduation years").fill("2024");
  await admin.getByRole("switch", { name: "Status" }).check();
  await admin.getByRole("button", { name: "Save" }).click();
  await expect
    .poll(async () => {
      const r = await request.get(`/api/surveys/${id}`, {
        headers: { Authorization: `Bearer ${token}` },
      });
      const s = await r.json();
      return `${s.status} ${JSON.stringify(s.graduationYears)}`;
    })
    .toBe("active [2024]");
  await admin.goto(`/admin/surveys/${id}/outcomes`);
  const headline = (label: string) =>
    admin.locator(".outcome-headline .stat-card", { has: admin.getByText(label, { exact: true }) });
  await expect(headline("Responded")).toContainText("0 of 1");
  await admin.goto("/admin/surveys");
  await admin.getByRole("link", { name: `Progress: ${title}` }).click();
  await expect(admin.getByRole("heading", { name: `Progress — ${title}` })).toBeVisible();
  await expectAccessible(admin);
  await admin.getByRole("link", { name: "Send invitations" }).click();
  await expect(admin.getByText("This will e-mail 1 person. Send now?")).toBeVisible();
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
  await alum.getByRole("radio", { name: "Yes, employed" }).check();
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

  // The outcomes count the answer (one answer is a group under 5: the rates stay suppressed).
  await admin.goto(`/admin/surveys/${id}/outcomes`);
  await expect(headline("Responded")).toContainText("1 of 1");
});
