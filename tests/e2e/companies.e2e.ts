import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { expect, test } from "@playwright/test";
import { accounts, expectAccessible, login } from "./support";

const tmp = path.resolve("tests/.tmp");

test("an admin adds a company with a logo in the modal and sees it in the table", async ({
  page,
}) => {
  fs.mkdirSync(tmp, { recursive: true });
  const logo = path.join(tmp, `logo-${Date.now()}.png`);
  fs.writeFileSync(
    logo,
    await sharp({ create: { width: 96, height: 48, channels: 3, background: "#0f766e" } })
      .png()
      .toBuffer(),
  );
  const name = `Skyline Avionics ${Date.now().toString(36)}`;

  await login(page, accounts.admin.email);
  await page.goto("/admin/companies");
  await expect(page.getByRole("heading", { name: "Company Management" })).toBeVisible();
  await expectAccessible(page);

  await page.getByRole("link", { name: "Add Company" }).click();
  const dialog = page.getByRole("dialog", { name: "Add Company" });
  await expect(dialog).toBeVisible();
  // Save without a name: the spec's message, and nothing is created.
  await dialog.getByRole("button", { name: "Add Company" }).click();
  await expect(dialog.getByText("Company name is required.")).toBeVisible();

  await dialog.getByLabel("Company name").fill(name);
  await dialog.getByLabel("Location").fill("Clark Freeport Zone");
  await dialog.getByLabel("Website").fill("skyline-avionics.example");
  await dialog.getByLabel("Email").fill("careers@skyline-avionics.example");
  await dialog.getByLabel("Phone").fill("+63 45 599 0000");
  await dialog.getByLabel("Logo").setInputFiles(logo);
  await expect(page.getByText("Logo uploaded")).toBeVisible();
  await expect(dialog.getByRole("img", { name: "Current logo" })).toBeVisible();
  await expectAccessible(page);
  await dialog.getByLabel("Company name").blur();
  await dialog.getByRole("button", { name: "Add Company" }).click();

  await expect(page.getByText("Company added")).toBeVisible();
  await expect(dialog).toBeHidden();
  await page.getByRole("searchbox", { name: "Search companies" }).fill(name.slice(0, 14));
  await expect(page).toHaveURL(/q=Skyline/);
  const row = page.getByRole("row").filter({ hasText: name });
  await expect(row).toHaveCount(1);
  await expect(row.getByRole("cell", { name: "Clark Freeport Zone" })).toBeVisible();
  await expect(
    row.getByRole("link", { name: "skyline-avionics.example", exact: true }),
  ).toHaveAttribute("href", "https://skyline-avionics.example/");
  const img = row.getByRole("img", { name: `${name} logo` });
  await expect(img).toBeVisible();
  expect(await img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(
    true,
  );
  // Served at the width it is shown, with a 2x variant for sharp screens.
  expect(await img.getAttribute("src")).toMatch(/^\/files\/[0-9a-f-]{36}\?w=\d+$/);
  expect(await img.getAttribute("srcset")).toMatch(/\?w=\d+ 2x$/);
  // At a readable size in its own shape: the 2:1 logo is about twice as wide as tall, 40 px tall.
  const box = (await img.boundingBox())!;
  expect(box.height).toBeGreaterThanOrEqual(40);
  expect(box.width / box.height).toBeCloseTo(2, 0);
  expect(await img.evaluate((el) => getComputedStyle(el).objectFit)).toBe("contain");

  // Edit in the same modal, then delete after the confirmation.
  await row.getByRole("link", { name: `Edit ${name}` }).click();
  const edit = page.getByRole("dialog", { name: "Edit Company" });
  await expect(edit.getByLabel("Company name")).toHaveValue(name);
  await edit.getByLabel("Phone").fill("+63 45 599 1111");
  await edit.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Company updated")).toBeVisible();
  await expect(row.getByRole("cell", { name: "+63 45 599 1111" })).toBeVisible();

  await row.getByRole("link", { name: `Delete ${name}` }).click();
  const confirm = page.getByRole("dialog", { name: "Delete company" });
  await expect(confirm.getByText(`Delete “${name}”? This cannot be undone.`)).toBeVisible();
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText("Company deleted")).toBeVisible();
  await expect(page.getByText("No companies found.")).toBeVisible();
});

test("a student is sent from /admin/companies to the dashboard", async ({ page }) => {
  await login(page, accounts.student.email);
  const r = await page.request.get("/admin/companies", { maxRedirects: 0 });
  expect(r.status()).toBe(302);
  expect(r.headers().location).toBe("/dashboard");
});
