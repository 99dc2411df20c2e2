import { expect, test } from "@playwright/test";
import { accounts, login } from "./support";

test("unknown paths redirect to the landing page", async ({ page }) => {
  await page.goto("/this/does/not/exist");
  await expect(page).toHaveURL(/\/$/);
});

test("a seeded admin can sign in", async ({ page }) => {
  await login(page, accounts.admin.email);
  await expect(page).toHaveURL(/\/dashboard$|\/$/);
});
