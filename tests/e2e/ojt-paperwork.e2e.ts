/**
 * The OJT paperwork journey: a coordinator records the host's agreement (MOA) and creates a
 * placement; the student uploads two documents from a phone; the coordinator marks the rest
 * received on paper and deploys; the supervisor's midterm and final evaluations arrive through the
 * links mailed to the SMTP sink; the coordinator completes the placement; the student downloads the
 * certificate and the public verification page confirms it.
 */
import fs from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { PDFDocument, StandardFonts } from "pdf-lib";
import sharp from "sharp";
import {
  accounts,
  collegeDate,
  expectAccessible,
  lastMonday,
  linkIn,
  login,
  phonePage as phone,
  plusDays as plus,
  waitForMail,
  type Mail,
  markMissingReceived,
} from "./support";

const SUPERVISOR = "apron.supervisor@hangar-two.example";
const HOST = "Hangar Two Aviation";

/** A small valid one-page PDF (no scripts), as a signed parent's consent would be scanned. */
async function consentPdf(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const pageOne = doc.addPage([595, 842]);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  pageOne.drawText("Parent's consent for on-the-job training", { x: 50, y: 780, size: 14, font });
  return Buffer.from(await doc.save());
}

/** A small PNG photo of a paper document. */
async function photoPng(): Promise<Buffer> {
  return sharp({
    create: { width: 64, height: 48, channels: 3, background: { r: 240, g: 236, b: 220 } },
  })
    .png()
    .toBuffer();
}

const isEvaluation = (stage: "midterm" | "final") => (m: Mail) =>
  m.subject.includes(`(${stage} evaluation)`);

/** The supervisor answers an evaluation link: every criterion rated, would hire, a comment. */
async function evaluate(page: Page, link: string, stage: string, rating: string) {
  await page.goto(link);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(stage);
  await expectAccessible(page);
  const groups = page.locator("ul.eval-criteria fieldset");
  const n = await groups.count();
  expect(n).toBeGreaterThan(0);
  for (let i = 0; i < n; i++) await groups.nth(i).getByLabel(rating, { exact: true }).check();
  await page
    .getByRole("group", { name: "Would you hire this intern?" })
    .getByLabel("Yes", { exact: true })
    .check();
  await page.getByLabel("Comments (optional)").fill("Careful and on time.");
  await page.getByRole("button", { name: "Submit the evaluation" }).click();
  await expect(page.getByRole("heading", { name: "Thank you" })).toBeVisible();
}

test("OJT paperwork: MOA → documents on a phone → deploy → midterm and final evaluations → completed → certificate verified", async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  const today = collegeDate();
  const monday = lastMonday();
  // Started a month ago, ends in ten days: the midpoint is already behind.
  const start = plus(today, -30);
  const end = plus(today, 10);

  // The coordinator records the host's agreement on its own screen.
  await login(page, accounts.coordinator.email);
  await page.goto("/admin/ojt/new");
  const hostId = await page
    .getByLabel("Host company")
    .locator("option", { hasText: HOST })
    .getAttribute("value");
  await page.goto(`/admin/companies/${hostId}/moa`);
  await expectAccessible(page);
  await page.getByLabel("Signed on").fill(plus(start, -60));
  await page.getByLabel("Valid until").fill(plus(end, 400));
  await page.locator("#sig-name-0").fill("Ramon Santos");
  await page.locator("#sig-pos-0").fill("Operations Director");
  await page.getByRole("button", { name: "Save agreement" }).click();
  await expect(page.getByText("Host agreement saved")).toBeVisible();

  // The placement, with a small number of required hours.
  await page.goto("/admin/ojt/new");
  const paula = page
    .getByLabel("Student", { exact: true })
    .locator("option", { hasText: "Papers, Paula" });
  await page
    .getByLabel("Student", { exact: true })
    .selectOption((await paula.getAttribute("value"))!);
  await page.getByLabel("Host company").selectOption({ label: HOST });
  await page.getByLabel("Name", { exact: true }).fill("Arturo Supervisor");
  await page.getByLabel("Position").fill("Apron services lead");
  await page.getByLabel("Work e-mail").fill(SUPERVISOR);
  await page.getByLabel("Start date").fill(start);
  await page.getByLabel("Expected end date").fill(end);
  await page.getByLabel("Required hours").fill("8");
  await page.getByRole("button", { name: "Create placement" }).click();
  await page.waitForURL(/\/admin\/ojt\/[0-9a-f-]{36}$/);
  const placementUrl = new URL(page.url()).pathname;
  const placementId = placementUrl.split("/").pop()!;

  // The student uploads two documents from a phone: a PDF and a photo.
  const student = await phone(browser);
  await login(student, accounts.paperworkStudent.email);
  await student.goto(`/ojt/${placementId}/documents`);
  await expectAccessible(student);
  const items = student.getByRole("list", { name: "Required documents" }).getByRole("listitem");
  expect(await items.count()).toBeGreaterThanOrEqual(2);
  const uploads = [
    { name: "consent.pdf", mimeType: "application/pdf", buffer: await consentPdf() },
    { name: "photo.png", mimeType: "image/png", buffer: await photoPng() },
  ];
  for (const [i, file] of uploads.entries()) {
    const item = items.nth(i);
    await item.locator('input[type="file"]').setInputFiles(file);
    await item.getByRole("button", { name: /^Upload / }).click();
    await expect(item.getByText("Uploaded", { exact: true })).toBeVisible();
  }
  const history = student.getByRole("list", { name: "Document history" });
  await expect(history.getByRole("link", { name: "consent.pdf" })).toBeVisible();
  await expect(history.getByRole("link", { name: "photo.png" })).toBeVisible();

  // The coordinator marks the rest received on paper and deploys.
  await page.goto(`/ojt/${placementId}/documents`);
  await expectAccessible(page);
  await markMissingReceived(page);
  await expect(page.getByText("Uploaded", { exact: true })).toHaveCount(2);
  await page.goto(placementUrl);
  await page.getByLabel("New status").selectOption("deployed");
  await page.getByRole("button", { name: "Change status" }).click();
  await expect(page.getByText("Status changed to Deployed")).toBeVisible();

  // The midpoint is behind: the midterm link goes to the supervisor (the hourly timer would send
  // it too; the coordinator does not wait for it).
  await page.getByRole("button", { name: "Send the midterm evaluation link" }).click();
  const midterm = await waitForMail(SUPERVISOR, isEvaluation("midterm"));
  const supervisor = await phone(browser);
  await evaluate(supervisor, linkIn(midterm), "Midterm evaluation", "4");

  // The student logs the required eight hours and submits the week.
  await student.goto("/ojt");
  const log = student.getByRole("form", { name: "Log hours" });
  await log.getByLabel("Date").fill(monday);
  await log.getByLabel("Time in").fill("08:00");
  await log.getByLabel("Time out").fill("17:00");
  await log.getByLabel("Break (minutes)").fill("60");
  await log.getByLabel("Tasks done").fill("Ground support equipment checks");
  await log.getByRole("button", { name: "Log hours" }).click();
  await expect(student.getByTestId("ojt-entry")).toHaveCount(1);
  await student.getByRole("button", { name: "Submit week" }).click();
  await expect(student.getByText(/Week submitted/).first()).toBeVisible();

  // The supervisor approves the week; the approved hours reach the required hours, so the final
  // evaluation link is mailed at once.
  const week = await waitForMail(SUPERVISOR, (m) => !m.subject.includes("evaluation"));
  await supervisor.goto(linkIn(week));
  await supervisor.getByRole("button", { name: /approve/i }).click();
  await expect(supervisor.getByText(/approved/i).first()).toBeVisible();
  const final = await waitForMail(SUPERVISOR, isEvaluation("final"));
  await evaluate(supervisor, linkIn(final), "Final evaluation", "5");

  // The coordinator sees both evaluations and completes the placement.
  await page.goto(placementUrl);
  const evaluations = page.getByRole("region", { name: "Evaluations" });
  await expect(evaluations.getByRole("article", { name: "Midterm evaluation" })).toBeVisible();
  await expect(evaluations.getByRole("article", { name: "Final evaluation" })).toBeVisible();
  await page.getByLabel("New status").selectOption("completed");
  await page
    .getByRole("group", { name: /Did the host offer the student a job\?/ })
    .getByLabel("Yes")
    .check();
  await page.getByRole("button", { name: "Change status" }).click();
  await expect(page.getByText("Status changed to Completed")).toBeVisible();
  await expect(page.getByText(/Hired by the host: yes/)).toBeVisible();
  await expectAccessible(page);

  // The student downloads the certificate: a PDF.
  await student.goto("/ojt");
  await expect(student.getByRole("heading", { name: "Your OJT is complete" })).toBeVisible();
  await expectAccessible(student);
  const [download] = await Promise.all([
    student.waitForEvent("download"),
    student.getByRole("link", { name: "Download the certificate (PDF)" }).click(),
  ]);
  const file = await download.path();
  const bytes = fs.readFileSync(file!);
  expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
  expect(download.suggestedFilename()).toMatch(/\.pdf$/);
  const code = (await student.getByText(/Verification code/).textContent())!.match(
    /Verification code (\S+):/,
  )![1];

  // Anyone, signed out, can verify the code.
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto(`/certificates/${code}`);
  await expect(visitor.getByRole("heading", { name: "Certificate verified" })).toBeVisible();
  await expect(visitor.getByText("Paula Papers")).toBeVisible();
  await expect(visitor.getByText(HOST)).toBeVisible();
  await expectAccessible(visitor);
  const forgedCode = code.slice(0, -1) + (code.endsWith("X") ? "Y" : "X");
  const forged = await visitor.goto(`/certificates/${forgedCode}`);
  expect(forged?.status()).toBe(404);
});
