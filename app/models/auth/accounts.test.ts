/** Account rules on real databases: registration, codes (abuse cases included), sign-in, recovery. */
import { and, desc, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  mailOutbox,
  passwordTokens,
  rateLimits,
  sessions,
  users,
  verificationCodes,
} from "#db/schema";
import { forEachDb } from "../../../tests/setup/db";
import { caught } from "../../../tests/setup/caught";
import { createUser } from "../../../tests/factories";
import type { Db } from "#db/client";
import { Conflict, Forbidden, TooManyRequests, Unauthorized, ValidationError } from "~/lib/errors";
import { authenticate, deactivatedMessage, INVALID_CREDENTIALS } from "./auth.server";
import { verifyPassword } from "./password.server";
import {
  checkPasswordToken,
  issuePasswordToken,
  requestPasswordReset,
  RESET_MSG,
  resetLink,
  resetPassword,
} from "./password-reset.server";
import { registerUser } from "./register.server";
import { createSession, resolveSession } from "./session.server";
import { hashToken, randomToken } from "./tokens.server";
import {
  OTP_MSG,
  resendCooldownRemaining,
  resendFromScreen,
  resendVerificationCode,
  verifyEmailCode,
} from "./verification.server";
import { registerSchema } from "../user/user.schema";
import { authConfig, authCtx } from "../../../tests/setup/auth-config";

const ip = "10.0.0.1";
const payload = (o: Record<string, unknown> = {}) =>
  registerSchema("example.edu").parse({
    userType: "student",
    firstName: "Ana",
    lastName: "Cruz",
    email: `ana.${Math.random().toString(36).slice(2, 8)}@example.edu`,
    password: "secret-pass-mango",
    studentId: `S-${Math.random().toString(36).slice(2, 8)}`,
    course: "BSAE",
    yearLevel: "4th Year",
    ...o,
  });

async function mails(db: Db, to: string, template?: string) {
  return db
    .select()
    .from(mailOutbox)
    .where(
      template
        ? and(eq(mailOutbox.to, to), eq(mailOutbox.template, template))
        : eq(mailOutbox.to, to),
    )
    .orderBy(desc(mailOutbox.createdAt));
}
async function lastCode(db: Db, to: string): Promise<string> {
  const [m] = await mails(db, to, "verify_email");
  return m.text!.match(/\b(\d{6})\b/)![1];
}
/** Lets the next resend through (as if the 60-second cooldown had passed). */
const skipCooldown = (db: Db, email: string) =>
  db.delete(rateLimits).where(eq(rateLimits.key, `otp-cooldown:${email}`));
const wrong = (code: string) => String((Number(code) + 1) % 1e6).padStart(6, "0");

describe("accounts model", () =>
  forEachDb((t) => {
    describe("registration", () => {
      it("creates an unverified student, mails a 6-digit code stored only as a keyed hash, and starts the cooldown", async () => {
        const input = payload();
        const { user, course } = await registerUser(authCtx(t.db), input, { ip });
        expect(user).toMatchObject({
          role: "student",
          emailVerifiedAt: null,
          isActive: true,
          yearLevel: "4th Year",
        });
        expect(course?.code).toBe("BSAE");
        expect(await verifyPassword(user.passwordHash, "secret-pass-mango")).toBe(true);
        const code = await lastCode(t.db, user.email);
        const [row] = await t.db
          .select()
          .from(verificationCodes)
          .where(eq(verificationCodes.userId, user.id));
        expect(row.codeHash).toMatch(/^[0-9a-f]{64}$/);
        expect(row.codeHash).not.toContain(code);
        expect(row.expiresAt.getTime() - Date.now()).toBeGreaterThan(9 * 60_000);
        expect(row.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(10 * 60_000 + 5000);
        expect(await resendCooldownRemaining(t.db, user)).toBeGreaterThan(55);
      });

      it("keeps no student ID for alumni and refuses a taken address in any case", async () => {
        const { user } = await registerUser(
          authCtx(t.db),
          payload({ userType: "alumni", studentId: "X-1" }),
          { ip },
        );
        expect(user.role).toBe("alumni");
        expect(user.studentId).toBeNull();
        const e = await caught(
          registerUser(authCtx(t.db), payload({ email: user.email.toUpperCase() }), { ip }),
        );
        expect(e).toBeInstanceOf(Conflict);
        expect(e.fields).toEqual({ email: ["An account with this email already exists"] });
      });

      it("refuses an unknown course and a taken student ID without leaving a half-made account", async () => {
        expect(
          await caught(registerUser(authCtx(t.db), payload({ course: "Basket Weaving" }), { ip })),
        ).toBeInstanceOf(ValidationError);
        await createUser(t.db, { studentId: "S-TAKEN" });
        const input = payload({ studentId: "s-taken" });
        expect((await caught(registerUser(authCtx(t.db), input, { ip }))).status).toBe(409);
        expect(await t.db.select().from(users).where(eq(users.email, input.email))).toEqual([]);
        expect(await mails(t.db, input.email)).toEqual([]);
      });

      it("limits registrations per client address", async () => {
        await t.db.insert(rateLimits).values({
          key: `register-ip:${ip}`,
          count: 100,
          resetAt: sql`now() + interval '10 minutes'`,
        });
        expect(await caught(registerUser(authCtx(t.db), payload(), { ip }))).toBeInstanceOf(
          TooManyRequests,
        );
        await registerUser(authCtx(t.db), payload(), { ip: "10.0.0.2" });
      });
    });

    describe("verification code", () => {
      it("verifies once; a replay is refused", async () => {
        const { user } = await registerUser(authCtx(t.db), payload(), { ip });
        const code = await lastCode(t.db, user.email);
        const verified = await verifyEmailCode(authCtx(t.db), {
          email: user.email.toUpperCase(),
          otp: code,
          ip,
        });
        expect(verified.emailVerifiedAt).toBeInstanceOf(Date);
        const e = await caught(
          verifyEmailCode(authCtx(t.db), { email: user.email, otp: code, ip }),
        );
        // docs/security.md, "Same answer for known and unknown accounts": an already verified address answers like a wrong code (no account oracle).
        expect(e.message).toBe(OTP_MSG.invalid);
        // Even had the account not been verified, the consumed code is dead.
        await t.db.update(users).set({ emailVerifiedAt: null }).where(eq(users.id, user.id));
        expect(
          (await caught(verifyEmailCode(authCtx(t.db), { email: user.email, otp: code, ip })))
            .message,
        ).toBe(OTP_MSG.invalid);
      });

      it("burns the code after 5 wrong tries: then even the right code fails until a new one is sent", async () => {
        const { user } = await registerUser(authCtx(t.db), payload(), { ip });
        const code = await lastCode(t.db, user.email);
        const messages: string[] = [];
        for (let i = 0; i < 5; i++)
          messages.push(
            (
              await caught(
                verifyEmailCode(authCtx(t.db), { email: user.email, otp: wrong(code), ip }),
              )
            ).message,
          );
        expect(messages).toEqual([
          OTP_MSG.invalid,
          OTP_MSG.invalid,
          OTP_MSG.invalid,
          OTP_MSG.invalid,
          OTP_MSG.burned,
        ]);
        expect(
          (await caught(verifyEmailCode(authCtx(t.db), { email: user.email, otp: code, ip })))
            .message,
        ).toBe(OTP_MSG.burned);
        await skipCooldown(t.db, user.email);
        await resendVerificationCode(authCtx(t.db), { email: user.email, ip });
        const fresh = await lastCode(t.db, user.email);
        expect(
          (await verifyEmailCode(authCtx(t.db), { email: user.email, otp: fresh, ip }))
            .emailVerifiedAt,
        ).not.toBeNull();
      });

      it("counts parallel guesses: a burst cannot exceed the 5-try budget", async () => {
        const { user } = await registerUser(authCtx(t.db), payload(), { ip });
        const code = await lastCode(t.db, user.email);
        const guesses = Array.from({ length: 12 }, (_, i) =>
          String((Number(code) + 1 + i) % 1e6).padStart(6, "0"),
        );
        const results = await Promise.allSettled(
          guesses.map((otp) => verifyEmailCode(authCtx(t.db), { email: user.email, otp, ip })),
        );
        expect(results.every((r) => r.status === "rejected")).toBe(true);
        const [row] = await t.db
          .select()
          .from(verificationCodes)
          .where(eq(verificationCodes.userId, user.id));
        expect(row.attempts).toBe(5);
        expect(
          (await caught(verifyEmailCode(authCtx(t.db), { email: user.email, otp: code, ip })))
            .message,
        ).toBe(OTP_MSG.burned);
      });

      it("refuses an expired code", async () => {
        const { user } = await registerUser(authCtx(t.db), payload(), { ip });
        const code = await lastCode(t.db, user.email);
        await t.db
          .update(verificationCodes)
          .set({ expiresAt: sql`now() - interval '1 second'` })
          .where(eq(verificationCodes.userId, user.id));
        expect(
          (await caught(verifyEmailCode(authCtx(t.db), { email: user.email, otp: code, ip })))
            .message,
        ).toBe(OTP_MSG.expired);
        const [u] = await t.db.select().from(users).where(eq(users.id, user.id));
        expect(u.emailVerifiedAt).toBeNull();
      });

      it("a new code replaces the old one, and a code only works for its own address", async () => {
        const a = await registerUser(authCtx(t.db), payload(), { ip });
        const b = await registerUser(authCtx(t.db), payload(), { ip });
        const oldA = await lastCode(t.db, a.user.email);
        const codeB = await lastCode(t.db, b.user.email);
        await skipCooldown(t.db, a.user.email);
        await resendVerificationCode(authCtx(t.db), { email: a.user.email, ip });
        const newA = await lastCode(t.db, a.user.email);
        if (oldA !== newA) {
          expect(
            (await caught(verifyEmailCode(authCtx(t.db), { email: a.user.email, otp: oldA, ip })))
              .message,
          ).toBe(OTP_MSG.invalid);
        }
        if (codeB !== newA) {
          expect(
            (await caught(verifyEmailCode(authCtx(t.db), { email: a.user.email, otp: codeB, ip })))
              .status,
          ).toBe(400);
        }
        await verifyEmailCode(authCtx(t.db), { email: a.user.email, otp: newA, ip });
      });

      it("answers an unknown address like a wrong code", async () => {
        const e = await caught(
          verifyEmailCode(authCtx(t.db), { email: "nobody@example.edu", otp: "123456", ip }),
        );
        expect(e).toBeInstanceOf(ValidationError);
        expect(e.message).toBe(OTP_MSG.invalid);
      });
    });

    describe("resend", () => {
      it("allows one code per 60 s per address (429 with the wait) and a few per hour", async () => {
        const { user } = await registerUser(authCtx(t.db), payload(), { ip });
        // The verification screen (holding the sign-up's signed state) waits 60 s after opening …
        const screen = await caught(
          resendFromScreen(authCtx(t.db), { userId: user.id, email: user.email, ip }),
        );
        expect(screen).toBeInstanceOf(TooManyRequests);
        // … but the public resend shows no trace of the sign-up: it answers as for any address.
        expect(await resendVerificationCode(authCtx(t.db), { email: user.email, ip })).toEqual({
          message: OTP_MSG.resent,
        });
        const e = await caught(resendVerificationCode(authCtx(t.db), { email: user.email, ip }));
        expect(e).toBeInstanceOf(TooManyRequests);
        expect((e as TooManyRequests).retryAfterSeconds).toBeGreaterThan(50);
        expect((e as TooManyRequests).retryAfterSeconds).toBeLessThanOrEqual(60);
        for (let i = 0; i < 4; i++) {
          await skipCooldown(t.db, user.email);
          expect(await resendVerificationCode(authCtx(t.db), { email: user.email, ip })).toEqual({
            message: OTP_MSG.resent,
          });
        }
        await skipCooldown(t.db, user.email);
        const hourly = await caught(
          resendVerificationCode(authCtx(t.db), { email: user.email, ip }),
        );
        expect(hourly.message).toBe(OTP_MSG.hourly);
        expect((hourly as TooManyRequests).retryAfterSeconds).toBeGreaterThan(3000);
        expect(await mails(t.db, user.email, "verify_email")).toHaveLength(6);
      });

      it("answers unknown and verified addresses alike, sending nothing", async () => {
        const { user } = await createUser(t.db);
        expect(
          await resendVerificationCode(authCtx(t.db), { email: "ghost@example.edu", ip }),
        ).toEqual({
          message: OTP_MSG.resent,
        });
        expect(await resendVerificationCode(authCtx(t.db), { email: user.email, ip })).toEqual({
          message: OTP_MSG.resent,
        });
        expect(await mails(t.db, user.email)).toEqual([]);
        expect(
          await caught(resendVerificationCode(authCtx(t.db), { email: "ghost@example.edu", ip })),
        ).toBeInstanceOf(TooManyRequests);
      });
    });

    describe("sign-in", () => {
      it("diverts an unverified account with the right password (403, no session) and mails a fresh code if needed", async () => {
        const { user } = await registerUser(authCtx(t.db), payload(), { ip });
        await t.db.update(verificationCodes).set({ expiresAt: sql`now() - interval '1 minute'` });
        await skipCooldown(t.db, user.email);
        const e = await caught(
          authenticate(authCtx(t.db), { email: user.email, password: "secret-pass-mango", ip }),
        );
        expect(e).toBeInstanceOf(Forbidden);
        expect(e.extra).toEqual({ requiresVerification: true, userId: user.id, email: user.email });
        expect(await t.db.select().from(sessions)).toEqual([]);
        expect(await mails(t.db, user.email, "verify_email")).toHaveLength(2);
        // A live code is not replaced by another sign-in attempt.
        await skipCooldown(t.db, user.email);
        await caught(
          authenticate(authCtx(t.db), { email: user.email, password: "secret-pass-mango", ip }),
        );
        expect(await mails(t.db, user.email, "verify_email")).toHaveLength(2);
        // Wrong password on an unverified account: the ordinary 401.
        expect(
          await caught(
            authenticate(authCtx(t.db), { email: user.email, password: "nope-nope", ip }),
          ),
        ).toBeInstanceOf(Unauthorized);
      });

      it("refuses a deactivated account like a wrong password unless the password is right", async () => {
        const { user, password } = await createUser(t.db, { isActive: false });
        const a = await caught(
          authenticate(authCtx(t.db), { email: user.email, password: "wrong-pass-1", ip }),
        );
        const b = await caught(
          authenticate(authCtx(t.db), {
            email: "nobody@example.edu",
            password: "wrong-pass-1",
            ip,
          }),
        );
        expect(a).toBeInstanceOf(Unauthorized);
        expect([a.message, a.status, a.extra]).toEqual([b.message, b.status, b.extra]);
        expect(a.message).toBe(INVALID_CREDENTIALS);
        const told = await caught(
          authenticate(authCtx(t.db), {
            email: user.email,
            password,
            ip,
          }),
        );
        expect(told).toBeInstanceOf(Forbidden);
        expect(told.extra).toEqual({ deactivated: true });
        expect(told.message).toBe(deactivatedMessage("info@example.edu"));
      });

      // Sign-in throttling (docs/security.md) replaced the per-account lockout (10 failures from anywhere refused even the
      // right password for 15 minutes) with per-address back-off: the owner is never locked out.
      it("counts attempts per account in the database but lets the owner in from another address", async () => {
        const { user, password } = await createUser(t.db);
        for (let i = 0; i < 10; i++)
          await caught(
            authenticate(authCtx(t.db), {
              email: user.email,
              password: "wrong-pass",
              ip: `10.1.0.${i}`,
            }),
          );
        const [row] = await t.db
          .select()
          .from(rateLimits)
          .where(eq(rateLimits.key, `login-acct:${user.email}`));
        expect(row.count).toBe(10);
        expect(
          (await authenticate(authCtx(t.db), { email: user.email, password, ip: "10.9.9.9" })).id,
        ).toBe(user.id);
      });
    });

    describe("password recovery", () => {
      it("mails a PUBLIC_URL link for a known address and answers an unknown one the same", async () => {
        const { user } = await createUser(t.db);
        const known = await requestPasswordReset(authCtx(t.db), {
          email: user.email.toUpperCase(),
          ip,
        });
        const unknown = await requestPasswordReset(authCtx(t.db), {
          email: "ghost@example.edu",
          ip,
        });
        // The same sentence either way: it names only the address typed.
        expect(known.message).toBe(RESET_MSG.sent(user.email));
        expect(unknown.message).toBe(RESET_MSG.sent("ghost@example.edu"));
        expect(known.message).toBe(
          `If an account uses ${user.email}, a reset link is on its way to ${user.email}.`,
        );
        const [m] = await mails(t.db, user.email, "password_reset");
        const link = m.text!.match(/https?:\/\/\S+/)![0];
        const url = new URL(link);
        expect(`${url.origin}${url.pathname}`).toBe(
          resetLink(authConfig().publicUrl, "x", user.email).split("?")[0],
        );
        expect(url.searchParams.get("email")).toBe(user.email);
        const token = url.searchParams.get("token")!;
        const [row] = await t.db
          .select()
          .from(passwordTokens)
          .where(eq(passwordTokens.userId, user.id));
        expect(row.tokenHash).toBe(hashToken(token));
        expect(row.purpose).toBe("password_reset");
        expect(row.expiresAt.getTime() - Date.now()).toBeGreaterThan(29 * 60_000);
        expect(row.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(30 * 60_000 + 5000);
        expect(await mails(t.db, "ghost@example.edu")).toEqual([]);
      });

      it("mails the link to the verified personal address typed, and the link works with it", async () => {
        const { user } = await createUser(t.db, { role: "alumni" });
        const personal = `alum.${user.id.slice(0, 8)}@gmail.test`;
        // A verified personal address (the column is set only once its code was entered).
        await t.db.update(users).set({ personalEmail: personal }).where(eq(users.id, user.id));
        const answer = await requestPasswordReset(authCtx(t.db), {
          email: personal.toUpperCase(),
          ip,
        });
        expect(answer.message).toBe(RESET_MSG.sent(personal));
        // To the address typed, not to the college mailbox the alumnus may have lost.
        expect(await mails(t.db, user.email, "password_reset")).toEqual([]);
        const [m] = await mails(t.db, personal, "password_reset");
        const url = new URL(m.text!.match(/https?:\/\/\S+/)![0]);
        expect(url.searchParams.get("email")).toBe(personal);
        const token = url.searchParams.get("token")!;
        expect(await checkPasswordToken(t.db, { email: personal, token })).toEqual({
          purpose: "password_reset",
        });
        await resetPassword(authCtx(t.db), {
          email: personal,
          token,
          password: "alumni-new-pass",
          ip,
        });
        expect(
          (await authenticate(authCtx(t.db), { email: personal, password: "alumni-new-pass", ip }))
            .id,
        ).toBe(user.id);
        // Single use, whichever address the link names.
        const again = await caught(
          resetPassword(authCtx(t.db), { email: personal, token, password: "x-other-pass", ip }),
        );
        expect(again.message).toBe(RESET_MSG.invalid);
        // Typing the college address still mails the college address.
        await requestPasswordReset(authCtx(t.db), { email: user.email, ip });
        expect(await mails(t.db, user.email, "password_reset")).toHaveLength(1);
      });

      it("sends at most 3 links per address per hour, still answering alike", async () => {
        const { user } = await createUser(t.db);
        for (let i = 0; i < 5; i++)
          expect(await requestPasswordReset(authCtx(t.db), { email: user.email, ip })).toEqual({
            message: RESET_MSG.sent(user.email),
          });
        expect(await mails(t.db, user.email, "password_reset")).toHaveLength(3);
      });

      it("resets: new password, address verified, token consumed, every session and token revoked, notice sent", async () => {
        const { user } = await createUser(t.db, { verified: false });
        const web = await createSession(t.db, user.id, "web");
        const api = await createSession(t.db, user.id, "api");
        const token = await issuePasswordToken(t.db, user.id, "password_reset");
        const invite = await issuePasswordToken(t.db, user.id, "invite");
        expect(await checkPasswordToken(t.db, { email: user.email, token })).toEqual({
          purpose: "password_reset",
        });
        await resetPassword(authCtx(t.db), {
          email: user.email,
          token,
          password: "brand-new-pass",
          ip,
        });
        const [u] = await t.db.select().from(users).where(eq(users.id, user.id));
        expect(await verifyPassword(u.passwordHash, "brand-new-pass")).toBe(true);
        expect(u.emailVerifiedAt).not.toBeNull();
        expect(await resolveSession(t.db, web.token, "web")).toBeNull();
        expect(await resolveSession(t.db, api.token, "api")).toBeNull();
        expect(await checkPasswordToken(t.db, { email: user.email, token: invite })).toBeNull();
        expect(await mails(t.db, user.email, "password_changed")).toHaveLength(1);
        // Replay of the same link.
        const e = await caught(
          resetPassword(authCtx(t.db), {
            email: user.email,
            token,
            password: "another-pass-mango",
            ip,
          }),
        );
        expect(e.message).toBe(RESET_MSG.invalid);
        expect(
          (await authenticate(authCtx(t.db), { email: user.email, password: "brand-new-pass", ip }))
            .id,
        ).toBe(user.id);
      });

      it("refuses an expired link, a link with another e-mail, and a deactivated user's link", async () => {
        const { user } = await createUser(t.db);
        const other = await createUser(t.db);
        const token = await issuePasswordToken(t.db, user.id, "password_reset");
        expect(
          await caught(
            resetPassword(authCtx(t.db), {
              email: other.user.email,
              token,
              password: "x-new-pass",
              ip,
            }),
          ),
        ).toBeInstanceOf(ValidationError);
        await t.db.update(passwordTokens).set({ expiresAt: sql`now() - interval '1 second'` });
        expect(
          (
            await caught(
              resetPassword(authCtx(t.db), {
                email: user.email,
                token,
                password: "x-new-pass",
                ip,
              }),
            )
          ).message,
        ).toBe(RESET_MSG.invalid);
        const fresh = await issuePasswordToken(t.db, user.id, "password_reset");
        await t.db.update(users).set({ isActive: false }).where(eq(users.id, user.id));
        expect(
          await caught(
            resetPassword(authCtx(t.db), {
              email: user.email,
              token: fresh,
              password: "x-new-pass",
              ip,
            }),
          ),
        ).toBeInstanceOf(ValidationError);
      });

      it("accepts the registrar's bulk invite tokens (7 days) and only the newest reset link", async () => {
        const { user } = await createUser(t.db, { password: null, verified: false });
        const clear = randomToken();
        await t.db.insert(passwordTokens).values({
          userId: user.id,
          purpose: "invite",
          tokenHash: hashToken(clear),
          expiresAt: sql`now() + interval '7 days'`,
        });
        expect(await checkPasswordToken(t.db, { email: user.email, token: clear })).toEqual({
          purpose: "invite",
        });
        const issued = await issuePasswordToken(t.db, user.id, "invite");
        const [row] = await t.db
          .select()
          .from(passwordTokens)
          .where(eq(passwordTokens.tokenHash, hashToken(issued)));
        expect(row.expiresAt.getTime() - Date.now()).toBeGreaterThan(6.9 * 864e5);
        const first = await issuePasswordToken(t.db, user.id, "password_reset");
        const second = await issuePasswordToken(t.db, user.id, "password_reset");
        expect(await checkPasswordToken(t.db, { email: user.email, token: first })).toBeNull();
        await resetPassword(authCtx(t.db), {
          email: user.email,
          token: second,
          password: "invited-pass",
          ip,
        });
        expect(
          (await authenticate(authCtx(t.db), { email: user.email, password: "invited-pass", ip }))
            .id,
        ).toBe(user.id);
      });

      it("lifts the sign-in throttle of the account after a reset", async () => {
        const { user } = await createUser(t.db);
        for (let i = 0; i < 10; i++)
          await caught(
            authenticate(authCtx(t.db), { email: user.email, password: "wrong-pass", ip }),
          );
        const token = await issuePasswordToken(t.db, user.id, "password_reset");
        expect(
          await caught(
            authenticate(authCtx(t.db), { email: user.email, password: "wrong-pass", ip }),
          ),
        ).toBeInstanceOf(TooManyRequests);
        await resetPassword(authCtx(t.db), {
          email: user.email,
          token,
          password: "fresh-pass-1",
          ip,
        });
        expect(
          (await authenticate(authCtx(t.db), { email: user.email, password: "fresh-pass-1", ip }))
            .id,
        ).toBe(user.id);
      });
    });
  }));
