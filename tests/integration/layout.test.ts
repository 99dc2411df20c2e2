/**
 * The frame as a browser without JavaScript sees it: server-rendered
 * navigation per role, the admin theme boot script only for admins, flashes shown exactly once,
 * the error page and the unknown-path redirect.
 */
import { describe, expect, it } from "vitest";
import { forEachDb } from "../setup/db";
import { useServer } from "../setup/http";
import { createUser } from "../factories";

/** The links of the server-rendered <nav aria-label="Main">. */
function mainNav(html: string): string[] {
  const nav = html.match(/<nav aria-label="Main"[^>]*>([\s\S]*?)<\/nav>/)?.[1] ?? "";
  return [...nav.matchAll(/<a [^>]*href="([^"]+)"[^>]*>([^<]+)<\/a>/g)].map(
    (m) => `${m[2]} ${m[1]}`,
  );
}

const cookieOf = (res: Response, name: string) =>
  res.headers
    .getSetCookie()
    .find((c) => c.startsWith(`${name}=`))
    ?.split(";")[0];

describe("layout over HTTP", () => {
  forEachDb((t) => {
    const app = useServer(t, { mail: false });

    it("guest: landing page with the guest menu, no theme script, hero links", async () => {
      const res = await app.fetch("/");
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(mainNav(html)).toEqual(["Home /", "Jobs /jobs", "Login /login", "Register /register"]);
      expect(html).toContain("Your career, cleared for takeoff.");
      for (const href of ["/register", "/login", "/dashboard", "/jobs"])
        expect(html).toContain(`href="${href}"`);
      expect(html).not.toContain("admin_theme");
      expect(html).not.toContain(">Logout<");
      expect(html).toContain(
        "Runway is an internship and alumni management system connecting students and alumni with job opportunities.",
      );
    });

    it("student: member menu, display name, user type, and no admin theme script", async () => {
      const { user, password } = await createUser(t.db, {
        role: "student",
        firstName: "Maria",
        lastName: "Santos",
      });
      const cookie = await app.cookie(user.email, password);
      const html = await (await app.fetch("/", { headers: { Cookie: cookie } })).text();
      expect(mainNav(html)).toEqual([
        "Dashboard /dashboard",
        "Jobs /jobs",
        "Saved jobs /saved-jobs",
        "Job alerts /alerts",
        "My applications /applications",
        "Profile /profile",
      ]);
      expect(html).toContain('<span class="nav-user-name">Maria Santos</span>');
      expect(html).toMatch(/class="nav-user-role badge badge-accent">Student</);
      expect(html).toContain(">Logout</button>");
      expect(html).not.toContain("admin_theme");
    });

    it("admin: admin menu and the theme boot script in <head>", async () => {
      const { user, password } = await createUser(t.db, {
        role: "admin",
        firstName: "Ada",
        lastName: "Reyes",
      });
      const cookie = await app.cookie(user.email, password);
      const html = await (await app.fetch("/", { headers: { Cookie: cookie } })).text();
      expect(mainNav(html)).toEqual([
        "Dashboard /dashboard",
        "Companies /admin/companies",
        "Jobs /admin/jobs",
        "Reports /admin/reports",
        "Users /admin/users",
        "Survey /admin/surveys",
        // The internship (OJT) area, after the spec's items (see docs/spec-coverage.md, 2.2).
        "OJT /admin/ojt",
      ]);
      const head = html.slice(0, html.indexOf("</head>"));
      expect(head).toContain('localStorage.getItem("admin_theme")');
      expect(head).toContain('"emerald":"emerald"');
      expect(html).toMatch(/class="nav-user-role badge badge-accent">Admin</);
    });

    it("a flash survives the redirect, renders for no-JS browsers once, and is cleared", async () => {
      const { user, password } = await createUser(t.db, { role: "alumni" });
      const session = await app.cookie(user.email, password);
      const out = await app.fetch("/logout", { method: "POST", headers: { Cookie: session } });
      expect(out.status).toBe(302);
      expect(out.headers.get("location")).toBe("/");
      const flash = cookieOf(out, "runway_flash");
      expect(flash).toBeTruthy();

      const first = await app.fetch("/", { headers: { Cookie: flash! } });
      const html = await first.text();
      // Inside <noscript> for browsers without JS; JS browsers get the same flash as a toast.
      expect(html).toMatch(/<noscript>[\s\S]*Logged out[\s\S]*<\/noscript>/);
      expect(html.match(/Logged out/g)).toHaveLength(2); // the noscript copy + the loader data for the toast
      const cleared = first.headers.getSetCookie().find((c) => c.startsWith("runway_flash="));
      expect(cleared).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/i);

      // The browser drops the cookie, so the next page has no flash.
      const second = await (await app.fetch("/")).text();
      expect(second).not.toContain("Logged out");
      expect(second).not.toContain("<noscript>");
    });

    it("unknown paths redirect to /; an unexpected error gets the error page", async () => {
      const r = await app.fetch("/definitely/not/here");
      expect(r.status).toBe(302);
      expect(r.headers.get("location")).toBe("/");
      const e = await app.fetch("/", { method: "POST", body: new URLSearchParams({ a: "b" }) });
      expect(e.status).toBe(405);
      const html = await e.text();
      expect(html).toContain("<h1>Unexpected Application Error!</h1>");
      expect(html).not.toMatch(/at \w+ \(|node_modules/); // no stack in the page
    });
  });
});
