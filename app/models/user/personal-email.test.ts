/**
 * Alumni keep their account: a personal address is verified with the registration code's rules,
 * then signs in, receives password recovery when chosen, and stays unique across accounts.
 */
import { and, desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Db } from "#db/client";
import type { Role } from "#db/constants";
import { mailOutbox, rateLimits, users } from "../../../db/schema";
import { forEachDb, type TestDb } from "../../../tests/setup/db";
import { caught } from "../../../tests/setup/caught";
import { authConfig, authCtx } from "../../../tests/setup/auth-config";
import { createUser, DEFAULT_PASSWORD } from "../../../tests/factories";
import {
  Conflict,
  Forbidden,
  isUniqueViolation,
  TooManyRequests,
  ValidationError,
} from "~/lib/errors";
import { authenticate, INVALID_CREDENTIALS, LOGIN_LIMITS } from "../auth/auth.server";
import { requestPasswordReset } from "../auth/password-reset.server";
import { OTP_MSG } from "../auth/verification.server";
import {
  dismissPersonalPrompt,
  needsPersonalPrompt,
  PERSONAL_MSG,
  pendingPersonalEmail,
  removePersonalEmail,
  requestPersonalEmail,
  setMailToPersonal,
  verifyPersonalEmail,
} from "./personal-email.server";
import { EMAIL_TAKEN, insertUser } from "./user.server";

const ip = "203.0.113.9";
const wrong = (code: string) => String((Number(code) + 1) % 1e6).padStart(6, "0");
const personal = () => `me.${Math.random().toString(36).slice(2, 8)}@gmail.example`;

async function lastMail(db: Db, to: string, template: string) {
  const [m] = await db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, to), eq(mailOutbox.template, template)))
    .orderBy(desc(mailOutbox.createdAt));
  return m;
}
const codeIn = async (db: Db, to: string) =>
  (await lastMail(db, to, "verify_personal_email")).text!.match(/\b(\d{6})\b/)![1];
const skipCooldown = (db: Db, email: string) =>
  db.delete(rateLimits).where(eq(rateLimits.key, `otp-cooldown:${email}`));

forEachDb((t: TestDb) => {
  const member = async (role: Role = "alumni") => {
    const { user } = await createUser(t.db, { role });
    return { user, ctx: { db: t.db, actor: user, config: authConfig() } };
  };

  describe("personal e-mail", () => {
    it("is verified with a 6-digit code, then signs in and is shown on the user", async () => {
      const { user, ctx } = await member();
      const addr = personal();
      const r = await requestPersonalEmail(ctx, {
        email: ` ${addr.toUpperCase()} `,
        password: DEFAULT_PASSWORD,
      });
      expect(r).toEqual({ message: PERSONAL_MSG.codeSent(addr), pendingEmail: addr });
      expect(await pendingPersonalEmail(ctx)).toBe(addr);
      // Nothing changes before the code: the address does not sign in yet.
      await expect(
        authenticate(authCtx(t.db), { email: addr, password: DEFAULT_PASSWORD, ip }),
      ).rejects.toThrow();
      const code = await codeIn(t.db, addr);
      const e = await caught(verifyPersonalEmail(ctx, { otp: wrong(code), ip }));
      expect(e).toBeInstanceOf(ValidationError);
      expect(e.message).toBe(OTP_MSG.invalid);
      const u = await verifyPersonalEmail(ctx, { otp: code, ip });
      expect(u.personalEmail).toBe(addr);
      expect(await pendingPersonalEmail(ctx)).toBeNull();
      // A replay of the used code fails.
      expect((await caught(verifyPersonalEmail(ctx, { otp: code, ip }))).message).toBe(
        OTP_MSG.invalid,
      );
      const signedIn = await authenticate(authCtx(t.db), {
        email: addr.toUpperCase(),
        password: DEFAULT_PASSWORD,
        ip,
      });
      expect(signedIn.id).toBe(user.id);
      const byCollege = await authenticate(authCtx(t.db), {
        email: user.email,
        password: DEFAULT_PASSWORD,
        ip,
      });
      expect(byCollege.id).toBe(user.id);
    });

    it("refuses bad addresses, the college domain, a wrong password, admins, and addresses of other accounts", async () => {
      const { user, ctx } = await member("student");
      const bad = await caught(
        requestPersonalEmail(ctx, { email: "a@b.c>, x@y.z", password: DEFAULT_PASSWORD }),
      );
      expect(bad).toBeInstanceOf(ValidationError);
      expect(bad.fields?.email).toEqual([PERSONAL_MSG.invalid]);
      const college = await caught(
        requestPersonalEmail(ctx, { email: "other@example.edu", password: DEFAULT_PASSWORD }),
      );
      expect(college.message).toBe(PERSONAL_MSG.collegeDomain("example.edu"));
      expect(
        (await caught(requestPersonalEmail(ctx, { email: user.email, password: DEFAULT_PASSWORD })))
          .message,
      ).toBe(PERSONAL_MSG.sameAsCollege);
      const pw = await caught(
        requestPersonalEmail(ctx, { email: personal(), password: "not-the-password" }),
      );
      expect(pw.fields?.password).toEqual([PERSONAL_MSG.wrongPassword]);

      const { user: admin } = await createUser(t.db, { role: "admin" });
      await expect(
        requestPersonalEmail(
          { db: t.db, actor: admin, config: authConfig() },
          { email: personal(), password: DEFAULT_PASSWORD },
        ),
      ).rejects.toBeInstanceOf(Forbidden);

      // Taken by another account's verified personal address, in any case.
      const other = await member();
      const addr = personal();
      await requestPersonalEmail(other.ctx, { email: addr, password: DEFAULT_PASSWORD });
      await verifyPersonalEmail(other.ctx, { otp: await codeIn(t.db, addr), ip });
      const taken = await caught(
        requestPersonalEmail(ctx, { email: addr.toUpperCase(), password: DEFAULT_PASSWORD }),
      );
      expect(taken).toBeInstanceOf(Conflict);
      expect(taken.message).toBe(EMAIL_TAKEN);
      // ...and a new account cannot be created with it either.
      const clash = await caught(
        insertUser(t.db, {
          email: addr,
          passwordHash: null,
          firstName: "A",
          lastName: "B",
          role: "alumni",
        }),
      );
      expect(clash).toBeInstanceOf(Conflict);
      expect(clash.message).toBe(EMAIL_TAKEN);
      // The database holds every door to it: a personal address may not be another's college one.
      const raw = await t.db
        .update(users)
        .set({ personalEmail: other.user.email })
        .where(eq(users.id, user.id))
        .then(
          () => null,
          (e: unknown) => e,
        );
      expect(isUniqueViolation(raw, "users_personal_email_lower_key")).toBe(true);
    });

    it("keeps the registration code's limits: cooldown, burned after 5 wrong tries, one pending address", async () => {
      const { ctx } = await member();
      const first = personal();
      await requestPersonalEmail(ctx, { email: first, password: DEFAULT_PASSWORD });
      const again = await caught(
        requestPersonalEmail(ctx, { email: first, password: DEFAULT_PASSWORD }),
      );
      expect(again).toBeInstanceOf(TooManyRequests);
      expect(again.message).toMatch(/^Please wait \d+ seconds before requesting a new code\.$/);
      await skipCooldown(t.db, first);

      // A second address replaces the first: the first code no longer works.
      const firstCode = await codeIn(t.db, first);
      const second = personal();
      await requestPersonalEmail(ctx, { email: second, password: DEFAULT_PASSWORD });
      expect(await pendingPersonalEmail(ctx)).toBe(second);
      expect((await caught(verifyPersonalEmail(ctx, { otp: firstCode, ip }))).message).toBe(
        OTP_MSG.invalid,
      );
      const code = await codeIn(t.db, second);
      for (let i = 0; i < 3; i++) await caught(verifyPersonalEmail(ctx, { otp: wrong(code), ip }));
      expect((await caught(verifyPersonalEmail(ctx, { otp: wrong(code), ip }))).message).toBe(
        OTP_MSG.burned,
      );
      // Burned: even the right code is refused now.
      expect((await caught(verifyPersonalEmail(ctx, { otp: code, ip }))).message).toBe(
        OTP_MSG.burned,
      );
      const [row] = await t.db.select().from(users).where(eq(users.id, ctx.actor.id));
      expect(row.personalEmail).toBeNull();
    });

    it("sends password recovery and other mail to the personal address only when chosen; removal needs the password", async () => {
      const { user, ctx } = await member();
      await expect(setMailToPersonal(ctx, true)).rejects.toBeInstanceOf(Conflict);
      const addr = personal();
      await requestPersonalEmail(ctx, { email: addr, password: DEFAULT_PASSWORD });
      await verifyPersonalEmail(ctx, { otp: await codeIn(t.db, addr), ip });

      // Recovery goes to the address typed when it is one of the account's verified addresses
      // (an alumnus has most likely lost the college mailbox), whichever one other mail goes to.
      await requestPasswordReset(authCtx(t.db), { email: addr, ip });
      expect((await lastMail(t.db, addr, "password_reset")).text).toContain(
        "/reset-password?token=",
      );
      expect(await lastMail(t.db, user.email, "password_reset")).toBeUndefined();

      await setMailToPersonal(ctx, true);
      await requestPasswordReset(authCtx(t.db), { email: user.email, ip });
      expect((await lastMail(t.db, user.email, "password_reset")).text).toContain(
        "/reset-password?token=",
      );

      const pw = await caught(removePersonalEmail(ctx, { password: "nope-nope" }));
      expect(pw).toBeInstanceOf(ValidationError);
      const removed = await removePersonalEmail(ctx, { password: DEFAULT_PASSWORD });
      expect(removed.personalEmail).toBeNull();
      expect(removed.mailToPersonal).toBe(false);
      await expect(
        authenticate(authCtx(t.db), { email: addr, password: DEFAULT_PASSWORD, ip }),
      ).rejects.toThrow();
    });

    it("shares one sign-in budget between the college and the personal address", async () => {
      const { user, ctx } = await member();
      const addr = personal();
      await requestPersonalEmail(ctx, { email: addr, password: DEFAULT_PASSWORD });
      await verifyPersonalEmail(ctx, { otp: await codeIn(t.db, addr), ip });
      const guesser = "198.51.100.77";
      for (let i = 0; i < LOGIN_LIMITS.pair.free; i++) {
        const e = await caught(
          authenticate(authCtx(t.db), {
            email: i % 2 ? user.email : addr,
            password: "wrong-guess",
            ip: guesser,
          }),
        );
        expect(e.message).toBe(INVALID_CREDENTIALS);
      }
      // The free attempts are spent for the account, whichever address comes next.
      for (const email of [addr, user.email])
        expect(
          await caught(
            authenticate(authCtx(t.db), { email, password: DEFAULT_PASSWORD, ip: guesser }),
          ),
        ).toBeInstanceOf(TooManyRequests);
    });

    it("asks an alumnus without a personal address once", async () => {
      const { user, ctx } = await member();
      expect(needsPersonalPrompt(user)).toBe(true);
      const { user: student } = await createUser(t.db, { role: "student" });
      expect(needsPersonalPrompt(student)).toBe(false);
      await dismissPersonalPrompt(ctx);
      const [after] = await t.db.select().from(users).where(eq(users.id, user.id));
      expect(needsPersonalPrompt(after)).toBe(false);
    });
  });
});
