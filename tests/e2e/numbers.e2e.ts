/**
 * Numbers that agree, in the browser: each admin dashboard card opens the list it counts (the
 * queue's tab shows the card's number), the role chart lists employers and coordinators, and a
 * survey's outcomes page says "Hidden until 5 responses (privacy)" without splitting the words.
 */
import { expect, test } from "@playwright/test";
import { accounts, expectAccessible, login } from "./support";

test("dashboard cards open their lists; the outcomes page explains what it hides", async ({
  page,
}) => {
  test.slow();
  await login(page, accounts.admin.email);
  await page.goto("/dashboard");
  const card = (name: string) => page.getByRole("link", { name, exact: true });
  await expect(card("Total Jobs")).toHaveAttribute("href", "/admin/jobs");
  await expect(card("Reported Jobs")).toHaveAttribute("href", "/admin/reports");
  await expect(card("Total Users")).toHaveAttribute("href", "/admin/users");
  await expect(card("New Users (30d)")).toHaveAttribute("href", "/admin/users?joined=30");
  const pending = await page
    .locator(".stat-card", { has: card("Pending Approval") })
    .locator(".stat-value")
    .innerText();
  await expect(page.getByRole("table").filter({ hasText: "Coordinators" })).toContainText(
    "Employers",
  );
  await card("Pending Approval").click();
  await expect(page).toHaveURL(/\/admin\/jobs\?view=queue$/);
  await expect(page.getByRole("link", { name: /Approval queue/ }).locator(".badge")).toHaveText(
    pending,
  );
  await page.goto("/dashboard");
  await card("New Users (30d)").click();
  await expect(page).toHaveURL(/\/admin\/users\?joined=30$/);
  await expect(page.getByLabel("Joined")).toHaveValue("30");

  // A tracer survey nobody answered yet: every group is under 5 responses.
  await page.goto("/admin/surveys");
  await page.getByRole("button", { name: "New from template" }).click();
  await page.waitForURL(/\/admin\/surveys\/[^/]+\/edit/);
  const surveyId = page.url().match(/\/admin\/surveys\/([^/]+)\/edit/)![1];
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto(`/admin/surveys/${surveyId}/outcomes`);
  const hidden = page.locator(".outcome-suppressed").first();
  await expect(hidden).toHaveText("Hidden until 5 responses (privacy)");
  await expect(page.getByText(/^suppressed$/)).toHaveCount(0);
  // No word is split: each word's letters sit on one line.
  const split = await hidden.evaluate((el) => {
    const text = el.textContent ?? "";
    const range = document.createRange();
    const node = el.firstChild!;
    let at = 0;
    for (const word of text.split(" ")) {
      range.setStart(node, at);
      range.setEnd(node, at + word.length);
      if (range.getClientRects().length > 1) return word;
      at += word.length + 1;
    }
    return null;
  });
  expect(split).toBeNull();
  await expectAccessible(page);
});
