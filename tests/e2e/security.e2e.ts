/**
 * Cross-site request forgery in a real browser and the Content-Security-Policy
 * (item 10). A second server on another port of 127.0.0.1 — the same *site* as Runway, another
 * origin, so the SameSite=Lax session cookie still rides along — serves attack pages to a signed-in
 * admin and student. Nothing they try changes anything; the same actions from Runway's own pages
 * still work, and the main screens run without a single CSP violation.
 */
import http from "node:http";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { accounts, E2E_PASSWORD, login, uniqueEmail } from "./support";

const runway = `http://127.0.0.1:${process.env.E2E_PORT}`;

async function adminToken(request: APIRequestContext): Promise<string> {
  const r = await request.post("/api/auth/login", {
    data: { email: accounts.admin.email, password: E2E_PASSWORD },
  });
  expect(r.status()).toBe(200);
  return (await r.json()).token;
}

function newUser(email: string) {
  return {
    userType: "student",
    firstName: "Forged",
    lastName: "Account",
    email,
    password: "forged-pass-1",
    studentId: `F-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`,
    course: "BSAE",
    yearLevel: "4th Year",
  };
}

const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");

/** The attack pages: each forges one request to Runway as soon as it loads. */
function attackPages(
  victimId: string,
  forgedEmail: string,
  attacker: { email: string; password: string },
) {
  const json = JSON.stringify(newUser(forgedEmail));
  // text/plain form trick: name + "=" + value must be the JSON text.
  const name = json.slice(0, -2);
  const value = json.slice(-2);
  const autoSubmit = (action: string, enctype: string, fields: Record<string, string>) =>
    `<!doctype html><form id="f" method="post" action="${runway}${action}" enctype="${enctype}">${Object.entries(
      fields,
    )
      .map(([k, v]) => `<input type="hidden" name="${esc(k)}" value="${esc(v)}">`)
      .join("")}</form><script>document.getElementById("f").submit()</script>`;
  return {
    "/plain-json": autoSubmit("/api/admin/users", "text/plain", { [name]: value }),
    "/screen-form": autoSubmit("/admin/users", "application/x-www-form-urlencoded", {
      intent: "toggle",
      id: victimId,
      confirm: "yes",
      isActive: "false",
    }),
    "/data-post": `<!doctype html><script>
      fetch(${JSON.stringify(`${runway}/admin/users?_data=routes%2Fadmin%2B%2Fusers`)}, {
        method: "POST", mode: "no-cors", credentials: "include",
        body: new URLSearchParams({ intent: "toggle", id: ${JSON.stringify(victimId)}, confirm: "yes", isActive: "false", js: "1" }),
      }).finally(() => { document.title = "sent"; });
    </script>`,
    "/api-fetch": `<!doctype html><script>
      fetch(${JSON.stringify(`${runway}/api/admin/users`)}, {
        method: "POST", mode: "no-cors", credentials: "include",
        headers: { "Content-Type": "text/plain" }, body: ${JSON.stringify(json)},
      }).finally(() => { document.title = "sent"; });
    </script>`,
    "/login-csrf": autoSubmit("/login", "application/x-www-form-urlencoded", {
      email: attacker.email,
      password: attacker.password,
    }),
  } as Record<string, string>;
}

async function startAttacker(pages: Record<string, string>) {
  const server = http.createServer((req, res) => {
    const body = pages[req.url ?? ""];
    res.writeHead(body ? 200 : 404, { "Content-Type": "text/html; charset=utf-8" });
    res.end(body ?? "not here");
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const port = (server.address() as { port: number }).port;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

async function meEmail(page: Page): Promise<string | null> {
  const r = await page.request.get("/api/auth/me");
  return r.status() === 200 ? (await r.json()).email : null;
}

test("forged requests from another origin of the same site change nothing; Runway's own pages still can", async ({
  browser,
  request,
}) => {
  const token = await adminToken(request);
  const auth = { Authorization: `Bearer ${token}` };
  // A victim account the forged screen action would deactivate, and an attacker's own account.
  const victimEmail = uniqueEmail("victim");
  const v = await request.post("/api/admin/users", { headers: auth, data: newUser(victimEmail) });
  expect(v.status()).toBe(201);
  const victimId = (await v.json())._id as string;
  const attacker = { email: uniqueEmail("attacker"), password: "forged-pass-1" };
  expect(
    (
      await request.post("/api/admin/users", { headers: auth, data: newUser(attacker.email) })
    ).status(),
  ).toBe(201);

  const forgedEmail = uniqueEmail("forged");
  const evil = await startAttacker(attackPages(victimId, forgedEmail, attacker));
  const exists = async (email: string) => {
    const r = await request.get(`/api/admin/users?q=${encodeURIComponent(email)}`, {
      headers: auth,
    });
    const list = (await r.json()) as Array<{ email: string; isActive?: boolean; status?: string }>;
    return list.find((u) => u.email === email.toLowerCase()) ?? null;
  };

  try {
    for (const who of [accounts.admin, accounts.student]) {
      const context = await browser.newContext();
      const page = await context.newPage();
      await login(page, who.email);
      for (const p of ["/plain-json", "/screen-form", "/data-post", "/api-fetch", "/login-csrf"]) {
        const answer = page.waitForResponse(
          (r) => r.url().startsWith(runway) && r.request().method() === "POST",
        );
        await page.goto(`${evil.origin}${p}`);
        const r = await answer;
        expect(r.status(), `${who.role} ${p}`).toBe(403);
      }
      // Still signed in as themselves (no login CSRF), nothing created, the victim still active.
      await page.goto("/");
      expect(await meEmail(page)).toBe(who.email);
      await context.close();
    }
    // An anonymous visitor is not signed in as the attacker either.
    const anon = await browser.newContext();
    const anonPage = await anon.newPage();
    const answer = anonPage.waitForResponse(
      (r) => r.url().startsWith(runway) && r.request().method() === "POST",
    );
    await anonPage.goto(`${evil.origin}/login-csrf`);
    expect((await answer).status()).toBe(403);
    await anonPage.goto("/");
    expect(await meEmail(anonPage)).toBeNull();
    await anon.close();

    expect(await exists(forgedEmail)).toBeNull();
    const victim = await request.get(`/api/admin/users/${victimId}`, { headers: auth });
    expect((await victim.json()).isActive).toBe(true);
  } finally {
    await evil.close();
  }

  // The same requests from Runway's own pages go through.
  const context = await browser.newContext();
  const page = await context.newPage();
  await login(page, accounts.admin.email);
  await page.goto("/admin/users");
  const created = await page.evaluate(
    async (body) => {
      const r = await fetch("/api/admin/users", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body,
      });
      return r.status;
    },
    JSON.stringify(newUser(forgedEmail)),
  );
  expect(created).toBe(201);
  expect(await exists(forgedEmail)).not.toBeNull();
  const toggled = await page.evaluate(async (id) => {
    const r = await fetch("/admin/users?_data=routes%2Fadmin%2B%2Fusers", {
      method: "POST",
      body: new URLSearchParams({
        intent: "toggle",
        id,
        confirm: "yes",
        isActive: "false",
        js: "1",
      }),
    });
    return r.status;
  }, victimId);
  expect(toggled).toBe(200);
  const after = await (await request.get(`/api/admin/users/${victimId}`, { headers: auth })).json();
  expect(after.isActive).toBe(false);
  await context.close();
});

const SCREENS = {
  anonymous: ["/", "/jobs", "/login", "/register", "/forgot-password", "/widget"],
  student: ["/dashboard", "/jobs", "/profile"],
  admin: [
    "/dashboard",
    "/admin/users",
    "/admin/jobs",
    "/admin/companies",
    "/admin/surveys",
    "/admin/create-user",
    "/widget",
  ],
};

for (const [who, paths] of Object.entries(SCREENS)) {
  test(`no Content-Security-Policy violation on the main screens (${who})`, async ({ page }) => {
    const violations: string[] = [];
    page.on("console", (m) => {
      if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
    });
    await page.addInitScript(() => {
      document.addEventListener("securitypolicyviolation", (e) => {
        (window as unknown as { __csp: string[] }).__csp ??= [];
        (window as unknown as { __csp: string[] }).__csp.push(
          `${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber} ${e.sample}`,
        );
      });
    });
    if (who !== "anonymous") await login(page, accounts[who as "admin" | "student"].email);
    for (const p of paths) {
      const r = await page.goto(p);
      expect(r?.headers()["content-security-policy"]).toContain("'nonce-");
      // Hydrated: Remix's router is up, which needs the nonce'd inline scripts to have run.
      // (Polled with evaluate: waitForFunction compiles its predicate with eval, a violation of its own.)
      await expect
        .poll(() =>
          page.evaluate(() => !!(window as unknown as { __remixRouter?: unknown }).__remixRouter),
        )
        .toBe(true);
      if (p === "/widget") await expect(page.locator(".widget-grid")).toBeVisible();
      const seen = await page.evaluate(
        () => (window as unknown as { __csp?: string[] }).__csp ?? [],
      );
      violations.push(...seen.map((s) => `${p}: ${s}`));
    }
    expect(violations).toEqual([]);
  });
}

/**
 * The hostile-input sweep in a real browser for the screens it missed: alerts and their
 * unsubscribe link, saved jobs, applications, the survey mail's unsubscribe link, a survey's
 * progress and outcomes, the logo upload and sign-out — markup and script in every query value and
 * in the path: no script runs, no 500, no internals, and every page keeps its CSP nonce.
 */
const XSS = `"><script>window.__xss=1</script><img src=x onerror="window.__xss=1">'`;
const X = encodeURIComponent(XSS);

test("hostile queries on alerts, saved jobs, applications, unsubscribe links, survey progress and outcomes, logo upload and sign-out", async ({
  browser,
  request,
}) => {
  const token = await adminToken(request);
  const created = await request.post("/api/surveys", {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      title: `Sweep ${XSS.slice(0, 40)}`,
      description: XSS,
      audience: "all",
      status: "active",
      questions: [{ text: XSS, type: "short_text", required: true }],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const survey = (await created.json())._id as string;
  const screens: Record<"anonymous" | "student" | "admin", string[]> = {
    anonymous: [
      `/alerts/unsubscribe?alert=${X}&token=${X}`,
      `/surveys/unsubscribe?user=${X}&token=${X}`,
      `/alerts?edit=${X}`,
      `/saved-jobs?back=${X}`,
      `/upload/logo?_data=${X}`,
      `/logout?redirectTo=${X}`,
      `/alerts/unsubscribe?alert=%00&token=%E0%A4%A`,
    ],
    student: [
      `/alerts?edit=${X}&q=${X}`,
      `/saved-jobs?q=${X}&page=${X}`,
      `/applications?q=${X}&status=${X}`,
      `/alerts/unsubscribe?alert=${X}&token=${X}`,
      `/surveys/unsubscribe?user=${X}&token=${X}`,
      `/upload/logo?${X}=${X}`,
    ],
    admin: [
      `/admin/surveys/${survey}/progress?confirm=${X}&role=${X}`,
      `/admin/surveys/${survey}/outcomes?cohort=${X}&year=${X}&format=${X}`,
      `/admin/surveys/${X}/progress`,
      `/admin/surveys/${X}/outcomes`,
      `/alerts?edit=${X}`,
      `/logout?${X}`,
    ],
  };
  for (const [who, paths] of Object.entries(screens)) {
    const context = await browser.newContext();
    const page = await context.newPage();
    let dialogs = 0;
    page.on("dialog", (d) => {
      dialogs++;
      void d.dismiss();
    });
    if (who !== "anonymous") await login(page, accounts[who as "admin" | "student"].email);
    for (const p of paths) {
      const r = await page.goto(p);
      const status = r?.status() ?? 0;
      expect(status, p).toBeLessThan(500);
      const html = await page.content();
      expect(html, p).not.toMatch(/\bat [^\s<"]+ \([^)]*:\d+:\d+\)|node_modules\/|Failed query/);
      // Nothing of the payload ran: neither its script nor its onerror handler.
      expect(await page.evaluate(() => (window as { __xss?: number }).__xss), p).toBeUndefined();
      if (status === 200 && r?.headers()["content-type"]?.includes("text/html"))
        expect(r.headers()["content-security-policy"], p).toContain("'nonce-");
    }
    expect(dialogs).toBe(0);
    await context.close();
  }
});
