/**
 * The OJT journey: a coordinator creates and deploys a placement; the student logs three days on a
 * phone and submits the week; the supervisor opens the link from the real SMTP sink and returns it
 * with a comment; the student fixes an entry and resubmits; the supervisor approves; the entries
 * are locked, progress moves and the daily time record shows who approved the week and when.
 */
import { expect, test } from "@playwright/test";
import {
  accounts,
  collegeDate,
  expectAccessible,
  lastMonday,
  linkIn,
  login,
  phonePage,
  plusDays,
  waitForMail,
  markMissingReceived,
} from "./support";

const SUPERVISOR = "line.supervisor@hangar.example";

test("OJT: placement → three days on a phone → returned → fixed → approved → locked → DTR", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const monday = lastMonday();

  // The coordinator records the host's agreement, creates the placement and deploys the student
  // once the paperwork is in.
  await login(page, accounts.coordinator.email);
  await page.goto("/admin/ojt/new");
  const hostId = await page
    .getByLabel("Host company")
    .locator("option", { hasText: "Seed Aviation Corp" })
    .getAttribute("value");
  await page.goto(`/admin/companies/${hostId}/moa`);
  await expectAccessible(page);
  await page.getByLabel("Signed on").fill(plusDays(monday, -60));
  await page.getByLabel("Valid until").fill(plusDays(monday, 400));
  await page.locator("#sig-name-0").fill("Rosa Dela Cruz");
  await page.locator("#sig-pos-0").fill("General Manager");
  await page.getByRole("button", { name: "Save agreement" }).click();
  await expect(page.getByText("Host agreement saved")).toBeVisible();
  await page.goto("/admin/ojt");
  await expectAccessible(page);
  await page.getByRole("link", { name: "New placement" }).click();
  const olga = page
    .getByLabel("Student", { exact: true })
    .locator("option", { hasText: "Trainee, Olga" });
  await page
    .getByLabel("Student", { exact: true })
    .selectOption((await olga.getAttribute("value"))!);
  await page.getByLabel("Host company").selectOption({ label: "Seed Aviation Corp" });
  await page.getByLabel("Name", { exact: true }).fill("Lina Supervisor");
  await page.getByLabel("Position").fill("Line maintenance lead");
  await page.getByLabel("Work e-mail").fill(SUPERVISOR);
  await page.getByLabel("Start date").fill(plusDays(monday, -7));
  await page.getByLabel("Expected end date").fill(plusDays(monday, 120));
  await page.getByLabel("Required hours").fill("486");
  await page.getByRole("button", { name: "Create placement" }).click();
  await page.waitForURL(/\/admin\/ojt\/[0-9a-f-]{36}$/);
  const placementUrl = new URL(page.url()).pathname;
  const placementId = placementUrl.split("/").pop()!;
  await page.goto(`/ojt/${placementId}/documents`);
  await expectAccessible(page);
  // Every required document received on paper (today, the form's default date).
  await markMissingReceived(page);
  await page.goto(placementUrl);
  await page.getByLabel("New status").selectOption("deployed");
  await page.getByRole("button", { name: "Change status" }).click();
  await expect(page.getByText("Status changed to Deployed")).toBeVisible();
  await expectAccessible(page);

  // The student logs three days on a phone and submits the week.
  const student = await phonePage(browser);
  await login(student, accounts.ojtStudent.email);
  await student.goto("/ojt");
  await expect(student.getByLabel("Date")).toHaveValue(collegeDate());
  for (const [i, task] of [
    "Wheel change, A320",
    "Brake wear check",
    "Tyre pressure round",
  ].entries()) {
    const log = student.getByRole("form", { name: "Log hours" });
    await log.getByLabel("Date").fill(plusDays(monday, i));
    await log.getByLabel("Time in").fill("08:00");
    await log.getByLabel("Time out").fill("17:00");
    await log.getByLabel("Break (minutes)").fill("60");
    await log.getByLabel("Tasks done").fill(task);
    await log.getByRole("button", { name: "Log hours" }).click();
    // Counted by rows, not by the notice: the last day's notice may still be on screen.
    await expect(student.getByTestId("ojt-entry")).toHaveCount(i + 1);
  }
  await expect(student).toHaveURL(new RegExp(`week=${monday}`));
  await expect(student.getByTestId("ojt-entry")).toHaveCount(3);
  // The last times are prefilled for the next day.
  await expect(student.getByRole("form", { name: "Log hours" }).getByLabel("Time out")).toHaveValue(
    "17:00",
  );
  await expectAccessible(student);
  // Delete asks first; declining keeps the entry.
  let asked = "";
  student.once("dialog", (d) => {
    asked = d.message();
    void d.dismiss();
  });
  await student.getByRole("button", { name: `Delete the entry of ${monday} 08:00` }).click();
  await expect.poll(() => asked).toBe(`Delete the entry of ${monday} 08:00–17:00?`);
  await expect(student.getByTestId("ojt-entry")).toHaveCount(3);
  await student.getByRole("button", { name: "Submit week" }).click();
  await expect(student.getByText(/Week submitted/).first()).toBeVisible();

  // The supervisor returns it with a comment, from the e-mailed link, signed out.
  const first = await waitForMail(SUPERVISOR);
  const supervisor = await phonePage(browser);
  await supervisor.goto(linkIn(first));
  await supervisor.getByLabel(/comment/i).fill("Tuesday: you left at 16:00, not 17:00.");
  await supervisor.getByRole("button", { name: /return/i }).click();
  await expect(supervisor.getByText(/returned/i).first()).toBeVisible();

  // The student sees the comment, fixes Tuesday and resubmits.
  await student.goto(`/ojt?week=${monday}`);
  await expect(student.getByTestId("ojt-returned")).toContainText("you left at 16:00");
  await student
    .getByRole("link", { name: `Edit the entry of ${plusDays(monday, 1)} 08:00` })
    .click();
  const edit = student.getByRole("form", { name: "Save entry" });
  await edit.getByLabel("Time out").fill("16:00");
  await edit.getByRole("button", { name: "Save entry" }).click();
  await expect(student.getByText("Entry saved").first()).toBeVisible();
  await student.getByRole("button", { name: "Resubmit week" }).click();
  await expect(student.getByText(/Week submitted/).first()).toBeVisible();

  // The supervisor approves from the new link.
  const second = await waitForMail(SUPERVISOR, (m) => linkIn(m) !== linkIn(first));
  await supervisor.goto(linkIn(second));
  await supervisor.getByRole("button", { name: /approve/i }).click();
  await expect(supervisor.getByText(/approved/i).first()).toBeVisible();

  // Locked entries, progress moved (7 + 8 + 8 h approved).
  await student.goto(`/ojt?week=${monday}`);
  await expect(student.getByText("Locked", { exact: true })).toHaveCount(3);
  await expect(student.getByRole("button", { name: /Delete the entry/ })).toHaveCount(0);
  await expect(student.getByTestId("ojt-progress")).toContainText("23 h approved of 486 h");

  // The daily time record shows who approved the week and when.
  await student.goto(`/ojt/${placementId}/dtr?month=${monday.slice(0, 7)}`);
  const weeks = student.getByTestId("dtr-weeks");
  await expect(weeks).toContainText("Approved");
  await expect(weeks).toContainText(SUPERVISOR);
  await expectAccessible(student);
});
