/**
 * The account screens as a browser without JavaScript uses them: plain form posts and redirects
 * against the built server. Also the route guards and the 'Remember me' cookie.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Db } from "../../db/client";
import { sessions, users } from "../../db/schema";
import { requireAnonymous, requireRole, requireUser } from "../../app/web/auth.server";
import { forEachDb } from "../setup/db";
import { postForm, useServer, type TestServer } from "../setup/http";
import { createUser, courseId } from "../factories";

const codeIn = (text: string) => text.match(/\b(\d{6})\b/)![1];
const linkIn = (text: string) => text.match(/https?:\/\/\S+/)![0];
let n = 0;
const newEmail = () => `screen.${Date.now().toString(36)}${++n}@example.edu`;

const post = postForm;
const sessionCookie = (res: Response) =>
  res.headers.getSetCookie().find((c) => c.startsWith("runway_session="));
/** Decodes HTML entities enough to compare texts with quotes. */
const html = async (res: Response) =>
  (await res.text())
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&");

async function registerForm(app: TestServer, t: { db: Db }, o: Record<string, string> = {}) {
  const email = o.email ?? newEmail();
  const res = await post(app, "/register", {
    userType: "student",
    firstName: "Rita",
    lastName: "Reyes",
    email,
    studentId: `S-${Date.now().toString(36)}${n}`,
    course: await courseId(t.db, "BSIT-AIT"),
    yearLevel: "4th Year",
    password: "secret-pass-mango",
    confirmPassword: "secret-pass-mango",
    terms: "on",
    ...o,
  });
  return { res, email };
}

describe("account screens without JavaScript", () =>
  forEachDb((t) => {
    const app = useServer(t);

    it("register → /verify-otp → code from the mail → signed in on /dashboard", async () => {
      const { res, email } = await registerForm(app, t);
      expect(res.status).toBe(302);
      const to = res.headers.get("location")!;
      expect(to).toMatch(/^\/verify-otp\?s=/);
      const page = await app.fetch(to);
      expect(page.status).toBe(200);
      const body = await html(page);
      expect(body).toContain("Verify your email");
      expect(body).toContain(email);
      expect(body).toContain("Verify Email");
      expect(body).toContain("Resend code");
      expect(body).not.toContain("not verified yet");
      expect(body.match(/name="otp"/g)).toHaveLength(6);

      const [u] = await t.db.select().from(users).where(eq(users.email, email));
      expect(u).toMatchObject({ role: "student", firstName: "Rita", emailVerifiedAt: null });
      const s = new URL(to, app.url).searchParams.get("s")!;
      const code = codeIn((await app.smtp.waitFor(email)).text);
      // The form posts back to the page's own address (with ?s=), as the rendered action says.
      expect(body).toContain(`action="${to}"`);
      const wrong = await post(app, to, {
        intent: "verify",
        s,
        otp: ["0", "0", "0", "0", "0", "0"].map((d, i) => (code[i] === d ? "1" : d)),
      });
      expect(wrong.status).toBe(400);
      expect(await html(wrong)).toContain("Invalid verification code");
      const ok = await post(app, to, { intent: "verify", s, otp: code.split("") });
      expect(ok.status).toBe(302);
      expect(ok.headers.get("location")).toBe("/dashboard");
      const cookie = sessionCookie(ok)!.split(";")[0];
      expect((await app.api("/api/auth/me", { cookie })).body).toMatchObject({
        email,
        isEmailVerified: true,
      });
      // Once verified, the verify page sends a signed-out visitor on to sign in.
      expect((await app.fetch(to)).headers.get("location")).toBe("/login?justVerified=1");
    });

    it("shows the spec's messages for a bad registration and keeps typed values but no passwords", async () => {
      const { res } = await registerForm(app, t, {
        email: "rita@gmail.com",
        confirmPassword: "different",
        terms: "",
        firstName: "",
      });
      expect(res.status).toBe(400);
      const body = await html(res);
      for (const m of [
        "Only @example.edu emails are allowed",
        "Passwords do not match",
        "You must accept the terms and conditions",
        "First name is required",
      ])
        expect(body).toContain(m);
      expect(body).toContain('value="rita@gmail.com"');
      expect(body).not.toContain("secret-pass-mango");
      const { email } = await registerForm(app, t);
      const again = await registerForm(app, t, { email: email.toUpperCase() });
      expect(again.res.status).toBe(409);
      expect(await html(again.res)).toContain("An account with this email already exists");
    });

    it("one submit without JavaScript reports every field error, the password's strength included", async () => {
      // The rules are on the page before anyone submits.
      const page = await html(await app.fetch("/register"));
      expect(page).toContain("At least 6 characters and hard to guess");
      const { res, email } = await registerForm(app, t, {
        email: `weak.${Date.now().toString(36)}@gmail.com`,
        firstName: "",
        terms: "",
        password: "password1",
        confirmPassword: "password1",
      });
      expect(res.status).toBe(400);
      const body = await html(res);
      for (const m of [
        "Only @example.edu emails are allowed",
        "First name is required",
        "You must accept the terms and conditions",
        "This password is easy to guess.",
      ])
        expect(body).toContain(m);
      expect(body).not.toContain("password1");
      expect(await t.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
      // A strong password with other errors adds no password error.
      const strong = await registerForm(app, t, { firstName: "" });
      expect(strong.res.status).toBe(400);
      const strongBody = await html(strong.res);
      expect(strongBody).toContain("First name is required");
      expect(strongBody).not.toContain("easy to guess");
    });

    it("answers the JavaScript path with the signed state for the modal, which verifies without signing in", async () => {
      const email = newEmail();
      const res = await post(app, "/register?_data=routes%2F_auth%2B%2Fregister", {
        userType: "alumni",
        firstName: "Al",
        lastName: "Umni",
        email,
        password: "secret-pass-mango",
        confirmPassword: "secret-pass-mango",
        terms: "on",
        enhanced: "1",
      });
      expect(res.status).toBe(201);
      const data = await res.json();
      expect(data.registered).toMatchObject({
        email,
        requiresVerification: true,
        state: expect.any(String),
      });
      const resend = await post(app, "/verify-otp?_data=routes%2F_auth%2B%2Fverify-otp", {
        intent: "resend",
        mode: "modal",
        s: data.registered.state,
      });
      expect(resend.status).toBe(429);
      expect(Number(resend.headers.get("retry-after"))).toBeGreaterThan(50);
      const code = codeIn((await app.smtp.waitFor(email)).text);
      const v = await post(app, "/verify-otp?_data=routes%2F_auth%2B%2Fverify-otp", {
        intent: "verify",
        mode: "modal",
        s: data.registered.state,
        otp: code,
      });
      expect(v.status).toBe(200);
      expect(await v.json()).toEqual({
        intent: "verify",
        verified: true,
        message: "Email verified.",
      });
      expect(sessionCookie(v)).toBeUndefined();
      const forged = await post(app, "/verify-otp?_data=routes%2F_auth%2B%2Fverify-otp", {
        intent: "verify",
        mode: "modal",
        s: "x.y",
        otp: code,
      });
      expect(forged.status).toBe(400);
    });

    it("/verify-otp without or with a forged state goes to /register", async () => {
      expect((await app.fetch("/verify-otp")).headers.get("location")).toBe("/register");
      expect(
        (await app.fetch("/verify-otp?s=eyJlIjoiYUBleGFtcGxlLmVkdSJ9.bad")).headers.get("location"),
      ).toBe("/register");
      expect(
        (
          await post(app, "/verify-otp", { intent: "verify", s: "nope", otp: "123456" })
        ).headers.get("location"),
      ).toBe("/register");
    });

    it("login diverts an unverified account to /verify-otp; wrong credentials show the error box", async () => {
      const { user, password } = await createUser(t.db, { verified: false });
      const res = await post(app, "/login", { email: user.email, password });
      expect(res.status).toBe(302);
      expect(res.headers.get("location")).toMatch(/^\/verify-otp\?s=/);
      expect(sessionCookie(res)).toBeUndefined();
      expect(res.headers.get("location")).toMatch(/&why=unverified$/);
      const page = await html(await app.fetch(res.headers.get("location")!));
      expect(page).toContain(user.email);
      // The code screen says why a sign-in ended there (a registration's does not).
      expect(page).toContain(
        "Your email address is not verified yet, so signing in continues here",
      );
      const bad = await post(app, "/login", { email: user.email, password: "wrong-password" });
      expect(bad.status).toBe(401);
      expect(await html(bad)).toContain("Invalid email or password");
      const invalid = await post(app, "/login", { email: "", password: "123" });
      expect(invalid.status).toBe(400);
      const text = await html(invalid);
      expect(text).toContain("Email is required");
      expect(text).toContain("Password must be at least 6 characters");
    });

    it("sends an admin to /dashboard and others to / (or a safe redirectTo), with the success notice", async () => {
      const admin = await createUser(t.db, { role: "admin" });
      const student = await createUser(t.db);
      const a = await post(app, "/login", { email: admin.user.email, password: admin.password });
      expect(a.headers.get("location")).toBe("/dashboard");
      expect(a.headers.getSetCookie().some((c) => c.startsWith("runway_flash="))).toBe(true);
      const s = await post(app, "/login", {
        email: student.user.email,
        password: student.password,
      });
      expect(s.headers.get("location")).toBe("/");
      const r = await post(app, "/login", {
        email: student.user.email,
        password: student.password,
        redirectTo: "/jobs?q=x",
      });
      expect(r.headers.get("location")).toBe("/jobs?q=x");
      const evil = await post(app, "/login", {
        email: student.user.email,
        password: student.password,
        redirectTo: "//evil.test/x",
      });
      expect(evil.headers.get("location")).toBe("/");
    });

    it("'Remember me' makes a persistent cookie; without it the cookie ends with the browser", async () => {
      const { user, password } = await createUser(t.db);
      const short = sessionCookie(await post(app, "/login", { email: user.email, password }))!;
      const long = sessionCookie(
        await post(app, "/login", { email: user.email, password, remember: "on" }),
      )!;
      expect(short).not.toMatch(/Max-Age|Expires/i);
      expect(long).toMatch(/Max-Age=2592000/);
      for (const c of [short, long]) {
        expect(c).toMatch(/HttpOnly/i);
        expect(c).toMatch(/SameSite=Lax/i);
      }
      const rows = await t.db.select().from(sessions).where(eq(sessions.userId, user.id));
      expect(rows.map((r) => r.remember).sort()).toEqual([false, true]);
      const hours = rows
        .map((r) => Math.round((r.expiresAt.getTime() - Date.now()) / 36e5))
        .sort((x, y) => x - y);
      expect(hours).toEqual([12, 720]);
    });

    it("shows the justRegistered / justVerified notices on /login", async () => {
      expect(await html(await app.fetch("/login?justVerified=1"))).toContain(
        "Email verified. You can now sign in.",
      );
      expect(await html(await app.fetch("/login?justRegistered=1"))).toContain(
        "Registration successful. Please sign in.",
      );
      const plain = await html(await app.fetch("/login"));
      expect(plain).toContain("Sign in to your account");
      expect(plain).toContain("Remember me");
      expect(plain).toContain('href="/register"');
      expect(plain).toContain('href="/forgot-password"');
    });

    it("sends signed-in users from /login, /register and /verify-otp (pages and posts) to /dashboard", async () => {
      const { user, password } = await createUser(t.db);
      const cookie = await app.cookie(user.email, password);
      for (const p of ["/login", "/register", "/verify-otp", "/verify-otp?s=x"]) {
        const r = await app.fetch(p, { headers: { Cookie: cookie } });
        expect([p, r.status, r.headers.get("location")]).toEqual([p, 302, "/dashboard"]);
      }
      for (const p of ["/login", "/register", "/verify-otp"]) {
        const r = await post(app, p, { email: user.email, password }, cookie);
        expect([p, r.headers.get("location")]).toEqual([p, "/dashboard"]);
      }
    });

    it("logout deletes the session row and clears the cookie", async () => {
      const { user, password } = await createUser(t.db);
      const cookie = await app.cookie(user.email, password);
      const res = await post(app, "/logout", {}, cookie);
      expect(res.status).toBe(302);
      expect(res.headers.get("location")).toBe("/");
      expect(sessionCookie(res)).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/);
      expect(await t.db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([]);
      expect((await app.api("/api/auth/me", { cookie })).status).toBe(401);
    });

    it("forgot-password → link → reset-password form → /login notice; the old session ends", async () => {
      const { user, password } = await createUser(t.db);
      const cookie = await app.cookie(user.email, password);
      const known = await post(app, "/forgot-password", { email: user.email });
      const unknown = await post(app, "/forgot-password", { email: "ghost@example.edu" });
      expect([known.status, unknown.status]).toEqual([200, 200]);
      // One sentence for known and unknown addresses, naming only the address typed.
      expect(await html(known)).toContain(
        `If an account uses ${user.email}, a reset link is on its way to ${user.email}.`,
      );
      expect(await html(unknown)).toContain(
        "If an account uses ghost@example.edu, a reset link is on its way to ghost@example.edu.",
      );

      const link = new URL(linkIn((await app.smtp.waitFor(user.email)).text));
      const page = await app.fetch(link.pathname + link.search);
      expect(page.headers.get("cache-control")).toBe("no-store");
      const text = await html(page);
      expect(text).toContain("Reset your password");
      expect(text).toContain("New password");
      const token = link.searchParams.get("token")!;
      const mismatch = await post(app, "/reset-password", {
        token,
        email: user.email,
        password: "new-pass-77",
        confirmPassword: "new-pass-78",
      });
      expect(mismatch.status).toBe(400);
      expect(await html(mismatch)).toContain("Passwords do not match");
      const ok = await post(
        app,
        "/reset-password",
        { token, email: user.email, password: "new-pass-77", confirmPassword: "new-pass-77" },
        cookie,
      );
      expect(ok.status).toBe(302);
      expect(ok.headers.get("location")).toBe("/login?passwordReset=1");
      expect((await app.api("/api/auth/me", { cookie })).status).toBe(401);
      expect(await html(await app.fetch("/login?passwordReset=1"))).toContain(
        "Your password has been reset. You can now sign in.",
      );
      const used = await html(await app.fetch(link.pathname + link.search));
      expect(used).toContain(
        "This password reset link is invalid or has expired. Please request a new one.",
      );
      expect(await app.cookie(user.email, "new-pass-77")).toMatch(/^runway_session=/);
    });

    it("guards: signed-out users go to /login with redirectTo; non-admins to /dashboard or /", async () => {
      const admin = await createUser(t.db, { role: "admin" });
      const student = await createUser(t.db);
      const req = (path: string, cookie?: string) =>
        new Request(`${app.url}${path}`, { headers: cookie ? { Cookie: cookie } : {} });
      const location = async (p: Promise<unknown>) => {
        try {
          await p;
          return null;
        } catch (e) {
          return (e as Response).headers.get("location");
        }
      };
      const sc = await app.cookie(student.user.email, student.password);
      const ac = await app.cookie(admin.user.email, admin.password);
      expect(await location(requireUser(req("/profile")))).toBe("/login?redirectTo=%2Fprofile");
      expect(await location(requireRole(req("/admin/jobs", sc), ["admin"]))).toBe("/dashboard");
      expect(await location(requireRole(req("/admin/surveys", sc), ["admin"], "/"))).toBe("/");
      expect(await location(requireRole(req("/admin/surveys"), ["admin"]))).toBe(
        "/login?redirectTo=%2Fadmin%2Fsurveys",
      );
      expect(await location(requireRole(req("/admin/users", ac), ["admin"]))).toBeNull();
      expect(await location(requireAnonymous(req("/login", ac)))).toBe("/dashboard");
    });
  }));
