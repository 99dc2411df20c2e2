/**
 * People and dashboards in a real browser: an admin creates, filters and deactivates users (the
 * deactivated user's open session ends), a student edits the profile and photo, both dashboards
 * render their numbers and charts. Seeded accounts are only signed in with, never changed.
 */
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import sharp from "sharp";
import { accounts, E2E_PASSWORD, expectAccessible, login, uniqueEmail } from "./support";

async function adminToken(request: APIRequestContext): Promise<string> {
  const r = await request.post("/api/auth/login", {
    data: { email: accounts.admin.email, password: E2E_PASSWORD },
  });
  expect(r.status()).toBe(200);
  return (await r.json()).token;
}

/** A student of our own, made through the admin API, so the seeded accounts stay untouched. */
async function makeStudent(request: APIRequestContext, firstName: string, lastName: string) {
  const token = await adminToken(request);
  const email = uniqueEmail(firstName.toLowerCase());
  const r = await request.post("/api/admin/users", {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      userType: "student",
      firstName,
      lastName,
      email,
      password: "student-pass-1",
      studentId: `E2E-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`,
      course: "BSAE",
      yearLevel: "4th Year",
    },
  });
  expect(r.status()).toBe(201);
  return {
    id: (await r.json())._id as string,
    email,
    password: "student-pass-1",
    adminToken: token,
  };
}

async function confirmNext(page: Page, text: string) {
  page.once("dialog", async (d) => {
    expect(d.message()).toBe(text);
    await d.accept();
  });
}

test("an admin creates a user who signs in, filters the list, and deactivates them (their session ends)", async ({
  page,
  browser,
}) => {
  test.slow(); // two browsers and a dozen screens: more than the default 45 s on a busy machine
  await login(page, accounts.admin.email);
  await page.goto("/admin/users");
  await expect(page.getByRole("heading", { name: "Manage Users" })).toBeVisible();
  await expectAccessible(page);

  await page.getByRole("link", { name: "Create User" }).click();
  await expect(page).toHaveURL(/\/admin\/create-user$/);
  await expectAccessible(page);
  const email = uniqueEmail("dee");
  await page.getByLabel("User type").selectOption("student");
  await page.getByLabel("First name").fill("Dee");
  await page.getByLabel("Last name").fill("Activate");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("dee-password-1");
  await page.getByLabel("Student ID").fill(`E2E-${Date.now().toString(36)}`);
  await page.getByLabel("Course").selectOption({ label: "BS in Aircraft Maintenance Technology" });
  await page.getByLabel("Year level").selectOption("4th Year");
  await page.getByLabel("Year level").blur();
  await page.getByRole("button", { name: "Create User" }).click();
  await expect(page).toHaveURL(/\/admin\/users\?created=1$/);
  await expect(page.getByText("The user has been created successfully")).toBeVisible();

  // The new user signs in, in a browser of their own, and keeps that session open.
  const theirs = await browser.newContext();
  const p2 = await theirs.newPage();
  await login(p2, email, "dee-password-1");
  await p2.goto("/dashboard");
  await expect(p2.getByRole("heading", { name: "Welcome, Dee!" })).toBeVisible();

  // Filters live in the URL; any change returns to page 1.
  await page.goto("/admin/users?page=2");
  await page.getByLabel("Search").fill("dee activ");
  await expect(page).toHaveURL(/q=dee\+activ/);
  await expect(page).not.toHaveURL(/page=2/);
  await expect(page.getByText("Page 1 of 1 • 1 total")).toBeVisible();
  const row = page.getByRole("row", { name: /Dee Activate/ });
  await expect(row).toContainText(email);
  await expect(row).toContainText("4th Year • BS in Aircraft Maintenance Technology");
  await page.getByLabel("Role").selectOption("alumni");
  await expect(page.getByText("No users found")).toBeVisible();
  await expect(page.getByText("Page 1 of 1 • 0 total")).toBeVisible();
  await page.getByLabel("Role").selectOption("student");
  await page.getByLabel("Status").selectOption("active");
  await expect(row).toBeVisible();
  await expect(page.getByRole("link", { name: "Next" })).toHaveAttribute("aria-disabled", "true"); // disabled at the end
  await page.getByLabel("Status").selectOption(""); // keep the row in view once it is inactive
  await expect(page).not.toHaveURL(/status=/);

  await confirmNext(page, "Deactivate Dee Activate?");
  await row.getByRole("button", { name: "Deactivate Dee Activate" }).click();
  await expect(page.getByText("User has been deactivated successfully")).toBeVisible();
  await expect(row.getByText("Inactive")).toBeVisible();

  // Their open session is gone at once, and their next click (a client-side navigation) says why.
  await p2.getByRole("navigation").getByRole("link", { name: "Jobs", exact: true }).first().click();
  await expect(p2).toHaveURL(/\/login$/);
  await expect(p2.getByText(/This account has been deactivated\. Please contact/)).toBeVisible();
  await p2.goto("/dashboard");
  await expect(p2).toHaveURL(/\/login/);
  await expect(p2.getByText(/This account has been deactivated/)).toHaveCount(0);
  await theirs.close();

  await page.getByRole("link", { name: "Reset" }).click();
  await expect(page).toHaveURL(/\/admin\/users$/);
  await expect(page.getByLabel("Search")).toHaveValue("");
  await expect(page.getByLabel("Status")).toHaveValue("");
});

test("a refused status change is rolled back with the banner and the page error; delete removes the row", async ({
  page,
  request,
}) => {
  const gone = await makeStudent(request, "Gone", "Soon");
  const del = await makeStudent(request, "Del", "Eted");
  await login(page, accounts.admin.email);
  await page.goto(`/admin/users?q=${encodeURIComponent(gone.email)}`);
  const row = page.getByRole("row", { name: /Gone Soon/ });
  await expect(row.getByText("Active", { exact: true })).toBeVisible();
  // The user disappears behind the page's back: the server refuses the change (404).
  expect(
    (
      await request.delete(`/api/admin/users/${gone.id}`, {
        headers: { Authorization: `Bearer ${gone.adminToken}` },
      })
    ).status(),
  ).toBe(200);
  await confirmNext(page, "Deactivate Gone Soon?");
  await row.getByRole("button", { name: "Deactivate Gone Soon" }).click();
  await expect(page.getByText("Error updating user status")).toBeVisible();
  await expect(
    page.getByRole("alert").filter({ hasText: "Failed to update user status" }),
  ).toBeVisible();

  await page.goto(`/admin/users?q=${encodeURIComponent(del.email)}`);
  await confirmNext(page, "Delete Del Eted? This cannot be undone.");
  await page.getByRole("button", { name: "Delete Del Eted" }).click();
  await expect(page.getByText("User deleted successfully")).toBeVisible();
  await expect(page.getByText("No users found")).toBeVisible();
});

test("a student edits the profile and the photo", async ({ page, request }) => {
  const s = await makeStudent(request, "Pro", "Filer");
  await login(page, s.email, s.password);
  await page.goto("/profile");
  await expectAccessible(page);
  await page.getByRole("link", { name: "Edit Profile" }).click();
  await expect(page.getByLabel("Email")).toHaveAttribute("readonly", "");

  // Cancel resets the form.
  await page.getByLabel("Bio").fill("Not saved");
  await page.getByRole("link", { name: "Cancel" }).click();
  await expect(page.getByText("Not saved")).toHaveCount(0);

  await page.getByRole("link", { name: "Edit Profile" }).click();
  await page.getByLabel("First Name").fill("P");
  await page.getByLabel("First Name").blur();
  await expect(page.getByText("First name must be at least 2 characters")).toBeVisible();
  await page.getByLabel("First Name").fill("Priscilla");
  await page.getByLabel("First Name").blur();
  await expect(page.getByText("First name must be at least 2 characters")).toHaveCount(0);
  await page.getByLabel("Phone").fill("0917 555 0101");
  await page.getByLabel("Year Level").selectOption("3rd Year");
  await page.getByLabel("Bio").fill("Future aircraft engineer.");
  await expectAccessible(page);
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByText("Profile saved")).toBeVisible();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByText("Future aircraft engineer.")).toBeVisible();
  await expect(page.getByText("3rd Year")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Priscilla Filer" })).toBeVisible();

  const png = await sharp({
    create: { width: 500, height: 400, channels: 3, background: "#1d4ed8" },
  })
    .png()
    .toBuffer();
  await page
    .getByLabel("Change photo")
    .setInputFiles({ name: "me.png", mimeType: "image/png", buffer: png });
  await expect(page.getByText("Profile photo updated")).toBeVisible();
  const img = page.getByRole("img", { name: "Profile photo of Priscilla Filer" });
  await expect(img).toBeVisible();
  await expect(img).toHaveAttribute("src", /^\/files\/[0-9a-f-]{36}\?w=96$/);

  await page
    .getByLabel("Change photo")
    .setInputFiles({ name: "x.png", mimeType: "image/png", buffer: Buffer.from("<svg/>") });
  await expect(page.getByText(/Failed to update photo/).first()).toBeVisible();
});

test("the profile page loads its edit form's code only to edit; /profile?edit loaded whole hydrates the server's form", async ({
  page,
  request,
}) => {
  const formChunk = /\/build\/_shared\/profile-form-[A-Z0-9]+\.js$/;
  const scripts: string[] = [];
  const errors: string[] = [];
  page.on("request", (r) => {
    if (r.resourceType() === "script") scripts.push(r.url());
  });
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(`${page.url()}: ${m.text().slice(0, 200)}`);
  });
  const s = await makeStudent(request, "Def", "Erred");
  await login(page, s.email, s.password);
  await page.goto("/profile");
  await page.waitForLoadState("networkidle");
  expect(
    scripts.filter((u) => formChunk.test(u)),
    "not loaded with the page",
  ).toEqual([]);

  // Pointing at Edit Profile fetches it; the form then comes without a page load.
  await page.getByRole("link", { name: "Edit Profile" }).hover();
  await expect.poll(() => scripts.some((u) => formChunk.test(u))).toBe(true);
  await page.getByRole("link", { name: "Edit Profile" }).click();
  await expect(page.getByLabel("First Name")).toHaveValue("Def");

  // Loaded whole, the server's form is hydrated, not thrown away and rendered again.
  await page.addInitScript(() => {
    const w = window as unknown as { formNodesRemoved: number };
    w.formNodesRemoved = 0;
    new MutationObserver((records) => {
      for (const r of records)
        for (const n of r.removedNodes)
          if (n instanceof Element && (n.id === "profile" || n.querySelector("#profile")))
            w.formNodesRemoved++;
    }).observe(document, { childList: true, subtree: true });
  });
  // The chunk is held a moment, long enough for the router's first state change: what is typed
  // into the server's form meanwhile stays when React takes the form over.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(formChunk, async (route) => {
    await held;
    await route.continue();
  });
  scripts.length = 0;
  await page.goto("/profile?edit");
  await page.getByLabel("Bio").fill("Typed before hydration.");
  await page.waitForTimeout(1000);
  release();
  await page.waitForLoadState("networkidle");
  expect(
    scripts.some((u) => formChunk.test(u)),
    "loaded before hydration",
  ).toBe(true);
  const removed = () =>
    page.evaluate(() => (window as unknown as { formNodesRemoved: number }).formNodesRemoved);
  expect(await removed(), "the server's form is still the one on screen").toBe(0);
  await expect(page.getByLabel("Bio")).toHaveValue("Typed before hydration.");
  await page.getByLabel("First Name").fill("D");
  await page.getByLabel("First Name").blur();
  await expect(page.getByText("First name must be at least 2 characters")).toBeVisible();
  await page.getByLabel("First Name").fill("Dee");
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByText("Profile saved")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Dee Erred" })).toBeVisible();
  await expect(page.getByText("Typed before hydration.")).toBeVisible();
  expect(errors).toEqual([]);
});

test("both dashboards render their numbers and charts; the admin theme persists", async ({
  page,
  browser,
}) => {
  await login(page, accounts.admin.email);
  await page.goto("/dashboard");
  await expect(page.getByRole("heading", { name: /^Welcome, / })).toBeVisible();
  for (const label of ["Total Jobs", "Pending Approval", "Total Users", "New Users (30d)"]) {
    const card = page.locator(".stat-card", { hasText: label });
    await expect(card.locator("dd")).toHaveText(/^\d[\d,]*$/);
  }
  const totalUsers = Number(
    (
      await page.locator(".stat-card", { hasText: "Total Users" }).locator("dd").innerText()
    ).replace(/,/g, ""),
  );
  expect(totalUsers).toBeGreaterThanOrEqual(3);
  await expect(page.getByRole("heading", { name: "Total Users by Role" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Students per Course" })).toBeVisible();
  await expect(page.locator(".chart-area svg.recharts-surface").first()).toBeVisible();
  expect(await page.locator(".chart-area svg.recharts-surface").count()).toBeGreaterThanOrEqual(2);
  // The text alternative of the role chart.
  await expect(page.getByRole("table", { name: "Total Users by Role" })).toHaveCount(1);
  await expectAccessible(page);

  await page.getByLabel("Theme").selectOption({ label: "Emerald" });
  expect(
    await page.evaluate(() => [
      document.documentElement.dataset.adminTheme,
      localStorage.getItem("admin_theme"),
    ]),
  ).toEqual(["emerald", "emerald"]);
  await page.getByLabel("Theme").selectOption({ label: "Gold" });
  const [palette, stored] = await page.evaluate(() => [
    document.documentElement.dataset.adminTheme,
    localStorage.getItem("admin_theme"),
  ]);
  expect(palette).toBe("gold");
  expect(stored).toBeTruthy(); // the college short name
  await page.reload();
  await expect(page.getByLabel("Theme")).toHaveValue(stored!);

  const phone = await browser.newContext({ viewport: { width: 375, height: 740 } });
  const p = await phone.newPage();
  await login(p, accounts.student.email);
  await p.goto("/dashboard");
  await expect(p.getByRole("heading", { name: "Welcome, Sam!" })).toBeVisible();
  for (const label of ["Available Jobs", "Jobs Viewed", "Applications", "Companies"]) {
    await expect(p.locator(".stat-card", { hasText: label }).locator("dd")).toHaveText(
      /^\d[\d,]*$/,
    );
  }
  expect(
    Number(await p.locator(".stat-card", { hasText: "Available Jobs" }).locator("dd").innerText()),
  ).toBeGreaterThanOrEqual(1);
  await expect(
    // 'Surveys (n)' is a link to the page's surveys section (it works without JavaScript too).
    p
      .getByRole("button", { name: "No surveys to answer" })
      .or(p.getByRole("link", { name: /^Surveys \(\d+\)$/ })),
  ).toBeVisible();
  // Nothing wider than the phone.
  expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await expectAccessible(p);
  await phone.close();
});
