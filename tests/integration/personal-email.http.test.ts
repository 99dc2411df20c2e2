/**
 * Alumni keep their account, over HTTP: /api/profile/personal-email and its /verify with the code
 * from a real SMTP sink, /api/auth/login and the /login form with either address, the profile's
 * forms without JavaScript, the user object, Manage Users and the dashboard's one-time question.
 */
import { describe, expect, it } from "vitest";
import { forEachDb } from "../setup/db";
import { useServer } from "../setup/http";
import { codeFrom } from "../setup/smtp-sink";
import { createUser } from "../factories";

const form = (cookie: string, fields: Record<string, string>) => ({
  method: "POST",
  body: new URLSearchParams(fields),
  headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie },
});
const unique = () => `alum.${Math.random().toString(36).slice(2, 8)}@mail.example`;

describe("personal e-mail over HTTP", () => {
  forEachDb((t) => {
    const app = useServer(t);

    it("adds, verifies and signs in with the personal address through /api", async () => {
      const alum = await createUser(t.db, { role: "alumni" });
      const token = await app.token(alum.user.email, alum.password);
      const addr = unique();

      expect(
        (await app.api("/api/profile/personal-email", { body: { email: addr, password: "x" } }))
          .status,
      ).toBe(401);
      const badPw = await app.api("/api/profile/personal-email", {
        token,
        body: { email: addr, password: "wrong-password" },
      });
      expect(badPw.status).toBe(400);
      expect(badPw.body.errors.password).toEqual(["Incorrect password"]);
      const college = await app.api("/api/profile/personal-email", {
        token,
        body: { email: "someone@example.edu", password: alum.password },
      });
      expect(college.status).toBe(400);
      expect(college.body.message).toMatch(/^Use an address outside @example\.edu/);
      const crafted = await app.api("/api/profile/personal-email", {
        token,
        body: { email: `${addr}\r\nBcc: evil@attacker.example`, password: alum.password },
      });
      expect(crafted.status).toBe(400);

      const sent = await app.api("/api/profile/personal-email", {
        token,
        body: { email: addr, password: alum.password },
      });
      expect(sent.status).toBe(200);
      expect(sent.body).toEqual({
        message: `Verification code sent to ${addr}`,
        pendingEmail: addr,
      });
      const again = await app.api("/api/profile/personal-email", {
        token,
        body: { email: addr, password: alum.password },
      });
      expect(again.status).toBe(429);
      expect(again.headers.get("Retry-After")).toMatch(/^\d+$/);

      const mail = await app.smtp.waitFor(addr);
      const code = codeFrom(mail);
      const wrong = await app.api("/api/profile/personal-email/verify", {
        token,
        body: { otp: String((Number(code) + 1) % 1e6).padStart(6, "0") },
      });
      expect(wrong.status).toBe(400);
      expect(wrong.body.message).toBe(
        "Invalid verification code. Check the code or request a new one.",
      );
      expect(
        (await app.api("/api/profile/personal-email/verify", { token, body: { otp: "12ab" } }))
          .status,
      ).toBe(400);
      const ok = await app.api("/api/profile/personal-email/verify", {
        token,
        body: { otp: code },
      });
      expect(ok.status).toBe(200);
      expect(ok.body.user).toMatchObject({ email: alum.user.email, personalEmail: addr });
      expect((await app.api("/api/profile/me", { token })).body.personalEmail).toBe(addr);

      // Either address signs in, on /api and on the /login form.
      const login = await app.api("/api/auth/login", {
        body: { email: addr.toUpperCase(), password: alum.password },
      });
      expect(login.status).toBe(200);
      expect(login.body.user.id).toBe(alum.user.id);
      const cookie = await app.cookie(addr, alum.password);
      expect(cookie).toContain("runway_session=");

      // Another account cannot take it.
      const other = await createUser(t.db, { role: "student" });
      const otherToken = await app.token(other.user.email, other.password);
      const taken = await app.api("/api/profile/personal-email", {
        token: otherToken,
        body: { email: addr, password: other.password },
      });
      expect(taken.status).toBe(409);

      // Admins see it: /api/admin/users and Manage Users.
      const admin = await createUser(t.db, { role: "admin" });
      const adminToken = await app.token(admin.user.email, admin.password);
      const listed = await app.api(`/api/admin/users?search=${encodeURIComponent(addr)}`, {
        token: adminToken,
      });
      expect(listed.status).toBe(200);
      expect(JSON.stringify(listed.body)).toContain(addr);
      const adminCookie = await app.cookie(admin.user.email, admin.password);
      const screen = await (
        await app.fetch(`/admin/users?q=${encodeURIComponent(addr)}`, {
          headers: { Cookie: adminCookie },
        })
      ).text();
      expect(screen).toContain(addr);
      expect(screen).toContain(alum.user.email);

      // Admins have no personal address.
      expect(
        (
          await app.api("/api/profile/personal-email", {
            token: adminToken,
            body: { email: unique(), password: admin.password },
          })
        ).status,
      ).toBe(403);
      expect((await app.api("/api/profile/personal-email", { token })).status).toBe(405);

      // Removal: the password, parsed strictly; then the address no longer signs in.
      for (const body of [{}, { password: 5 }, { password: "x".repeat(500) }])
        expect(
          (await app.api("/api/profile/personal-email", { method: "DELETE", token, body })).status,
        ).toBe(400);
      const removed = await app.api("/api/profile/personal-email", {
        method: "DELETE",
        token,
        body: { password: alum.password },
      });
      expect(removed.status).toBe(200);
      expect(removed.body).toEqual({ message: "Personal e-mail removed.", personalEmail: null });
      expect(
        (await app.api("/api/auth/login", { body: { email: addr, password: alum.password } }))
          .status,
      ).toBe(401);
    });

    it("works on /profile without JavaScript, and the dashboard asks an alumnus once", async () => {
      const alum = await createUser(t.db, { role: "alumni" });
      const cookie = await app.cookie(alum.user.email, alum.password);
      const dash = await (await app.fetch("/dashboard", { headers: { Cookie: cookie } })).text();
      expect(dash).toContain("Keep your Runway account after graduation");
      const student = await createUser(t.db, { role: "student" });
      const studentCookie = await app.cookie(student.user.email, student.password);
      expect(
        await (await app.fetch("/dashboard", { headers: { Cookie: studentCookie } })).text(),
      ).not.toContain("Keep your Runway account after graduation");

      const profile = await (await app.fetch("/profile", { headers: { Cookie: cookie } })).text();
      expect(profile).toContain("Personal e-mail");
      const addr = unique();
      const bad = await app.fetch(
        "/profile",
        form(cookie, { intent: "personal-add", email: addr, password: "nope" }),
      );
      expect(bad.status).toBe(400);
      const add = await app.fetch(
        "/profile",
        form(cookie, { intent: "personal-add", email: addr, password: alum.password }),
      );
      expect(add.status).toBe(302);
      const pending = await (await app.fetch("/profile", { headers: { Cookie: cookie } })).text();
      expect(pending).toContain(`We sent a 6-digit code to <strong>${addr}</strong>`);
      const code = codeFrom(await app.smtp.waitFor(addr));
      const verify = await app.fetch(
        "/profile",
        form(cookie, { intent: "personal-verify", otp: code }),
      );
      expect(verify.status).toBe(302);
      const after = await (await app.fetch("/profile", { headers: { Cookie: cookie } })).text();
      expect(after).toContain(`You can sign in with ${addr}`);
      // Verified: the dashboard no longer asks.
      expect(
        await (await app.fetch("/dashboard", { headers: { Cookie: cookie } })).text(),
      ).not.toContain("Keep your Runway account after graduation");

      // Mail to the personal address; a password reset asked with that address arrives there.
      const choose = await app.fetch(
        "/profile",
        form(cookie, { intent: "personal-mail-to", mailTo: "personal" }),
      );
      expect(choose.status).toBe(302);
      await app.api("/api/auth/forgot-password", { body: { email: addr } });
      const reset = await app.smtp.waitFor(addr, (m) => /reset/i.test(m.subject));
      expect(reset.text).toContain("/reset-password?token=");

      // "Not now" on the dashboard: another alumnus is not asked again.
      const other = await createUser(t.db, { role: "alumni" });
      const otherCookie = await app.cookie(other.user.email, other.password);
      const dismiss = await app.fetch(
        "/dashboard",
        form(otherCookie, { intent: "personal-prompt-dismiss" }),
      );
      expect(dismiss.status).toBe(302);
      expect(
        await (await app.fetch("/dashboard", { headers: { Cookie: otherCookie } })).text(),
      ).not.toContain("Keep your Runway account after graduation");
    });
  });
});
