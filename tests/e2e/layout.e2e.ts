/**
 * The frame of every screen: landing page, navigation per role, the
 * mobile menu, footer modals, flashes with and without JavaScript, the error page, admin themes.
 */
import { expect, test, type Page } from "@playwright/test";
import { accounts, expectAccessible, login } from "./support";

const mainNav = (page: Page) => page.getByRole("navigation", { name: "Main" });
/** Auto-retrying: after a client navigation the URL can change a moment before the bar re-renders. */
const expectNav = (page: Page, labels: string[], name = "Main") =>
  expect(page.getByRole("navigation", { name }).getByRole("link")).toHaveText(labels);
const banner = (page: Page) => page.getByRole("banner");
const toasts = (page: Page, text: string) =>
  page.getByRole("region", { name: "Notifications" }).getByText(text, { exact: true });

test.describe("landing page", () => {
  test("renders the hero and links to register, login, dashboard and jobs", async ({ page }) => {
    await page.goto("/");
    await expect(page).toHaveTitle(/Runway/);
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { level: 1 })).toHaveText(
      "Your career, cleared for takeoff.",
    );
    await expect(main.getByRole("link", { name: "Create your account" })).toHaveAttribute(
      "href",
      "/register",
    );
    await expect(main.getByRole("link", { name: "Sign in", exact: true })).toHaveAttribute(
      "href",
      "/login",
    );
    await expect(main.getByRole("link", { name: /Browse jobs/ }).first()).toHaveAttribute(
      "href",
      "/jobs",
    );
    await expect(main.getByRole("link", { name: "Open your dashboard" })).toHaveAttribute(
      "href",
      "/dashboard",
    );
    await expect(
      main.getByRole("heading", { name: "Everything for the next leg of your journey" }),
    ).toBeVisible();
    await expect(
      main.getByRole("heading", { name: "Built for everyone on the flight deck" }),
    ).toBeVisible();
    await expect(main.getByRole("heading", { name: "For students" })).toBeVisible();
    await expectAccessible(page);
  });

  test("signed-in users are offered their dashboard instead of register and login", async ({
    page,
  }) => {
    await login(page, accounts.student.email);
    await page.goto("/");
    const hero = page.getByRole("region", { name: "Your career, cleared for takeoff." });
    await expect(hero.getByRole("link", { name: "Go to your dashboard" })).toHaveAttribute(
      "href",
      "/dashboard",
    );
    await expect(hero.getByRole("link", { name: "Create your account" })).toHaveCount(0);
    await expectAccessible(page);
  });
});

test.describe("navigation bar (navigation bar and footer)", () => {
  test("guest: Home, Jobs, Login, Register and no Logout", async ({ page }) => {
    await page.goto("/");
    await expectNav(page, ["Home", "Jobs", "Login", "Register"]);
    await expect(mainNav(page).getByRole("link", { name: "Home" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await expect(page.getByRole("button", { name: "Logout" })).toHaveCount(0);
  });

  test("student: Dashboard, Jobs, Saved jobs, Job alerts, My applications, Profile, display name, user type; logout works", async ({
    page,
  }) => {
    await login(page, accounts.student.email);
    await expect(toasts(page, "Logged in successfully")).toHaveCount(1);
    await expectNav(page, [
      "Dashboard",
      "Jobs",
      "Saved jobs",
      "Job alerts",
      "My applications",
      "Profile",
    ]);
    await expect(
      banner(page).getByText("Sam Student", { exact: true }).filter({ visible: true }),
    ).toBeVisible();
    await expect(
      banner(page).getByText("Student", { exact: true }).filter({ visible: true }),
    ).toBeVisible();
    // Initials stand in for the photo while the user has none.
    await expect(
      banner(page).getByText("SS", { exact: true }).filter({ visible: true }),
    ).toBeVisible();

    await page.getByRole("button", { name: "Logout" }).filter({ visible: true }).click();
    await expect(toasts(page, "Logged out")).toBeVisible();
    await expectNav(page, ["Home", "Jobs", "Login", "Register"]);
    await expect(page.getByRole("button", { name: "Logout" })).toHaveCount(0);
    // The session is gone on the server too, not only in the page.
    await page.reload();
    await expectNav(page, ["Home", "Jobs", "Login", "Register"]);
  });

  test("alumni: the member menu and the Alumni type", async ({ page }) => {
    await login(page, accounts.alumni.email);
    await expectNav(page, [
      "Dashboard",
      "Jobs",
      "Saved jobs",
      "Job alerts",
      "My applications",
      "Profile",
    ]);
    await expect(
      banner(page).getByText("Alex Alumnus", { exact: true }).filter({ visible: true }),
    ).toBeVisible();
    await expect(
      banner(page).getByText("Alumni", { exact: true }).filter({ visible: true }),
    ).toBeVisible();
  });

  test("admin: Dashboard, Companies, Jobs, Reports, Users, Survey, OJT with their targets", async ({
    page,
  }) => {
    await login(page, accounts.admin.email);
    // Reports: the queue of reported postings.
    await expectNav(page, ["Dashboard", "Companies", "Jobs", "Reports", "Users", "Survey", "OJT"]);
    const hrefs = await mainNav(page)
      .getByRole("link")
      .evaluateAll((els) => els.map((e) => e.getAttribute("href")));
    expect(hrefs).toEqual([
      "/dashboard",
      "/admin/companies",
      "/admin/jobs",
      "/admin/reports",
      "/admin/users",
      "/admin/surveys",
      "/admin/ojt",
    ]);
    await expect(
      banner(page).getByText("Ada Admin", { exact: true }).filter({ visible: true }),
    ).toBeVisible();
    await expect(
      banner(page).getByText("Admin", { exact: true }).filter({ visible: true }),
    ).toBeVisible();
    await expectAccessible(page);
  });

  test("a client navigation shows the progress bar until the page has loaded", async ({ page }) => {
    await page.goto("/");
    await page.waitForLoadState("networkidle");
    await page.route(/_data=/, async (route) => {
      await new Promise((r) => setTimeout(r, 1200));
      await route.continue();
    });
    await mainNav(page).getByRole("link", { name: "Login" }).click();
    await expect(page.getByRole("progressbar", { name: "Loading page" })).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole("progressbar", { name: "Loading page" })).toHaveCount(0);
    await expect(mainNav(page).getByRole("link", { name: "Login" })).toHaveAttribute(
      "aria-current",
      "page",
    );
  });
});

test.describe("mobile menu at 375 px (navigation bar and footer)", () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test("opens, lists the items, closes on Escape and on navigation", async ({ page }) => {
    await page.goto("/");
    await page.waitForLoadState("networkidle");
    // Nothing overflows sideways at this width.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      375,
    );
    await expect(mainNav(page)).toBeHidden();
    const toggle = page.getByRole("button", { name: "Menu" });
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    const mobile = page.getByRole("navigation", { name: "Mobile" });
    await expectNav(page, ["Home", "Jobs", "Login", "Register"], "Mobile");

    await page.keyboard.press("Escape");
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(mobile).toBeHidden();
    await expect(toggle).toBeFocused();

    await toggle.click();
    await mobile.getByRole("link", { name: "Login" }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(mobile).toBeHidden();
  });

  test("signed in: the panel mirrors the member menu with name, type and Logout", async ({
    page,
  }) => {
    await login(page, accounts.student.email);
    await page.getByRole("button", { name: "Menu" }).click();
    await expectNav(
      page,
      ["Dashboard", "Jobs", "Saved jobs", "Job alerts", "My applications", "Profile"],
      "Mobile",
    );
    await expect(
      page.getByText("Sam Student", { exact: true }).filter({ visible: true }),
    ).toBeVisible();
    await page.getByRole("button", { name: "Logout" }).filter({ visible: true }).click();
    await expect(page.getByRole("button", { name: "Menu" })).toHaveAttribute(
      "aria-expanded",
      "false",
    );
    await page.getByRole("button", { name: "Menu" }).click();
    await expectNav(page, ["Home", "Jobs", "Login", "Register"], "Mobile");
    await expectAccessible(page);
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the mobile menu is a working disclosure", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto("/");
    const mobile = page.getByRole("navigation", { name: "Mobile" });
    await expect(mobile).toBeHidden();
    await page.getByText("Menu", { exact: true }).click();
    await expect(mobile.getByRole("link", { name: "Register" })).toBeVisible();
  });

  test("the legal texts open from the footer and close again", async ({ page }) => {
    await page.goto("/");
    const footer = page.getByRole("contentinfo");
    await footer.getByRole("link", { name: "Privacy Policy" }).click();
    await expect(page).toHaveURL(/#privacy-policy$/);
    await expect(page.getByRole("heading", { name: "Privacy Policy", level: 2 })).toBeVisible();
    await page.getByRole("link", { name: "Close" }).filter({ visible: true }).click();
    await expect(page.getByRole("heading", { name: "Privacy Policy", level: 2 })).toBeHidden();
    await footer.getByRole("link", { name: "Terms of Service" }).click();
    await expect(page.getByRole("heading", { name: "Terms of Service", level: 2 })).toBeVisible();
  });

  test("a flash notice survives the redirect and is shown exactly once", async ({ page }) => {
    await page.goto("/login");
    await page.getByLabel("Email").fill(accounts.alumni.email);
    await page.getByLabel("Password", { exact: true }).fill("e2e-password-1");
    await page.getByRole("button", { name: /sign in/i }).click();
    await page.waitForURL((u) => !u.pathname.startsWith("/login"));
    await expect(page.getByText("Logged in successfully", { exact: true })).toBeVisible();
    await page.reload();
    await expect(page.getByText("Logged in successfully", { exact: true })).toHaveCount(0);
    // Logout is a plain form post, so it works without JavaScript too.
    await page.getByRole("button", { name: "Logout" }).filter({ visible: true }).click();
    await expect(page.getByText("Logged out", { exact: true })).toBeVisible();
    await expectNav(page, ["Home", "Jobs", "Login", "Register"]);
  });
});

test.describe("footer (navigation bar and footer)", () => {
  test("links, social links, contact block and product description", async ({ page }) => {
    await page.goto("/");
    const footer = page.getByRole("contentinfo");
    await expect(footer).toContainText(
      "an internship and alumni management system connecting students and alumni with job opportunities",
    );
    for (const [name, href] of [
      ["Home", "/"],
      ["Job Search", "/jobs"],
      ["Dashboard", "/dashboard"],
      ["Profile", "/profile"],
    ]) {
      await expect(footer.getByRole("link", { name, exact: true })).toHaveAttribute("href", href);
    }
    for (const name of ["Facebook", "X", "LinkedIn", "YouTube"]) {
      const link = footer.getByRole("link", { name: `${name} (opens in a new tab)` });
      await expect(link).toHaveAttribute("rel", /noopener/);
      await expect(link).toHaveAttribute("target", "_blank");
    }
    await expect(footer.getByRole("link", { name: "info@example.edu" })).toHaveAttribute(
      "href",
      "mailto:info@example.edu",
    );
    await expect(footer.getByText("State Aeronautics College", { exact: true })).toBeVisible();
  });

  test("Privacy Policy and Terms of Service modals open and close (mouse and keyboard)", async ({
    page,
  }) => {
    await page.goto("/");
    await page.waitForLoadState("networkidle");
    const footer = page.getByRole("contentinfo");
    const privacy = footer.getByRole("button", { name: "Privacy Policy" });
    await privacy.click();
    const dialog = page.getByRole("dialog", { name: "Privacy Policy" });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText("State Aeronautics College");
    await dialog.evaluate((d) => Promise.all(d.getAnimations().map((a) => a.finished))); // contrast after the fade-in
    await expectAccessible(page);
    await dialog.getByRole("button", { name: "Close" }).last().click();
    await expect(dialog).toBeHidden();

    const terms = footer.getByRole("button", { name: "Terms of Service" });
    await terms.focus();
    await page.keyboard.press("Enter");
    const termsDialog = page.getByRole("dialog", { name: "Terms of Service" });
    await expect(termsDialog).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(termsDialog).toBeHidden();
    await expect(terms).toBeFocused();

    await terms.press("Space");
    await expect(termsDialog).toBeVisible();
    await page.keyboard.press("Tab");
    await expect(termsDialog.locator(":focus")).toHaveCount(1); // focus stays inside the modal
    await page.keyboard.press("Escape");
    await expect(termsDialog).toBeHidden();
  });
});

test.describe("frame behaviour (route table)", () => {
  test("unknown paths redirect to the landing page", async ({ page }) => {
    await page.goto("/no/such/page?x=1");
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      "Your career, cleared for takeoff.",
    );
  });

  test("the error page is titled 'Unexpected Application Error!'", async ({ page }) => {
    await page.goto("/");
    // A document POST to a route without an action is a genuine application error (405).
    await page.evaluate(() => {
      const f = document.createElement("form");
      f.method = "post";
      f.action = "/";
      document.body.append(f);
      f.submit();
    });
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      "Unexpected Application Error!",
    );
    await expect(page.getByRole("link", { name: "Go to the home page" })).toHaveAttribute(
      "href",
      "/",
    );
    await expectAccessible(page);
  });

  test("a flash is shown once as a toast with JavaScript, not again on reload", async ({
    page,
  }) => {
    await login(page, accounts.alumni.email);
    await expect(toasts(page, "Logged in successfully")).toHaveCount(1);
    // The no-JS copy stays inside <noscript> and is never rendered.
    await expect(
      page.getByText("Logged in successfully", { exact: true }).filter({ visible: true }),
    ).toHaveCount(1);
    await page.reload();
    await page.waitForLoadState("networkidle");
    await expect(toasts(page, "Logged in successfully")).toHaveCount(0);
  });

  test("a full page load that carries a flash hydrates cleanly and toasts it once", async ({
    page,
  }) => {
    const errors: string[] = [];
    page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
    page.on("pageerror", (e) => errors.push(e.message));
    await login(page, accounts.alumni.email);
    // A native (document) form post, as a browser without the Remix runtime would send it.
    await page.evaluate(() => {
      const f = document.createElement("form");
      f.method = "post";
      f.action = "/logout";
      document.body.append(f);
      f.submit();
    });
    await expect(toasts(page, "Logged out")).toHaveCount(1);
    await expect(
      page.getByText("Logged out", { exact: true }).filter({ visible: true }),
    ).toHaveCount(1);
    await page.waitForLoadState("networkidle");
    expect(errors).toEqual([]);
  });
});

test.describe("admin themes (admin dashboard)", () => {
  const accentOf = (page: Page) =>
    page.evaluate(() =>
      getComputedStyle(document.documentElement).getPropertyValue("--accent").trim(),
    );

  test("an admin's stored theme is applied on load, before hydration", async ({ page }) => {
    const errors: string[] = [];
    page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
    page.on("pageerror", (e) => errors.push(e.message));
    await login(page, accounts.admin.email);
    await page.evaluate(() => localStorage.setItem("admin_theme", "emerald"));
    // Read the attribute as soon as the document is parsed, before any module script runs.
    await page.addInitScript(() => {
      document.addEventListener("readystatechange", () => {
        if (document.readyState === "interactive")
          (window as unknown as { __early: string | null }).__early =
            document.documentElement.getAttribute("data-admin-theme");
      });
    });
    await page.reload();
    expect(
      await page.evaluate(() => (window as unknown as { __early: string | null }).__early),
    ).toBe("emerald");
    await expect(page.locator("html")).toHaveAttribute("data-admin-theme", "emerald");
    expect(await accentOf(page)).toBe("#047857");

    // The fourth theme's id is the college short name (default "gold").
    await page.evaluate(() => localStorage.setItem("admin_theme", "gold"));
    await page.reload();
    await expect(page.locator("html")).toHaveAttribute("data-admin-theme", "gold");
    expect(await accentOf(page)).toBe("#8a5a00");
    await expectAccessible(page);
    expect(errors).toEqual([]); // the pre-hydration attribute causes no hydration error

    // Signing out drops the admin palette at once, without a reload.
    await page.getByRole("button", { name: "Logout" }).filter({ visible: true }).click();
    await expect(page.getByRole("button", { name: "Logout" })).toHaveCount(0);
    await expect(page.locator("html")).not.toHaveAttribute("data-admin-theme", /.*/);
    await page.evaluate(() => localStorage.removeItem("admin_theme"));
  });

  test("non-admins never get an admin theme", async ({ page }) => {
    await login(page, accounts.student.email);
    await page.evaluate(() => localStorage.setItem("admin_theme", "rose"));
    await page.reload();
    await page.waitForLoadState("networkidle");
    await expect(page.locator("html")).not.toHaveAttribute("data-admin-theme", /.*/);
    expect(await accentOf(page)).toBe("#1d4ed8");
  });
});

test.describe("hydration (route table)", () => {
  // A value a screen's component takes from a *.server module is undefined in the browser: the
  // server renders one page, the browser another, and React discards the server's (error #418) —
  // a click in that moment is lost. Job Management's sort links did this once.
  test("admin and employer-facing screens hydrate without a mismatch", async ({ page }) => {
    const errors: string[] = [];
    page.on("console", (m) => {
      if (m.type() === "error") errors.push(`${page.url()}: ${m.text().slice(0, 200)}`);
    });
    await login(page, accounts.admin.email);
    for (const path of [
      "/admin/jobs",
      "/admin/jobs?view=queue",
      "/admin/jobs/decline-templates",
      "/admin/reports",
      "/admin/users",
      "/admin/companies",
      "/jobs",
    ]) {
      await page.goto(path);
      await page.waitForLoadState("networkidle");
    }
    await page.goto("/admin/jobs");
    await expect(page.getByRole("link", { name: /^Title/ })).toHaveAttribute("href", /sort=title/);
    expect(errors).toEqual([]);
  });
});
