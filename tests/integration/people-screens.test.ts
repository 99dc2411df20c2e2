/**
 * The people screens over plain HTTP, as a browser without JavaScript sees them: guards, the
 * server-side filters, the confirmation step, create user, profile save and photo.
 */
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { users } from "../../db/schema";
import { forEachDb } from "../setup/db";
import { useServer } from "../setup/http";
import { createSurvey, createUser } from "../factories";

const form = (o: Record<string, string>) => ({
  method: "POST",
  body: new URLSearchParams(o),
  headers: { "Content-Type": "application/x-www-form-urlencoded" } as Record<string, string>,
});
const withCookie = (init: ReturnType<typeof form>, cookie: string) => ({
  ...init,
  headers: { ...init.headers, Cookie: cookie },
});
/** Cookies set by a response, as a Cookie header (the flash that follows a redirect). */
const setCookies = (r: Response) =>
  r.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
const text = (html: string) =>
  html
    .replace(/<!-- -->/g, "")
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"');

describe("people screens", () => {
  forEachDb((t) => {
    const app = useServer(t, { mail: false });
    const get = async (path: string, cookie?: string) => {
      const r = await app.fetch(path, { headers: cookie ? { Cookie: cookie } : {} });
      return { status: r.status, location: r.headers.get("location"), html: text(await r.text()) };
    };
    async function signIn(role: "admin" | "student" | "alumni", o: Record<string, unknown> = {}) {
      const { user, password } = await createUser(t.db, { role, ...o });
      return { user, cookie: await app.cookie(user.email, password) };
    }

    it("guards the screens: signed out to /login, non-admins to /dashboard", async () => {
      for (const p of ["/dashboard", "/profile", "/admin/users", "/admin/create-user"]) {
        const r = await get(p);
        expect(r.status, p).toBe(302);
        expect(r.location, p).toMatch(/^\/login/);
      }
      const { cookie } = await signIn("student");
      for (const p of ["/admin/users", "/admin/create-user"]) {
        expect(await get(p, cookie), p).toMatchObject({ status: 302, location: "/dashboard" });
      }
      const post = await app.fetch(
        "/admin/users",
        withCookie(form({ intent: "toggle", id: "x", confirm: "yes" }), cookie),
      );
      expect(post.headers.get("location")).toBe("/dashboard");
    });

    it("offers a student the surveys they may answer, with Take survey links", async () => {
      const { survey } = await createSurvey(t.db, {
        title: "Graduate tracer 2026",
        audience: "students",
      });
      await createSurvey(t.db, { title: "Alumni only pulse", audience: "alumni" });
      await createSurvey(t.db, { title: "Draft never shown", status: "draft" });
      const s = await signIn("student", { firstName: "Sam" });
      const sd = await get("/dashboard", s.cookie);
      expect(sd.html).toContain("Surveys (1)");
      expect(sd.html).toContain("Graduate tracer 2026");
      expect(sd.html).toContain(`href="/surveys/${survey.id}"`);
      expect(sd.html).not.toContain("Alumni only pulse");
      expect(sd.html).not.toContain("Draft never shown");
    });

    it("shows each role its dashboard", async () => {
      const s = await signIn("student", { firstName: "Sam" });
      const sd = await get("/dashboard", s.cookie);
      expect(sd.status).toBe(200);
      for (const label of [
        "Welcome, Sam!",
        "Available Jobs",
        "Jobs Viewed",
        "Applications",
        "Companies",
        "No surveys to answer",
      ])
        expect(sd.html).toContain(label);
      expect(sd.html).not.toContain("Total Jobs");
      const a = await signIn("admin", { firstName: "Ada" });
      const ad = await get("/dashboard", a.cookie);
      for (const label of [
        "Welcome, Ada",
        "Total Jobs",
        "Pending Approval",
        "Total Users",
        "New Users (30d)",
        "Total Users by Role",
        "Most Searched Jobs",
        "Students per Course",
        "Default Blue",
        "Emerald",
        "Rose",
        "Gold",
        'href="/admin/surveys"',
      ])
        expect(ad.html).toContain(label);
      // The chart's text alternative: a table with the counts per role.
      expect(ad.html).toMatch(/<th scope="row">Admins<\/th><td>1<\/td>/);
    });

    it("filters and pages Manage Users on the server", async () => {
      const { cookie } = await signIn("admin", { firstName: "Ada", lastName: "Admin" });
      await createUser(t.db, {
        role: "alumni",
        firstName: "Juan",
        lastName: "Cruz",
        email: "juan@example.edu",
        courseCode: "BSAMT",
        yearLevel: "Graduate",
      });
      for (let i = 0; i < 11; i++)
        await createUser(t.db, { role: "student", firstName: "Filler", lastName: `N${i}` });
      const all = await get("/admin/users", cookie);
      expect(all.html).toContain("Manage Users");
      expect(all.html).toContain('href="/admin/create-user"');
      expect(all.html).toContain("Page 1 of 2 • 13 total");
      const juan = await get("/admin/users?q=juan%20CRUZ", cookie);
      expect(juan.html).toContain("juan@example.edu");
      expect(juan.html).toContain("Graduate • BS in Aircraft Maintenance Technology");
      expect(juan.html).toContain("Page 1 of 1 • 1 total");
      expect(juan.html).not.toContain("Filler");
      expect((await get("/admin/users?role=admin", cookie)).html).toContain(
        "Page 1 of 1 • 1 total",
      );
      const none = await get("/admin/users?status=inactive", cookie);
      expect(none.html).toContain("No users found");
      expect(none.html).toContain("Page 1 of 1 • 0 total");
      expect((await get("/admin/users?size=25", cookie)).html).toContain("Page 1 of 1 • 13 total");
      expect((await get("/admin/users?page=2", cookie)).html).toContain("Page 2 of 2 • 13 total");
    });

    it("deactivates without JavaScript through a confirmation step, ending that user's session", async () => {
      const { cookie } = await signIn("admin");
      const victim = await signIn("student", { firstName: "Vic", lastName: "Tim" });
      expect((await get("/dashboard", victim.cookie)).status).toBe(200);

      const ask = await app.fetch(
        "/admin/users?role=student",
        withCookie(form({ intent: "toggle", id: victim.user.id, isActive: "false" }), cookie),
      );
      expect(ask.status).toBe(302);
      const step = ask.headers.get("location")!;
      expect(step).toBe(`/admin/users?role=student&confirm=toggle&id=${victim.user.id}`);
      expect((await get(step, cookie)).html).toContain("Deactivate Vic Tim?");
      expect(
        (await t.db.select().from(users).where(eq(users.id, victim.user.id)))[0].isActive,
      ).toBe(true);

      const done = await app.fetch(
        step,
        withCookie(
          form({ intent: "toggle", id: victim.user.id, isActive: "false", confirm: "yes" }),
          cookie,
        ),
      );
      expect(done.status).toBe(302);
      expect(done.headers.get("location")).toBe("/admin/users?role=student");
      expect(done.headers.get("set-cookie")).toContain("runway_flash=");
      expect(
        (await t.db.select().from(users).where(eq(users.id, victim.user.id)))[0].isActive,
      ).toBe(false);
      expect((await get("/dashboard", victim.cookie)).location).toMatch(/^\/login/);

      const del = await app.fetch(
        "/admin/users",
        withCookie(form({ intent: "delete", id: victim.user.id }), cookie),
      );
      expect((await get(del.headers.get("location")!, cookie)).html).toContain(
        "Delete Vic Tim? This cannot be undone.",
      );
    });

    it("tells the browser of a deactivated user's session why it ended, once, and never after reactivation", async () => {
      const { cookie } = await signIn("admin");
      const victim = await signIn("student");
      const other = await signIn("student");
      const toggle = (id: string, isActive: string) =>
        app.fetch(
          "/admin/users",
          withCookie(form({ intent: "toggle", id, isActive, confirm: "yes" }), cookie),
        );
      expect((await toggle(victim.user.id, "false")).status).toBe(302);

      // Any page, public ones too: to /login with the notice, and the session cookie cleared.
      const told = await app.fetch("/jobs", { headers: { Cookie: victim.cookie } });
      expect(told.status).toBe(302);
      expect(told.headers.get("location")).toBe("/login");
      const cookies = told.headers.getSetCookie();
      expect(cookies.some((c) => /^runway_session=;/.test(c) && /Max-Age=0/i.test(c))).toBe(true);
      const login = await get("/login", setCookies(told));
      expect(login.status).toBe(200);
      expect(login.html).toMatch(
        /This account has been deactivated\. Please contact [^ ]+@[^ ]+ if you need access again\./,
      );
      // The ended session signs no one in, and a guessed or unknown token is told nothing.
      expect((await get("/dashboard", victim.cookie)).location).toBe("/login");
      const unknown = await app.fetch("/jobs", { headers: { Cookie: "runway_session=abc" } });
      expect(unknown.status).toBe(200);

      // A user whose session simply ended (here: deleted by their own sign-out) is not told.
      const out = await app.fetch("/logout", withCookie(form({}), other.cookie));
      expect(out.status).toBe(302);
      const after = await app.fetch("/jobs", { headers: { Cookie: other.cookie } });
      expect(after.status).toBe(200);

      // Reactivated: the old session stays ended and says nothing about deactivation.
      expect((await toggle(victim.user.id, "true")).status).toBe(302);
      const back = await app.fetch("/dashboard", { headers: { Cookie: victim.cookie } });
      expect(back.headers.get("location")).toMatch(/^\/login\?redirectTo=/);
      expect(back.headers.getSetCookie().join(";")).not.toContain("runway_flash=");
    });

    it("answers fetchers with JSON: the success text, or the failure banner and page error", async () => {
      // What a Remix fetcher posts to: the route's data endpoint.
      const FETCHER = "/admin/users?_data=routes%2Fadmin%2B%2Fusers";
      const { user: me, cookie } = await signIn("admin");
      const { user } = await createUser(t.db, { role: "student" });
      const ok = await app.fetch(
        FETCHER,
        withCookie(
          form({ intent: "toggle", id: user.id, isActive: "false", confirm: "yes", js: "1" }),
          cookie,
        ),
      );
      expect(await ok.json()).toEqual({
        ok: true,
        intent: "toggle",
        message: "User has been deactivated successfully",
      });
      const on = await app.fetch(
        FETCHER,
        withCookie(
          form({ intent: "toggle", id: user.id, isActive: "true", confirm: "yes", js: "1" }),
          cookie,
        ),
      );
      expect((await on.json()).message).toBe("User has been activated successfully");
      const self = await app.fetch(
        FETCHER,
        withCookie(
          form({ intent: "toggle", id: me.id, isActive: "false", confirm: "yes", js: "1" }),
          cookie,
        ),
      );
      expect(self.status).toBe(403);
      expect(await self.json()).toEqual({
        ok: false,
        intent: "toggle",
        banner: "Error updating user status",
        pageError: "Failed to update user status",
        reason: "You cannot deactivate your own account",
      });
      const delSelf = await app.fetch(
        FETCHER,
        withCookie(form({ intent: "delete", id: me.id, confirm: "yes", js: "1" }), cookie),
      );
      expect(await delSelf.json()).toMatchObject({
        ok: false,
        banner: "Error deleting user",
        pageError: "Failed to delete user",
      });
      const del = await app.fetch(
        FETCHER,
        withCookie(form({ intent: "delete", id: user.id, confirm: "yes", js: "1" }), cookie),
      );
      expect((await del.json()).message).toBe("User deleted successfully");
      // Without JavaScript a refusal comes back as the page error.
      const nojs = await app.fetch(
        "/admin/users",
        withCookie(form({ intent: "delete", id: me.id, confirm: "yes" }), cookie),
      );
      expect(nojs.headers.get("location")).toBe("/admin/users?error=delete");
      expect((await get("/admin/users?error=delete", cookie)).html).toContain(
        "Failed to delete user",
      );
    });

    it("creates a user from the form and shows the success message on Manage Users", async () => {
      const { cookie } = await signIn("admin");
      const course = (await get("/admin/create-user", cookie)).html.match(
        /<option value="([0-9a-f-]{36})">BS in Aeronautical Engineering</,
      )![1];
      const bad = await app.fetch(
        "/admin/create-user",
        withCookie(
          form({
            userType: "student",
            firstName: "A",
            lastName: "Reyes",
            email: "a@gmail.com",
            password: "12345",
          }),
          cookie,
        ),
      );
      expect(bad.status).toBe(400);
      const badHtml = text(await bad.text());
      for (const m of [
        "First name must be at least 2 characters",
        "Only @example.edu emails are allowed",
        "Password must be at least 6 characters",
        "Student ID is required for students",
        "Course is required for students",
        "Year level is required for students",
      ])
        expect(badHtml).toContain(m);
      const ok = await app.fetch(
        "/admin/create-user",
        withCookie(
          form({
            userType: "student",
            firstName: "Ana",
            lastName: "Reyes",
            email: "ana.reyes@example.edu",
            password: "secret-pass-mango",
            studentId: "2024-77",
            course,
            yearLevel: "4th Year",
            phone: "",
          }),
          cookie,
        ),
      );
      expect(ok.status).toBe(302);
      expect(ok.headers.get("location")).toBe("/admin/users?created=1");
      const list = await get("/admin/users?created=1", cookie);
      expect(list.html).toContain("The user has been created successfully");
      expect(list.html).toContain("ana.reyes@example.edu");
      const dup = await app.fetch(
        "/admin/create-user",
        withCookie(
          form({
            userType: "alumni",
            firstName: "Ana",
            lastName: "Reyes",
            email: "ana.reyes@example.edu",
            password: "secret-pass-mango",
          }),
          cookie,
        ),
      );
      expect(dup.status).toBe(409);
      expect(text(await dup.text())).toContain("An account with this email already exists");
      // The created account signs in.
      expect(await app.cookie("ana.reyes@example.edu", "secret-pass-mango")).toMatch(
        /^runway_session=/,
      );
    });

    it("saves the profile form (only allowed fields) and a photo without JavaScript", async () => {
      const { user, cookie } = await signIn("student", { firstName: "Sam", lastName: "Santos" });
      expect((await get("/profile", cookie)).html).toContain("Edit Profile");
      const edit = await get("/profile?edit", cookie);
      expect(edit.html).toContain("Save Changes");
      expect(edit.html).toContain("Cancel");

      const bad = await app.fetch(
        "/profile?edit",
        withCookie(form({ firstName: "S", lastName: "" }), cookie),
      );
      expect(bad.status).toBe(400);
      const badHtml = text(await bad.text());
      expect(badHtml).toContain("First name must be at least 2 characters");
      expect(badHtml).toContain("Last name is required");

      const saved = await app.fetch(
        "/profile?edit",
        withCookie(
          form({
            firstName: "Samuel",
            lastName: "Santos",
            phone: "0917",
            address: "",
            bio: "Hi",
            studentId: "S-1",
            course: "",
            yearLevel: "3rd Year",
            role: "admin",
            email: "x@example.edu",
            isActive: "false",
          }),
          cookie,
        ),
      );
      expect(saved.status).toBe(302);
      expect(saved.headers.get("location")).toBe("/profile");
      const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
      expect(row).toMatchObject({
        firstName: "Samuel",
        phone: "0917",
        bio: "Hi",
        yearLevel: "3rd Year",
        courseId: null,
        role: "student",
        email: user.email,
        isActive: true,
      });

      const png = await sharp({
        create: { width: 300, height: 300, channels: 3, background: "#0a0" },
      })
        .png()
        .toBuffer();
      const fd = new FormData();
      fd.set("profilePicture", new Blob([png], { type: "image/png" }), "me.png");
      const up = await app.fetch("/profile", {
        method: "POST",
        body: fd,
        headers: { Cookie: cookie },
      });
      expect(up.status).toBe(302);
      const flash = setCookies(up);
      const page = await get("/profile", `${cookie}; ${flash}`);
      expect(page.html).toMatch(/src="\/files\/[0-9a-f-]{36}\?w=96"/);
      const svg = new FormData();
      svg.set("profilePicture", new Blob(["<svg/>"], { type: "image/png" }), "x.png");
      const refused = await app.fetch("/profile", {
        method: "POST",
        body: svg,
        headers: { Cookie: cookie },
      });
      expect(refused.status).toBe(415);
      expect(text(await refused.text())).toContain("Failed to update photo");
    });
  });
});
