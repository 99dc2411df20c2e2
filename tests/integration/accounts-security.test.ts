/**
 * Account security over HTTP against the built server (real SMTP sink): crafted addresses, redirect targets,
 * sign-in throttling from several client addresses, one answer for known and unknown addresses,
 * common passwords, idle sessions and first-party search analytics.
 */
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { mailOutbox, searchEvents, sessions, users } from "../../db/schema";
import { forEachDb } from "../setup/db";
import { useServer } from "../setup/http";
import { createUser } from "../factories";

// Read by the built server's env() on first use: client addresses come from X-Forwarded-For.
process.env.TRUST_PROXY = "true";

const FORM = { "Content-Type": "application/x-www-form-urlencoded" };
const crafted = [
  '"x@example.edu" <someone@elsewhere.test>',
  "someone@elsewhere.test,x@example.edu",
  "someone@elsewhere.test;x@example.edu",
  "someone@elsewhere.test <x@example.edu>",
  '"someone@elsewhere.test"@example.edu',
  "x@example.edu\r\nBcc: someone@elsewhere.test",
  "x\u0000@example.edu",
  "x @example.edu",
];
let n = 0;
const uniq = () => `${Date.now().toString(36)}${++n}`;

describe("account security over HTTP", () =>
  forEachDb((t) => {
    const app = useServer(t);
    const post = (
      path: string,
      fields: Record<string, string>,
      headers: Record<string, string> = {},
    ) =>
      app.fetch(path, {
        method: "POST",
        body: new URLSearchParams(fields),
        headers: { ...FORM, ...headers },
      });

    describe("one plain address", () => {
      it.each(crafted)(
        "register (/api and the screen) refuses %j: 400, no user, no mail",
        async (email) => {
          const api = await app.api("/api/auth/register", {
            body: {
              userType: "student",
              firstName: "Ana",
              lastName: "Cruz",
              email,
              password: "secret-pass-9",
            },
          });
          // A NUL is refused at the server's door (docs/security.md, "bad input is a 4xx") before the address rule runs.
          const refused = email.includes("\u0000")
            ? /NUL character/
            : /Please enter a valid email address|Only @example\.edu emails are allowed/;
          expect(api.status).toBe(400);
          expect(JSON.stringify(api.body)).toMatch(refused);
          const screen = await post("/register", {
            userType: "student",
            firstName: "Ana",
            lastName: "Cruz",
            email,
            password: "secret-pass-9",
            confirmPassword: "secret-pass-9",
            terms: "on",
          });
          expect(screen.status).toBe(400);
          expect(await screen.text()).toMatch(refused);
          expect(await t.db.select().from(users)).toHaveLength(0);
          expect(await t.db.select().from(mailOutbox)).toHaveLength(0);
          expect(
            app.smtp.messages.filter((m) => m.to.some((to) => to.includes("elsewhere"))),
          ).toHaveLength(0);
        },
      );

      it("Create User over /api refuses a crafted address; forgot-password and resend too", async () => {
        const admin = await createUser(t.db, { role: "admin" });
        const token = await app.token(admin.user.email, admin.password);
        for (const email of crafted) {
          const r = await app.api("/api/admin/users", {
            token,
            body: {
              userType: "alumni",
              firstName: "Ana",
              lastName: "Cruz",
              email,
              password: "secret-pass-9",
            },
          });
          expect(r.status).toBe(400);
          expect((await app.api("/api/auth/forgot-password", { body: { email } })).status).toBe(
            400,
          );
          expect((await app.api("/api/auth/resend-otp", { body: { email } })).status).toBe(400);
        }
        expect(await t.db.select().from(users)).toHaveLength(1);
        expect(await t.db.select().from(mailOutbox)).toHaveLength(0);
      });
    });

    describe("redirects stay on Runway", () => {
      const hostile = [
        "/\t/evil.example",
        "/\n/evil.example",
        "/\r\n/evil.example",
        "//evil.example",
        "/\\evil.example",
        "\\/evil.example",
        "https:evil.example",
        "https://evil.example/",
        "/.//evil.example",
        `/${"a".repeat(5000)}`,
      ];
      it.each(hostile)(
        "the login page and its form POST refuse %j (no 500, no foreign Location)",
        async (target) => {
          const { user, password } = await createUser(t.db);
          const page = await app.fetch(`/login?redirectTo=${encodeURIComponent(target)}`);
          expect(page.status).toBe(200);
          expect(await page.text()).not.toContain('name="redirectTo"');
          const res = await post("/login", { email: user.email, password, redirectTo: target });
          expect(res.status).toBe(302);
          expect(res.headers.get("location")).toBe("/");
        },
      );

      it("the page's encoded %2F%09%2F form and a same-origin target", async () => {
        const { user, password } = await createUser(t.db, { role: "admin" });
        const page = await app.fetch("/login?redirectTo=%2F%09%2Fevil.example");
        expect(await page.text()).not.toContain('name="redirectTo"');
        const ok = await post("/login", {
          email: user.email,
          password,
          redirectTo: "/admin/users?role=student",
        });
        expect(ok.headers.get("location")).toBe("/admin/users?role=student");
        const bad = await post("/login", {
          email: user.email,
          password,
          redirectTo: "/%0A/evil.example",
        });
        expect(bad.headers.get("location")).toBe("/%0A/evil.example"); // a path on Runway, not a host
      });

      it("Apply Now's `back` value cannot leave Runway either", async () => {
        const res = await post("/jobs/00000000-0000-4000-8000-000000000000/apply", {
          back: "/\t/evil.example",
        });
        expect(res.status).toBe(404);
      });
    });

    describe("sign-in throttling", () => {
      it("30 parallel guesses from one address: 5 reach the password check, the rest 429 with Retry-After", async () => {
        const { user } = await createUser(t.db);
        const results = await Promise.all(
          Array.from({ length: 30 }, () =>
            app.api("/api/auth/login", {
              body: { email: user.email, password: "wrong-pass" },
              headers: { "X-Forwarded-For": "203.0.113.50" },
            }),
          ),
        );
        const statuses = results.map((r) => r.status);
        expect(statuses.filter((s) => s === 401)).toHaveLength(5);
        expect(statuses.filter((s) => s === 429)).toHaveLength(25);
        const limited = results.find((r) => r.status === 429)!;
        expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
        expect(limited.body.message).toBe(
          "Too many sign-in attempts. Please wait a few minutes and try again.",
        );
      });

      it("the owner signs in (form and /api) from another address after an attacker's 50 failures", async () => {
        const { user, password } = await createUser(t.db, { role: "admin" });
        for (let i = 0; i < 50; i++) {
          const ip = `198.51.100.${i % 10}`;
          await app.api("/api/auth/login", {
            body: { email: user.email, password: `guess-${i}` },
            headers: { "X-Forwarded-For": ip },
          });
        }
        const api = await app.api("/api/auth/login", {
          body: { email: user.email, password },
          headers: { "X-Forwarded-For": "192.0.2.7" },
        });
        expect(api.status).toBe(200);
        const form = await post(
          "/login",
          { email: user.email, password },
          { "X-Forwarded-For": "192.0.2.8" },
        );
        expect(form.status).toBe(302);
        expect(form.headers.get("location")).toBe("/dashboard");
      });
    });

    describe("one answer for known and unknown addresses", () => {
      it("verify-otp and resend-otp answer alike for unknown, verified and unverified addresses", async () => {
        const verified = (await createUser(t.db)).user.email;
        const pending = (await createUser(t.db, { verified: false })).user.email;
        const unknown = `nobody.${uniq()}@example.edu`;
        const verify = async (email: string) => {
          const r = await app.api("/api/auth/verify-otp", { body: { email, otp: "000000" } });
          return [r.status, r.body];
        };
        const a = await verify(unknown);
        expect(await verify(verified)).toEqual(a);
        expect(await verify(pending)).toEqual(a);
        expect(a[0]).toBe(400);
        const resend = async (email: string) => {
          const r = await app.api("/api/auth/resend-otp", { body: { email } });
          return [r.status, r.body];
        };
        const b = await resend(unknown);
        expect(await resend(verified)).toEqual(b);
        expect(await resend(pending)).toEqual(b);
        expect(b[0]).toBe(200);
      });
    });

    describe("passwords people guess", () => {
      it("register and Create User refuse a common password with a clear message; nothing is created", async () => {
        const email = `weak.${uniq()}@example.edu`;
        for (const password of ["123456", "Password", "qwerty123", "runway2026"]) {
          const r = await app.api("/api/auth/register", {
            body: { userType: "student", firstName: "Ana", lastName: "Cruz", email, password },
          });
          expect(r.status).toBe(400);
          expect(JSON.stringify(r.body)).toContain("This password is easy to guess.");
        }
        const screen = await post("/register", {
          userType: "student",
          firstName: "Ana",
          lastName: "Cruz",
          email,
          password: "iloveyou",
          confirmPassword: "iloveyou",
          terms: "on",
        });
        expect(screen.status).toBe(400);
        expect(await screen.text()).toContain("This password is easy to guess.");
        expect(await t.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
      });
    });

    describe("sessions", () => {
      it("a session without 'Remember me' ends after 2 idle hours; 'Remember me' does not", async () => {
        const { user, password } = await createUser(t.db);
        const short = await app.cookie(user.email, password);
        const res = await post("/login", { email: user.email, password, remember: "on" });
        const long = res.headers
          .getSetCookie()
          .find((c) => c.startsWith("runway_session="))!
          .split(";")[0];
        expect((await app.fetch("/profile", { headers: { Cookie: short } })).status).toBe(200);
        await t.db
          .update(sessions)
          .set({ lastSeenAt: sql`now() - interval '121 minutes'` })
          .where(eq(sessions.userId, user.id));
        const gone = await app.fetch("/profile", { headers: { Cookie: short } });
        expect(gone.status).toBe(302);
        expect(gone.headers.get("location")).toMatch(/^\/login/);
        expect((await app.fetch("/profile", { headers: { Cookie: long } })).status).toBe(200);
      });
    });

    describe("most searched", () => {
      const UA =
        "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36";
      const terms = async () =>
        (await t.db.select({ term: searchEvents.term }).from(searchEvents))
          .map((r) => r.term)
          .sort();
      it("counts searches made on Runway, not ones a foreign page or a bot triggers", async () => {
        const search = (q: string, headers: Record<string, string>) =>
          app.fetch(`/jobs?q=${q}`, {
            headers: { "User-Agent": UA, "X-Forwarded-For": `192.0.2.${++n % 250}`, ...headers },
          });
        expect(
          (await search("crosssite", { "Sec-Fetch-Site": "cross-site", "Sec-Fetch-Dest": "image" }))
            .status,
        ).toBe(200);
        await search("samesite", { "Sec-Fetch-Site": "same-site" });
        await search("foreignref", { Referer: "https://evil.example/stuff" });
        await search("robot", {
          "User-Agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
        });
        await search("typed", { "Sec-Fetch-Site": "none" });
        await search("onsite", { "Sec-Fetch-Site": "same-origin", Referer: `${app.url}/jobs` });
        await search("nohints", {});
        expect(await terms()).toEqual(["nohints", "onsite", "typed"]);
        const api = await app.api("/api/analytics/search", {
          body: { term: "apistuffed" },
          headers: {
            "User-Agent": UA,
            Origin: "https://evil.example",
            "Sec-Fetch-Site": "cross-site",
          },
        });
        // The cross-site request guard refuses a foreign page's POST before analytics sees it.
        expect(api.status).toBe(403);
        expect(await terms()).not.toContain("apistuffed");
        // A bearer token is not ambient: a foreign page cannot send it, so a client's own call counts.
        const { user, password } = await createUser(t.db);
        const token = await app.token(user.email, password);
        expect(
          (await app.api("/api/analytics/search", { body: { term: "bearerterm" }, token })).body
            .recorded,
        ).toBe(true);
      });
    });
  }));
