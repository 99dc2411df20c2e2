/** The /api authentication calls over HTTP against the built server, with a real SMTP sink. */
import { RESET_MSG } from "~/models/auth/password-reset.server";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { users, verificationCodes } from "../../db/schema";
import { forEachDb } from "../setup/db";
import { useServer } from "../setup/http";
import { createUser } from "../factories";

// Read by the server's env() on first use (in beforeAll), so a browser client on this origin may call /api.
const SPA = "http://spa.example.test";
process.env.API_CORS_ORIGINS = SPA;

const codeIn = (text: string) => text.match(/\b(\d{6})\b/)![1];
const linkIn = (text: string) => text.match(/https?:\/\/\S+/)![0];
let n = 0;
const newEmail = () => `api.${Date.now().toString(36)}${++n}@example.edu`;
const registration = (o: Record<string, unknown> = {}) => ({
  userType: "student",
  firstName: "Ana",
  lastName: "Cruz",
  email: newEmail(),
  password: "secret-pass-mango",
  studentId: `S-${Date.now().toString(36)}${n}`,
  course: "BSAE",
  yearLevel: "4th Year",
  ...o,
});

describe("/api/auth", () =>
  forEachDb((t) => {
    const app = useServer(t);

    it("register → code by mail → verify-otp → login {user, token} → me → logout", async () => {
      const body = registration({ email: `  Ana.${Date.now()}@EXAMPLE.edu ` });
      const email = body.email.trim().toLowerCase();
      const reg = await app.api("/api/auth/register", { body });
      expect(reg.status).toBe(201);
      expect(reg.body).toMatchObject({
        requiresVerification: true,
        message: expect.any(String),
        user: {
          _id: expect.any(String),
          email,
          role: "student",
          userType: "student",
          firstName: "Ana",
          lastName: "Cruz",
          yearLevel: "4th Year",
          studentId: body.studentId,
          course: "BS in Aeronautical Engineering",
          courseCode: "BSAE",
          isEmailVerified: false,
          isActive: true,
          avatarUrl: null,
        },
      });
      expect(JSON.stringify(reg.body)).not.toMatch(/argon2|passwordHash|password_hash/);

      const early = await app.api("/api/auth/login", {
        body: { email, password: "secret-pass-mango" },
      });
      expect(early.status).toBe(403);
      expect(early.body).toMatchObject({ requiresVerification: true, userId: reg.body.user._id });
      expect(early.body.token).toBeUndefined();

      const mail = await app.smtp.waitFor(email);
      const otp = codeIn(mail.text);
      const v = await app.api("/api/auth/verify-otp", {
        body: { email: email.toUpperCase(), otp },
      });
      expect(v.status).toBe(200);
      expect(v.body).toMatchObject({
        message: "Email verified.",
        user: { _id: reg.body.user._id, isEmailVerified: true },
      });

      const login = await app.api("/api/auth/login", {
        body: { email, password: "secret-pass-mango" },
      });
      expect(login.status).toBe(200);
      expect(login.body).toMatchObject({
        token: expect.any(String),
        user: { _id: reg.body.user._id, role: "student" },
      });
      const me = await app.api("/api/auth/me", { token: login.body.token });
      expect(me.status).toBe(200);
      expect(me.body).toMatchObject({
        _id: reg.body.user._id,
        email,
        course: "BS in Aeronautical Engineering",
        courseCode: "BSAE",
      });
      expect(
        (await app.api("/api/auth/logout", { method: "POST", token: login.body.token })).status,
      ).toBe(200);
      expect((await app.api("/api/auth/me", { token: login.body.token })).status).toBe(401);
    });

    it("ignores mass-assigned role, verified and id fields on register", async () => {
      const body: Record<string, unknown> = registration({
        role: "admin",
        type: "admin",
        isEmailVerified: true,
        emailVerifiedAt: new Date().toISOString(),
        isActive: true,
        _id: "00000000-0000-4000-8000-000000000000",
      });
      const reg = await app.api("/api/auth/register", { body });
      expect(reg.status).toBe(201);
      expect(reg.body.user).toMatchObject({ role: "student", isEmailVerified: false });
      expect(reg.body.user._id).not.toBe(body._id);
      const [row] = await t.db
        .select()
        .from(users)
        .where(eq(users.email, String(body.email)));
      expect(row.role).toBe("student");
      expect(row.emailVerifiedAt).toBeNull();
      expect(
        (
          await app.api("/api/auth/login", {
            body: { email: body.email, password: "secret-pass-mango" },
          })
        ).status,
      ).toBe(403);
      // Asking for admin outright is a validation error, not a quiet downgrade.
      const admin = await app.api("/api/auth/register", {
        body: registration({ userType: "admin" }),
      });
      expect(admin.status).toBe(400);
      expect(admin.body.message).toBe("Please select your user type");
    });

    it("enforces the college domain, the field rules and unique addresses on the server", async () => {
      const gmail = await app.api("/api/auth/register", {
        body: registration({ email: "ana@gmail.com" }),
      });
      expect(gmail.status).toBe(400);
      expect(gmail.body).toEqual({
        message: "Only @example.edu emails are allowed",
        errors: { email: ["Only @example.edu emails are allowed"] },
      });
      const sub = await app.api("/api/auth/register", {
        body: registration({ email: "ana@mail.example.edu" }),
      });
      expect(sub.status).toBe(400);
      const empty = await app.api("/api/auth/register", { body: {} });
      expect(empty.status).toBe(400);
      expect(empty.body.errors).toMatchObject({
        userType: ["Please select your user type"],
        firstName: ["First name is required"],
        email: expect.arrayContaining(["Email is required"]),
        password: expect.arrayContaining(["Password is required"]),
      });
      const short = await app.api("/api/auth/register", {
        body: registration({ password: "12345" }),
      });
      expect(short.body.message).toBe("Password must be at least 6 characters");
      const { user } = await createUser(t.db);
      const taken = await app.api("/api/auth/register", {
        body: registration({ email: user.email.toUpperCase() }),
      });
      expect(taken.status).toBe(409);
      expect(taken.body.message).toBe("An account with this email already exists");
      expect((await app.api("/api/auth/register", { body: "{oops" })).status).toBe(400);
      expect((await app.api("/api/auth/register")).status).toBe(404);
    });

    it("answers a wrong password and an unknown e-mail identically; a deactivated account only after its right password", async () => {
      const { user, password } = await createUser(t.db);
      const off = await createUser(t.db, { isActive: false });
      const answers = await Promise.all([
        app.api("/api/auth/login", { body: { email: user.email, password: "wrong-password" } }),
        app.api("/api/auth/login", {
          body: { email: "nobody@example.edu", password: "wrong-password" },
        }),
        app.api("/api/auth/login", { body: { email: off.user.email, password: "wrong-password" } }),
      ]);
      expect(answers.map((a) => a.status)).toEqual([401, 401, 401]);
      expect(answers[1].body).toEqual(answers[0].body);
      expect(answers[2].body).toEqual(answers[0].body);
      // The right password proves the person; they are told the state and whom to contact.
      const told = await app.api("/api/auth/login", {
        body: { email: off.user.email, password: off.password },
      });
      expect(told.status).toBe(403);
      expect(told.body).toEqual({
        message:
          "This account has been deactivated. Please contact info@example.edu if you need access again.",
        deactivated: true,
      });
      expect(told.body.token).toBeUndefined();
      expect(
        (await app.api("/api/auth/login", { body: { email: user.email, password } })).status,
      ).toBe(200);
      expect(
        (await app.api("/api/auth/login", { body: { email: user.email, password: "123" } })).body
          .message,
      ).toBe("Password must be at least 6 characters");
    });

    it("the sign-in screen tells a deactivated account after the right password only, and starts no session", async () => {
      const off = await createUser(t.db, { isActive: false });
      const form = (password: string) =>
        app.fetch("/login", {
          method: "POST",
          body: new URLSearchParams({ email: off.user.email, password }),
          headers: { "Content-Type": "application/x-www-form-urlencoded" },
        });
      const wrong = await form("wrong-password");
      expect(wrong.status).toBe(401);
      const wrongText = await wrong.text();
      expect(wrongText).toContain("Invalid email or password");
      expect(wrongText).not.toContain("deactivated");
      const right = await form(off.password);
      expect(right.status).toBe(403);
      expect(await right.text()).toContain(
        "This account has been deactivated. Please contact info@example.edu",
      );
      expect(right.headers.getSetCookie().some((c) => /runway_session=[^;]/.test(c))).toBe(false);
    });

    it("throttles sign-in per account: 429 with Retry-After", async () => {
      const { user, password } = await createUser(t.db);
      for (let i = 0; i < 10; i++)
        await app.api("/api/auth/login", {
          body: { email: user.email, password: "wrong-password" },
        });
      const r = await app.api("/api/auth/login", { body: { email: user.email, password } });
      expect(r.status).toBe(429);
      expect(Number(r.headers.get("retry-after"))).toBeGreaterThan(0);
    });

    it("register: a +tag of a taken address is the same 409 as the address itself", async () => {
      const body = registration();
      expect((await app.api("/api/auth/register", { body })).status).toBe(201);
      const same = await app.api("/api/auth/register", {
        body: registration({ email: body.email }),
      });
      const tagged = await app.api("/api/auth/register", {
        body: registration({ email: body.email.replace("@", "+2@") }),
      });
      expect(same.status).toBe(409);
      expect(tagged.status).toBe(409);
      expect(tagged.body).toEqual(same.body);
      expect(tagged.body.message).toBe("An account with this email already exists");
    });

    it("resend-otp: the same answers for a fresh account and an unknown address — 200, then 429 with Retry-After", async () => {
      const body = registration();
      await app.api("/api/auth/register", { body });
      const ghostEmail = newEmail();
      // The attack: ask right after someone registered. The sign-up must leave no trace here.
      const asks = async (email: string) => {
        const r = await app.api("/api/auth/resend-otp", { body: { email } });
        const headers = [...r.headers.keys()].filter((h) => !["date", "x-request-id"].includes(h));
        return { status: r.status, message: r.body.message, headers: headers.sort(), r };
      };
      const [fresh1, ghost1] = [await asks(body.email), await asks(ghostEmail)];
      expect(fresh1.status).toBe(200);
      expect({ ...fresh1, r: 0 }).toEqual({ ...ghost1, r: 0 });
      expect(fresh1.message).toBe("OTP resent. Check your email.");
      const [fresh2, ghost2] = [await asks(body.email), await asks(ghostEmail)];
      expect(fresh2.status).toBe(429);
      expect(ghost2.status).toBe(429);
      expect(fresh2.headers).toEqual(ghost2.headers);
      for (const x of [fresh2, ghost2]) {
        const wait = Number(x.r.headers.get("retry-after"));
        expect(wait).toBeGreaterThan(50);
        expect(wait).toBeLessThanOrEqual(60);
        expect(x.message).toBe(`Please wait ${wait} seconds before requesting a new code.`);
      }
      // One mailbox, one cooldown: a +tag of the same address waits too.
      const tagged = body.email.replace("@", "+again@");
      expect((await asks(tagged)).status).toBe(429);
      expect((await app.api("/api/auth/resend-otp", { body: {} })).status).toBe(400);
    });

    it("verify-otp: brute force burns the code, replay and expiry are refused, bad input is a 400", async () => {
      const body = registration();
      await app.api("/api/auth/register", { body });
      const otp = codeIn((await app.smtp.waitFor(body.email)).text);
      const bad = String((Number(otp) + 1) % 1e6).padStart(6, "0");
      for (let i = 0; i < 5; i++)
        expect(
          (await app.api("/api/auth/verify-otp", { body: { email: body.email, otp: bad } })).status,
        ).toBe(400);
      const burned = await app.api("/api/auth/verify-otp", { body: { email: body.email, otp } });
      expect(burned.status).toBe(400);
      expect(burned.body.message).toBe("Too many incorrect attempts. Request a new code.");

      const other = registration();
      await app.api("/api/auth/register", { body: other });
      const otp2 = codeIn((await app.smtp.waitFor(other.email)).text);
      await t.db
        .update(verificationCodes)
        .set({ expiresAt: sql`now() - interval '1 second'` })
        .where(eq(verificationCodes.email, other.email));
      expect(
        (await app.api("/api/auth/verify-otp", { body: { email: other.email, otp: otp2 } })).body
          .message,
      ).toBe("This code has expired. Request a new one.");
      const format = await app.api("/api/auth/verify-otp", {
        body: { email: other.email, otp: "12ab" },
      });
      expect(format).toMatchObject({ status: 400, body: { message: "Enter the 6-digit code." } });
    });

    it("a verified code cannot be replayed", async () => {
      const body = registration();
      await app.api("/api/auth/register", { body });
      const otp = codeIn((await app.smtp.waitFor(body.email)).text);
      expect(
        (await app.api("/api/auth/verify-otp", { body: { email: body.email, otp } })).status,
      ).toBe(200);
      const again = await app.api("/api/auth/verify-otp", { body: { email: body.email, otp } });
      expect(again.status).toBe(400);
    });

    it("forgot → mailed link → reset: same answer for unknown addresses, sessions revoked, link single-use", async () => {
      const { user } = await createUser(t.db);
      const oldToken = await app.token(user.email, "correct-horse-42");
      const known = await app.api("/api/auth/forgot-password", { body: { email: user.email } });
      const unknown = await app.api("/api/auth/forgot-password", {
        body: { email: "ghost@example.edu" },
      });
      expect(known.status).toBe(200);
      expect(unknown.status).toBe(200);
      // The same sentence either way, naming the address typed: nothing about whether it exists.
      expect(known.body).toEqual({ message: RESET_MSG.sent(user.email) });
      expect(unknown.body).toEqual({ message: RESET_MSG.sent("ghost@example.edu") });

      const link = new URL(linkIn((await app.smtp.waitFor(user.email)).text));
      expect(link.pathname).toBe("/reset-password");
      expect(link.origin).toBe("http://localhost:3000"); // PUBLIC_URL default, never the Host header
      const token = link.searchParams.get("token")!;
      const weak = await app.api("/api/auth/reset-password", {
        body: { email: user.email, token, password: "123" },
      });
      expect(weak.status).toBe(400);
      const ok = await app.api("/api/auth/reset-password", {
        body: { email: user.email, token, password: "new-secret-9" },
      });
      expect(ok).toMatchObject({
        status: 200,
        body: { message: "Your password has been reset. You can now sign in." },
      });
      expect((await app.api("/api/auth/me", { token: oldToken })).status).toBe(401);
      const replay = await app.api("/api/auth/reset-password", {
        body: { email: user.email, token, password: "other-secret-9" },
      });
      expect(replay.status).toBe(400);
      expect(
        (
          await app.api("/api/auth/login", {
            body: { email: user.email, password: "correct-horse-42" },
          })
        ).status,
      ).toBe(401);
      expect(
        (
          await app.api("/api/auth/login", {
            body: { email: user.email, password: "new-secret-9" },
          })
        ).status,
      ).toBe(200);
      const notice = await app.smtp.waitFor(user.email, (m) => /changed/i.test(m.subject));
      expect(notice.text).toContain("signed out");
    });

    it("a deactivated user's old token stops working at once", async () => {
      const { user, password } = await createUser(t.db);
      const token = await app.token(user.email, password);
      expect((await app.api("/api/auth/me", { token })).status).toBe(200);
      await t.db.update(users).set({ isActive: false }).where(eq(users.id, user.id));
      expect((await app.api("/api/auth/me", { token })).status).toBe(401);
      expect((await app.api("/api/auth/me", { token: "not-a-real-token" })).status).toBe(401);
      expect((await app.api("/api/auth/me")).body).toEqual({ message: "Authentication required" });
    });

    it("answers CORS preflight for the configured origin only, with credentials", async () => {
      const pre = await app.fetch("/api/auth/login", {
        method: "OPTIONS",
        headers: {
          Origin: SPA,
          "Access-Control-Request-Method": "POST",
          "Access-Control-Request-Headers": "content-type",
        },
      });
      expect(pre.status).toBe(204);
      expect(pre.headers.get("access-control-allow-origin")).toBe(SPA);
      expect(pre.headers.get("access-control-allow-credentials")).toBe("true");
      expect(pre.headers.get("access-control-allow-headers")).toMatch(/authorization/i);
      const post = await app.api("/api/auth/forgot-password", {
        body: { email: "x@example.edu" },
        headers: { Origin: SPA },
      });
      expect(post.headers.get("access-control-allow-origin")).toBe(SPA);
      const evil = await app.fetch("/api/auth/login", {
        method: "OPTIONS",
        headers: { Origin: "http://evil.test" },
      });
      expect(evil.headers.get("access-control-allow-origin")).toBeNull();
    });
  }));
