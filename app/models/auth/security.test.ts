/**
 * Accounts security on real databases (PGlite and PostgreSQL): sign-in back-off that cannot become a
 * lockout, idle sessions, one answer for known and unknown addresses, the password policy in every
 * model that sets a password, and the stored-address check.
 */
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog, backoffs, mailOutbox, rateLimits, sessions, users } from "#db/schema";
import type { Db } from "#db/client";
import { forEachDb } from "../../../tests/setup/db";
import { caught } from "../../../tests/setup/caught";
import { actingAs, createUser } from "../../../tests/factories";
import { TooManyRequests, Unauthorized, ValidationError } from "~/lib/errors";
import { createUserByAdmin } from "../user/admin.server";
import { deactivateEmailProblems, EMAIL_PROBLEM, findEmailProblems } from "../user/roster.server";
import { registerSchema, userRecordSchema } from "../user/user.schema";
import { authenticate, LOGIN_LIMITS, TOO_MANY_LOGINS } from "./auth.server";
import * as passwords from "./password.server";

import { issuePasswordToken, resetPassword } from "./password-reset.server";
import { registerUser } from "./register.server";
import { createSession, resolveSession } from "./session.server";
import { OTP_MSG, resendVerificationCode, verifyEmailCode } from "./verification.server";
import { authCtx, configured } from "../../../tests/setup/auth-config";

/** Lets the next attempt of a back-off run through, as if its delay had passed (no sleeping). */
const elapse = (db: Db, key: string) =>
  db
    .update(backoffs)
    .set({ nextAt: sql`now() - interval '1 second'` })
    .where(eq(backoffs.key, key));
const pair = (email: string, ip: string) => `login:${email}|${ip}`;

/** The strength message: why (easy to guess, with the estimator's warning if any) and how to fix it. */
const WEAK =
  /^This password is easy to guess\. (.+ )?Add another word or two\. Uncommon words are better\.$/;

describe("accounts security (models)", () => {
  forEachDb((t) => {
    describe("sign-in back-off", () => {
      it("30 parallel guesses: exactly the 5 free ones reach the password check", async () => {
        const { user } = await createUser(t.db);
        const before = passwords.passwordWork.stats().peak;
        const results = await Promise.all(
          Array.from({ length: 30 }, () =>
            caught(
              authenticate(authCtx(t.db), {
                email: user.email,
                password: "wrong-pass",
                ip: "10.5.0.1",
              }),
            ),
          ),
        );
        const checked = results.filter((e) => e instanceof Unauthorized).length;
        const refused = results.filter((e) => e instanceof TooManyRequests && e.status === 429);
        expect(checked).toBe(LOGIN_LIMITS.pair.free);
        expect(refused).toHaveLength(30 - LOGIN_LIMITS.pair.free);
        expect(refused.every((e) => e.message === TOO_MANY_LOGINS)).toBe(true);
        const [row] = await t.db
          .select()
          .from(backoffs)
          .where(eq(backoffs.key, pair(user.email, "10.5.0.1")));
        expect(row.attempts).toBe(LOGIN_LIMITS.pair.free);
        // Never more than 4 argon2 computations at once in this process.
        expect(Math.max(before, passwords.passwordWork.stats().peak)).toBeLessThanOrEqual(4);
      });

      it("delays double after the free attempts, up to the cap", async () => {
        const { user } = await createUser(t.db);
        const ip = "10.5.0.2";
        for (let i = 0; i < LOGIN_LIMITS.pair.free; i++)
          expect(
            await caught(
              authenticate(authCtx(t.db), { email: user.email, password: "wrong-pass", ip }),
            ),
          ).toBeInstanceOf(Unauthorized);
        const waits: number[] = [];
        for (let i = 0; i < 4; i++) {
          const e = await caught(
            authenticate(authCtx(t.db), { email: user.email, password: "wrong-pass", ip }),
          );
          expect(e).toBeInstanceOf(TooManyRequests);
          waits.push((e as TooManyRequests).retryAfterSeconds);
          await elapse(t.db, pair(user.email, ip));
          expect(
            await caught(
              authenticate(authCtx(t.db), { email: user.email, password: "wrong-pass", ip }),
            ),
          ).toBeInstanceOf(Unauthorized);
        }
        const base = LOGIN_LIMITS.pair.baseSeconds;
        expect(waits.map((w) => Math.round(w / base))).toEqual([1, 2, 4, 8]);
        await t.db
          .update(backoffs)
          .set({ attempts: 40 })
          .where(eq(backoffs.key, pair(user.email, ip)));
        await elapse(t.db, pair(user.email, ip));
        await caught(
          authenticate(authCtx(t.db), { email: user.email, password: "wrong-pass", ip }),
        );
        const capped = await caught(
          authenticate(authCtx(t.db), { email: user.email, password: "wrong-pass", ip }),
        );
        expect((capped as TooManyRequests).retryAfterSeconds).toBeLessThanOrEqual(
          LOGIN_LIMITS.pair.maxSeconds,
        );
        expect((capped as TooManyRequests).retryAfterSeconds).toBeGreaterThan(
          LOGIN_LIMITS.pair.maxSeconds - 5,
        );
      });

      it("the owner signs in from another address after an attacker's 50 failures (one address and many)", async () => {
        const { user, password } = await createUser(t.db, { role: "admin" });
        const wrongFrom = (ip: string) =>
          caught(authenticate(authCtx(t.db), { email: user.email, password: "wrong-pass", ip }));
        // One address: most of the 50 are refused by the back-off, none locks the account.
        for (let i = 0; i < 50; i++) await wrongFrom("203.0.113.9");
        expect(
          (await authenticate(authCtx(t.db), { email: user.email, password, ip: "198.51.100.1" }))
            .id,
        ).toBe(user.id);
        // Fifty real password checks from ten addresses: past the per-account ceiling a new
        // address gets one try before its delay — the owner's first try still goes through.
        let failures = 0;
        for (let a = 0; a < 10; a++)
          for (let i = 0; i < 5; i++) {
            const e = await wrongFrom(`203.0.113.${a + 10}`);
            if (e instanceof Unauthorized) failures++;
          }
        expect(failures).toBeGreaterThanOrEqual(LOGIN_LIMITS.perAccount.max);
        const newcomer = "203.0.113.99";
        expect(await wrongFrom(newcomer)).toBeInstanceOf(Unauthorized);
        expect(await wrongFrom(newcomer)).toBeInstanceOf(TooManyRequests);
        expect(
          (await authenticate(authCtx(t.db), { email: user.email, password, ip: "198.51.100.2" }))
            .id,
        ).toBe(user.id);
      });

      it("a successful sign-in forgets its address's run and gives the counts back", async () => {
        const { user, password } = await createUser(t.db);
        const ip = "10.5.0.3";
        for (let i = 0; i < 4; i++)
          await caught(
            authenticate(authCtx(t.db), { email: user.email, password: "wrong-pass", ip }),
          );
        await authenticate(authCtx(t.db), { email: user.email, password, ip });
        expect(
          await t.db
            .select()
            .from(backoffs)
            .where(eq(backoffs.key, pair(user.email, ip))),
        ).toHaveLength(0);
        const [ipRow] = await t.db
          .select()
          .from(rateLimits)
          .where(eq(rateLimits.key, `login-ip:${ip}`));
        expect(ipRow.count).toBe(4);
      });

      it("keeps the per-address ceiling over all accounts", async () => {
        const ip = "10.5.0.4";
        await t.db.insert(rateLimits).values({
          key: `login-ip:${ip}`,
          count: LOGIN_LIMITS.perIp.max,
          resetAt: sql`now() + interval '10 minutes'`,
        });
        const { user, password } = await createUser(t.db);
        expect(
          await caught(authenticate(authCtx(t.db), { email: user.email, password, ip })),
        ).toBeInstanceOf(TooManyRequests);
      });

      it("a reset lifts the back-off of every address of the account", async () => {
        const { user } = await createUser(t.db);
        for (const ip of ["10.6.0.1", "10.6.0.2"])
          for (let i = 0; i < 6; i++)
            await caught(
              authenticate(authCtx(t.db), { email: user.email, password: "wrong-pass", ip }),
            );
        const token = await issuePasswordToken(t.db, user.id, "password_reset");
        await resetPassword(authCtx(t.db), {
          email: user.email,
          token,
          password: "fresh-pass-2",
          ip: "10.6.0.1",
        });
        expect(await t.db.select().from(backoffs)).toHaveLength(0);
        expect(
          (
            await authenticate(authCtx(t.db), {
              email: user.email,
              password: "fresh-pass-2",
              ip: "10.6.0.2",
            })
          ).id,
        ).toBe(user.id);
      });
    });

    describe("idle sessions", () => {
      it("a web session without 'Remember me' ends after the idle limit; activity slides it", async () => {
        const { user } = await createUser(t.db);
        const s = await createSession(t.db, user.id, "web", { remember: false });
        const setIdle = (seconds: number) =>
          t.db
            .update(sessions)
            .set({ lastSeenAt: sql`now() - make_interval(secs => ${seconds})` })
            .where(eq(sessions.userId, user.id));
        await setIdle(3600);
        expect(await resolveSession(t.db, s.token, "web", { idleSeconds: 7200 })).not.toBeNull();
        // The touch (at most once a minute) slid last_seen_at to now.
        const [row] = await t.db.select().from(sessions).where(eq(sessions.userId, user.id));
        expect(Date.now() - row.lastSeenAt.getTime()).toBeLessThan(60_000);
        await setIdle(7300);
        expect(await resolveSession(t.db, s.token, "web", { idleSeconds: 7200 })).toBeNull();
        expect(await resolveSession(t.db, s.token, "web", { idleSeconds: 7400 })).not.toBeNull();
      });

      it("'Remember me' sessions and API tokens keep their absolute lifetime", async () => {
        const { user } = await createUser(t.db);
        const web = await createSession(t.db, user.id, "web", { remember: true });
        const api = await createSession(t.db, user.id, "api");
        await t.db
          .update(sessions)
          .set({ lastSeenAt: sql`now() - interval '3 days'` })
          .where(eq(sessions.userId, user.id));
        expect(await resolveSession(t.db, web.token, "web", { idleSeconds: 7200 })).not.toBeNull();
        expect(await resolveSession(t.db, api.token, "api", { idleSeconds: 7200 })).not.toBeNull();
      });
    });

    describe("one answer for known and unknown addresses", () => {
      it("verify: unknown, deactivated, verified and unverified addresses answer alike, burned alike", async () => {
        const reg = await registerUser(
          authCtx(t.db),
          registerSchema("example.edu").parse({
            userType: "student",
            firstName: "Ana",
            lastName: "Cruz",
            email: "fresh.student@example.edu",
            password: "secret-pass-mango",
          }),
          { ip: "10.7.0.1" },
        );
        const verified = (await createUser(t.db)).user;
        const inactive = (await createUser(t.db, { isActive: false, verified: false })).user;
        const targets = [reg.user.email, verified.email, inactive.email, "nobody.here@example.edu"];
        const answers: string[][] = targets.map(() => []);
        for (let round = 0; round < 6; round++)
          for (const [i, email] of targets.entries()) {
            const e = await caught(
              verifyEmailCode(authCtx(t.db), { email, otp: "000000", ip: `10.7.1.${i}` }),
            );
            expect(e).toBeInstanceOf(ValidationError);
            answers[i].push(`${e.status} ${e.message} ${JSON.stringify(e.fields)}`);
          }
        // (The registered code is 000000 with probability 1e-6; the test would then fail loudly.)
        for (const a of answers.slice(1)) expect(a).toEqual(answers[0]);
        expect(answers[0][0]).toContain(OTP_MSG.invalid);
        expect(answers[0][5]).toContain(OTP_MSG.burned);
      });

      it("resend: the same answer whether or not there is an unverified account", async () => {
        const verified = (await createUser(t.db)).user;
        const pending = (await createUser(t.db, { verified: false })).user;
        const a = await resendVerificationCode(authCtx(t.db), {
          email: verified.email,
          ip: "10.7.2.1",
        });
        const b = await resendVerificationCode(authCtx(t.db), {
          email: pending.email,
          ip: "10.7.2.2",
        });
        const c = await resendVerificationCode(authCtx(t.db), {
          email: "ghost.x@example.edu",
          ip: "10.7.2.3",
        });
        expect(a).toEqual(b);
        expect(b).toEqual(c);
        expect(
          await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, verified.email)),
        ).toHaveLength(0);
      });
    });

    describe("password policy in the models", () => {
      const admin = () => actingAs(t.db, "admin");
      // The estimator's own cases are in password-policy.test.ts; these prove every door asks it.
      it.each(["qwerty123", "runway2026!", "Passw0rd!", "Summer2024", "letmein!"])(
        "refuses %j on register, Create User and reset",
        async (pw) => {
          const input = registerSchema("example.edu").parse({
            userType: "student",
            firstName: "Ana",
            lastName: "Cruz",
            email: "weak.pw@example.edu",
            password: pw,
          });
          const r = await caught(registerUser(authCtx(t.db), input, { ip: "10.8.0.1" }));
          expect(r).toBeInstanceOf(ValidationError);
          expect(r.fields).toEqual({ password: [expect.stringMatching(WEAK)] });
          expect(
            await t.db.select().from(users).where(eq(users.email, "weak.pw@example.edu")),
          ).toHaveLength(0);

          const rec = userRecordSchema("example.edu", { passwordRequired: true }).parse({
            userType: "alumni",
            firstName: "Ana",
            lastName: "Cruz",
            email: "weak.admin@example.edu",
            password: pw,
          });
          expect((await caught(createUserByAdmin(configured(await admin()), rec))).fields).toEqual({
            password: [expect.stringMatching(WEAK)],
          });

          const { user, password } = await createUser(t.db);
          const token = await issuePasswordToken(t.db, user.id, "password_reset");
          expect(
            (
              await caught(
                resetPassword(authCtx(t.db), {
                  email: user.email,
                  token,
                  password: pw,
                  ip: "10.8.0.2",
                }),
              )
            ).fields,
          ).toEqual({
            password: [expect.stringMatching(WEAK)],
          });
          // The link is still good and the old password still works.
          expect(
            (await authenticate(authCtx(t.db), { email: user.email, password, ip: "10.8.0.3" })).id,
          ).toBe(user.id);
        },
      );
    });

    describe("stored addresses that break the rule", () => {
      it("reports them and deactivates them (audited), never the last active admin", async () => {
        const good = (await createUser(t.db, { email: "good.one@example.edu" })).user;
        const smuggled = (
          await createUser(t.db, { email: '"x@example.edu" <someone@elsewhere.test>' })
        ).user;
        const listed = (
          await createUser(t.db, { email: "someone@elsewhere.test,x@example.edu", role: "alumni" })
        ).user;
        const outside = (await createUser(t.db, { email: "student@elsewhere.test" })).user;
        const lastAdmin = (await createUser(t.db, { role: "admin", email: "admin;x@example.edu" }))
          .user;
        const s = await createSession(t.db, smuggled.id, "web");
        const problems = await findEmailProblems(t.db, "example.edu");
        expect(problems.map((p) => [p.email, p.reason]).sort()).toEqual(
          [
            [smuggled.email, EMAIL_PROBLEM.notPlain],
            [listed.email, EMAIL_PROBLEM.notPlain],
            [outside.email, EMAIL_PROBLEM.outsideDomain("example.edu")],
            [lastAdmin.email, EMAIL_PROBLEM.notPlain],
          ].sort(),
        );
        const r = await deactivateEmailProblems({ db: t.db, actor: null }, "example.edu");
        expect(r.deactivated.sort()).toEqual([smuggled.email, listed.email, outside.email].sort());
        expect(r.skipped).toEqual([
          { email: lastAdmin.email, reason: expect.stringMatching(/admin/i) },
        ]);
        const rows = await t.db
          .select({ email: users.email, isActive: users.isActive })
          .from(users);
        expect(Object.fromEntries(rows.map((u) => [u.email, u.isActive]))).toMatchObject({
          [good.email]: true,
          [smuggled.email]: false,
          [lastAdmin.email]: true,
        });
        expect(await resolveSession(t.db, s.token, "web")).toBeNull();
        const audits = await t.db
          .select()
          .from(auditLog)
          .where(eq(auditLog.action, "user.deactivate"));
        expect(audits).toHaveLength(3);
      });
    });
  });
});
