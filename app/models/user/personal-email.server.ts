/**
 * Alumni keep their account: a student or alumnus adds a personal address outside the
 * college domain, proves it with the same 6-digit code flow as registration (same TTL, tries,
 * cooldown, hourly cap and messages), and may then sign in with either address and choose to get
 * every mail — password recovery included — there. Adding or removing it needs the password.
 *
 * The pending address lives only in `verification_codes` (purpose `verify_personal_email`), so
 * `users.personal_email` is null until its code is entered. One address per account: a new request
 * replaces the pending one. Unique across accounts, case-insensitive, against both the college
 * addresses and the personal ones (the unique index settles a race between two verifiers).
 */
import { and, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "#db/client";
import type { CodePurpose } from "#db/constants";
import { users, verificationCodes } from "#db/schema";
import { Conflict, Forbidden, ValidationError } from "~/lib/errors";
import { enforce, type Limit } from "~/lib/rate-limit.server";
import type { AuthConfig } from "../auth/config";
import { OTP_LENGTH, OTP_MAX_ATTEMPTS, OTP_TTL_MINUTES } from "../auth/limits";
import { verifyPassword } from "../auth/password.server";
import { randomDigits } from "../auth/tokens.server";
import {
  checkCode,
  claimSend,
  consumeCode,
  dropCodes,
  norm,
  OTP_MSG,
  storeCode,
} from "../auth/verification.server";
import type { SignedInCtx } from "../context";
import { enqueueMail, greeting } from "../mail/mail.server";
import { emailDomain, isPlainEmail } from "./email";
import { EMAIL_TAKEN, mailboxTaken, userConflict, type User } from "./user.server";

const PURPOSE: CodePurpose = "verify_personal_email";

export const PERSONAL_MSG = {
  membersOnly: "A personal e-mail is for students and alumni.",
  invalid: "Please enter a valid email address",
  collegeDomain: (domain: string) =>
    `Use an address outside @${domain}: your personal e-mail is how you keep your account after your college mailbox closes.`,
  sameAsCollege: "This is your college e-mail. Enter a personal address.",
  alreadyYours: "This is already your personal e-mail.",
  taken: EMAIL_TAKEN,
  wrongPassword: "Incorrect password",
  passwordRequired: "Enter your password to change your personal e-mail.",
  codeSent: (email: string) => `Verification code sent to ${email}`,
  verified: "Personal e-mail verified. You can now sign in with it.",
  removed: "Personal e-mail removed.",
  noneToUse: "Add and verify a personal e-mail first.",
  mailToPersonal: "Runway will send your mail to your personal e-mail.",
  mailToCollege: "Runway will send your mail to your college e-mail.",
} as const;

/** Password checks on these forms, per account: 10 in 15 minutes, then 429. */
const passwordLimit = (userId: string): Limit => ({
  key: `personal-password:${userId}`,
  max: 10,
  windowSeconds: 15 * 60,
});
const verifyIpLimit = (ip: string): Limit => ({
  key: `otp-verify-ip:${ip}`,
  max: 100,
  windowSeconds: 15 * 60,
});

function member(ctx: SignedInCtx) {
  if (ctx.actor.role !== "student" && ctx.actor.role !== "alumni")
    throw new Forbidden(PERSONAL_MSG.membersOnly);
  return ctx.actor;
}

async function me(db: DbOrTx, id: string): Promise<User> {
  const [u] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  if (!u) throw new Forbidden(PERSONAL_MSG.membersOnly);
  return u;
}

async function checkPassword(ctx: SignedInCtx, user: User, password: string) {
  if (!password)
    throw new ValidationError(PERSONAL_MSG.passwordRequired, {
      password: [PERSONAL_MSG.passwordRequired],
    });
  await enforce(ctx.db, passwordLimit(user.id), "Too many attempts. Please try again later.");
  if (!(await verifyPassword(user.passwordHash, password)))
    throw new ValidationError(PERSONAL_MSG.wrongPassword, {
      password: [PERSONAL_MSG.wrongPassword],
    });
}

/** Whether another account already uses the address's mailbox, as its college or its personal e-mail. */
const takenByOther = (db: DbOrTx, userId: string, email: string) => mailboxTaken(db, email, userId);

function codeMail(config: AuthConfig, user: User, email: string, code: string) {
  return {
    to: email,
    subject: `Your ${config.collegeName} Runway verification code`,
    template: "verify_personal_email",
    notice: `personal e-mail code ${code} for ${email}`,
    text: [
      // The address is not verified yet (that is what the code is for): no typed name in it.
      greeting({ firstName: user.firstName, verified: false }),
      "",
      `Your verification code is ${code}`,
      "",
      `Enter it on your Runway profile to add ${email} as your personal e-mail. The code expires in ${OTP_TTL_MINUTES} minutes and works once.`,
      `If you did not ask for this, you can ignore this email: nothing changes.`,
    ].join("\n"),
  };
}

/**
 * POST /api/profile/personal-email {email, password}: checks the address and the password, then
 * sends a code to the address (replacing any pending one of this account).
 */
export async function requestPersonalEmail(
  ctx: SignedInCtx & { config: AuthConfig },
  input: { email: string; password: string },
): Promise<{ message: string; pendingEmail: string }> {
  member(ctx);
  const email = norm(input.email ?? "");
  if (!isPlainEmail(email))
    throw new ValidationError(PERSONAL_MSG.invalid, { email: [PERSONAL_MSG.invalid] });
  const user = await me(ctx.db, ctx.actor.id);
  if (email === user.email)
    throw new ValidationError(PERSONAL_MSG.sameAsCollege, { email: [PERSONAL_MSG.sameAsCollege] });
  if (emailDomain(email) === ctx.config.collegeEmailDomain) {
    const msg = PERSONAL_MSG.collegeDomain(ctx.config.collegeEmailDomain);
    throw new ValidationError(msg, { email: [msg] });
  }
  await checkPassword(ctx, user, input.password ?? "");
  if (user.personalEmail === email)
    throw new Conflict(PERSONAL_MSG.alreadyYours, { email: [PERSONAL_MSG.alreadyYours] });
  if (await takenByOther(ctx.db, user.id, email))
    throw new Conflict(PERSONAL_MSG.taken, { email: [PERSONAL_MSG.taken] });
  await claimSend(ctx.db, email); // the registration code's cooldown and hourly cap, per address
  const code = randomDigits(OTP_LENGTH);
  await ctx.db.transaction(async (tx) => {
    await dropCodes(tx, user.id, PURPOSE);
    await storeCode(tx, {
      userId: user.id,
      email,
      purpose: PURPOSE,
      code,
      secret: ctx.config.secret,
    });
    await enqueueMail(tx, codeMail(ctx.config, user, email, code));
  });
  return { message: PERSONAL_MSG.codeSent(email), pendingEmail: email };
}

/** The address waiting for its code (live, unused), or null. */
export async function pendingPersonalEmail(ctx: SignedInCtx): Promise<string | null> {
  const [row] = await ctx.db
    .select({ email: verificationCodes.email })
    .from(verificationCodes)
    .where(
      and(
        eq(verificationCodes.userId, ctx.actor.id),
        eq(verificationCodes.purpose, PURPOSE),
        sql`${verificationCodes.consumedAt} is null`,
        sql`${verificationCodes.expiresAt} > now()`,
        sql`${verificationCodes.attempts} < ${OTP_MAX_ATTEMPTS}`,
      ),
    )
    .limit(1);
  return row?.email ?? null;
}

/**
 * POST /api/profile/personal-email/verify {otp}: the code of this account's pending address. Tries
 * are counted before the comparison and the code is consumed atomically, as for registration.
 */
export async function verifyPersonalEmail(
  ctx: SignedInCtx & { config: AuthConfig },
  input: { otp: string; ip: string },
): Promise<User> {
  member(ctx);
  await enforce(ctx.db, verifyIpLimit(input.ip), OTP_MSG.tooManyTries);
  const fail = (msg: string): never => {
    throw new ValidationError(msg, { otp: [msg] });
  };
  const [row] = await ctx.db
    .select()
    .from(verificationCodes)
    .where(and(eq(verificationCodes.userId, ctx.actor.id), eq(verificationCodes.purpose, PURPOSE)))
    .limit(1);
  if (!row) return fail(OTP_MSG.invalid);
  await checkCode(ctx.db, ctx.config.secret, row, input.otp);
  try {
    return await ctx.db.transaction(async (tx) => {
      if (!(await consumeCode(tx, row.id))) fail(OTP_MSG.invalid);
      // Another account may have taken the address since the code was sent.
      if (await takenByOther(tx, ctx.actor.id, row.email))
        throw new Conflict(PERSONAL_MSG.taken, { email: [PERSONAL_MSG.taken] });
      const [u] = await tx
        .update(users)
        .set({ personalEmail: row.email, updatedAt: new Date() })
        .where(eq(users.id, ctx.actor.id))
        .returning();
      return u;
    });
  } catch (e) {
    throw userConflict(e);
  }
}

/** Removes the personal address (password needed); mail goes back to the college address. */
export async function removePersonalEmail(
  ctx: SignedInCtx,
  input: { password: string },
): Promise<User> {
  member(ctx);
  const user = await me(ctx.db, ctx.actor.id);
  await checkPassword(ctx, user, input.password ?? "");
  const [u] = await ctx.db
    .update(users)
    .set({ personalEmail: null, mailToPersonal: false, updatedAt: new Date() })
    .where(eq(users.id, user.id))
    .returning();
  await dropCodes(ctx.db, user.id, PURPOSE);
  return u;
}

/** Where Runway sends this account's mail: the personal address only once verified and chosen. */
export async function setMailToPersonal(ctx: SignedInCtx, on: boolean): Promise<User> {
  member(ctx);
  const user = await me(ctx.db, ctx.actor.id);
  if (on && !user.personalEmail) throw new Conflict(PERSONAL_MSG.noneToUse);
  const [u] = await ctx.db
    .update(users)
    .set({ mailToPersonal: on, updatedAt: new Date() })
    .where(eq(users.id, user.id))
    .returning();
  return u;
}

/**
 * The dashboard asks an alumnus without a personal address once. Whatever made them an alumnus
 * (an admin, `runway users import --update`, the CLI), the question comes on their next visit.
 */
export function needsPersonalPrompt(
  u: Pick<User, "role" | "personalEmail" | "personalPromptedAt">,
) {
  return u.role === "alumni" && !u.personalEmail && !u.personalPromptedAt;
}

/** Whether the dashboard should ask this member for a personal address now. */
export async function asksForPersonalEmail(ctx: SignedInCtx): Promise<boolean> {
  const [u] = await ctx.db
    .select({
      role: users.role,
      personalEmail: users.personalEmail,
      personalPromptedAt: users.personalPromptedAt,
    })
    .from(users)
    .where(eq(users.id, ctx.actor.id));
  return !!u && needsPersonalPrompt(u);
}

/** Records that the question was asked (answered or dismissed): it is not asked again. */
export async function dismissPersonalPrompt(ctx: SignedInCtx): Promise<void> {
  await ctx.db
    .update(users)
    .set({ personalPromptedAt: new Date() })
    .where(and(eq(users.id, ctx.actor.id), sql`${users.personalPromptedAt} is null`));
}
