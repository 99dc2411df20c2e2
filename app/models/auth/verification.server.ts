/**
 * E-mail verification codes: 6 digits from a CSPRNG, stored only as an HMAC bound to the address
 * and the purpose, valid OTP_TTL_MINUTES, single use, one live code per address (a new code
 * replaces the old), burned after OTP_MAX_ATTEMPTS wrong tries. Sending is limited to one code per
 * RESEND_COOLDOWN_SECONDS per address and a few per hour, with counters in the database.
 */
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "#db/client";
import { type CodePurpose } from "#db/constants";
import { verificationCodes } from "#db/schema";
import { enforce, hit, isLimited, reset, type Limit } from "~/lib/rate-limit.server";
import { TooManyRequests, ValidationError } from "~/lib/errors";
import { enqueueMail, greeting } from "../mail/mail.server";
import { mailboxOf } from "../user/email";
import { findUserByEmail, type User } from "../user/user.server";
import { otpField } from "../user/user.schema";
import { setUserFlags } from "../user/writes.server";
import type { AuthConfig, AuthCtx } from "./config";
import { hmac, randomDigits, safeEqual } from "./tokens.server";
import { OTP_LENGTH, OTP_MAX_ATTEMPTS, OTP_TTL_MINUTES, RESEND_COOLDOWN_SECONDS } from "./limits";

export const OTP_MSG = {
  invalid: "Invalid verification code. Check the code or request a new one.",
  expired: "This code has expired. Request a new one.",
  burned: "Too many incorrect attempts. Request a new code.",
  verified: "Email verified.",
  resent: "OTP resent. Check your email.",
  cooldown: (seconds: number) => `Please wait ${seconds} seconds before requesting a new code.`,
  hourly: "Too many codes requested for this address. Please try again later.",
  tooManyTries: "Too many verification attempts. Please try again later.",
} as const;

/** Resends allowed per address per hour (on top of the 60-second cooldown). */
export const RESENDS_PER_HOUR = 5;
const PURPOSE: CodePurpose = "verify_email";

export const norm = (email: string) => email.trim().toLowerCase();
/**
 * The public resend cooldown: one per mailbox (`+tags` share it) whether or not an account has the
 * address. Nothing but a resend (or a diverted sign-in, which needs the password) starts it — a
 * sign-up must not, or "wait 59 seconds" would tell a stranger that the address just registered.
 */
export const cooldownLimit = (email: string): Limit => ({
  key: `otp-cooldown:${mailboxOf(email)}`,
  max: 1,
  windowSeconds: RESEND_COOLDOWN_SECONDS,
});
/** The verification screen's own wait after a sign-up: keyed by the account, seen only by the holder of its signed state. */
const screenWaitLimit = (userId: string): Limit => ({
  key: `otp-screen:${userId}`,
  max: 1,
  windowSeconds: RESEND_COOLDOWN_SECONDS,
});
const hourlyLimit = (email: string): Limit => ({
  key: `otp-hour:${mailboxOf(email)}`,
  max: RESENDS_PER_HOUR,
  windowSeconds: 3600,
});
/** Wrong tries at an address that has no code to try (unknown, deactivated, verified). */
const ghostLimit = (email: string): Limit => ({
  key: `otp-ghost:${norm(email)}`,
  max: OTP_MAX_ATTEMPTS,
  windowSeconds: OTP_TTL_MINUTES * 60,
});
const verifyIpLimit = (ip: string): Limit => ({
  key: `otp-verify-ip:${ip}`,
  max: 100,
  windowSeconds: 15 * 60,
});
const resendIpLimit = (ip: string): Limit => ({
  key: `otp-resend-ip:${ip}`,
  max: 60,
  windowSeconds: 3600,
});

/** The keyed hash binds the code to its address and purpose: a code for one address fails for another. */
export function codeHash(
  secret: string,
  email: string,
  code: string,
  purpose: CodePurpose = PURPOSE,
): string {
  return hmac(secret, `${purpose}:${norm(email)}:${code}`);
}

function verificationMail(config: AuthConfig, user: User, code: string) {
  return {
    to: user.email,
    subject: `Your ${config.collegeName} Runway verification code`,
    template: "verify_email",
    notice: `verification code ${code} for ${user.email}`,
    text: [
      // Always an address not yet verified: no typed name in it.
      greeting({ firstName: user.firstName, verified: false }),
      "",
      `Your verification code is ${code}`,
      "",
      `Enter it on the verification screen to confirm your email address. The code expires in ${OTP_TTL_MINUTES} minutes and works once.`,
      `If you did not create an account on ${config.collegeName} Runway, you can ignore this email.`,
    ].join("\n"),
  };
}

/**
 * Creates a fresh code for the user (replacing any earlier one) and queues the e-mail. Does not
 * look at the cooldown: callers decide (registration starts it, resend checks it).
 */
export async function sendVerificationCode(
  { db, config }: AuthCtx<DbOrTx>,
  user: User,
): Promise<void> {
  const code = randomDigits(OTP_LENGTH);
  const email = norm(user.email);
  await storeCode(db, { userId: user.id, email, purpose: PURPOSE, code, secret: config.secret });
  await enqueueMail(db, verificationMail(config, user, code));
}

/**
 * Stores a fresh code for an address and purpose, replacing the earlier one (attempts reset,
 * unconsumed, expiring in OTP_TTL_MINUTES). Only its keyed hash is kept.
 */
export async function storeCode(
  db: DbOrTx,
  c: { userId: string; email: string; purpose: CodePurpose; code: string; secret: string },
): Promise<void> {
  await db.execute(sql`
    insert into verification_codes (user_id, email, purpose, code_hash, attempts, expires_at, consumed_at, sent_at)
    values (${c.userId}, ${c.email}, ${c.purpose}, ${codeHash(c.secret, c.email, c.code, c.purpose)}, 0,
            now() + make_interval(mins => ${OTP_TTL_MINUTES}), null, now())
    on conflict (lower(email), purpose) do update set
      user_id = excluded.user_id, code_hash = excluded.code_hash, attempts = 0,
      expires_at = excluded.expires_at, consumed_at = null, sent_at = now()`);
}

/** Marks one code used; false when another request used it first. */
export async function consumeCode(db: DbOrTx, id: string): Promise<boolean> {
  const used = await db
    .update(verificationCodes)
    .set({ consumedAt: new Date() })
    .where(and(eq(verificationCodes.id, id), sql`${verificationCodes.consumedAt} is null`))
    .returning({ id: verificationCodes.id });
  return used.length > 0;
}

/** Deletes an account's codes of one purpose, or of every purpose (a removed address, a reset). */
export async function dropCodes(db: DbOrTx, userId: string, purpose?: CodePurpose): Promise<void> {
  await db
    .delete(verificationCodes)
    .where(
      purpose
        ? and(eq(verificationCodes.userId, userId), eq(verificationCodes.purpose, purpose))
        : eq(verificationCodes.userId, userId),
    );
}

/** Uses up the unconsumed codes sent to an address for a purpose (an administrator verified it). */
export async function consumeCodesOf(
  db: DbOrTx,
  email: string,
  purpose: CodePurpose,
): Promise<void> {
  await db
    .update(verificationCodes)
    .set({ consumedAt: new Date() })
    .where(
      and(
        eq(sql`lower(${verificationCodes.email})`, email.toLowerCase()),
        eq(verificationCodes.purpose, purpose),
        isNull(verificationCodes.consumedAt),
      ),
    );
}

/**
 * Starts the verification screen's wait after a sign-up (its resend button waits 60 s after
 * opening). Per account, not per address: the public resend answers the same for every address.
 */
export async function startResendCooldown(db: Db, user: Pick<User, "id">): Promise<void> {
  await hit(db, screenWaitLimit(user.id));
}

/** Seconds until the verification screen lets this account ask for another code (0 when it may now). */
export async function resendCooldownRemaining(
  db: Db,
  user: Pick<User, "id" | "email">,
): Promise<number> {
  const [screen, address] = await Promise.all([
    isLimited(db, screenWaitLimit(user.id)),
    isLimited(db, cooldownLimit(user.email)),
  ]);
  return Math.max(screen.retryAfter, address.retryAfter);
}

/**
 * The verification screen's Resend: the screen's own wait after the sign-up first (its caller
 * holds the signed state of this account), then the public resend.
 */
export async function resendFromScreen(
  ax: AuthCtx,
  input: { userId: string; email: string; ip: string },
): Promise<{ message: string }> {
  const wait = await isLimited(ax.db, screenWaitLimit(input.userId));
  if (wait.limited) throw new TooManyRequests(OTP_MSG.cooldown(wait.retryAfter), wait.retryAfter);
  return resendVerificationCode(ax, input);
}

/** Counts a send against the cooldown and the hourly cap; throws 429 with Retry-After past either. */
export async function claimSend(db: Db, email: string): Promise<void> {
  const c = await hit(db, cooldownLimit(email));
  if (c.count > 1) throw new TooManyRequests(OTP_MSG.cooldown(c.retryAfter), c.retryAfter);
  const h = await hit(db, hourlyLimit(email));
  if (h.count > RESENDS_PER_HOUR) throw new TooManyRequests(OTP_MSG.hourly, h.retryAfter);
}

/**
 * POST /api/auth/resend-otp and the Resend buttons. The same answer whether or not the address
 * has an unverified account (no enumeration); limits count for unknown addresses too.
 */
export async function resendVerificationCode(
  ax: AuthCtx,
  input: { email: string; ip: string },
): Promise<{ message: string }> {
  const { db } = ax;
  const email = norm(input.email);
  await enforce(db, resendIpLimit(input.ip), OTP_MSG.hourly);
  await claimSend(db, email);
  const user = await findUserByEmail(db, email);
  if (user && user.isActive && !user.emailVerifiedAt) await sendVerificationCode(ax, user);
  // A "new code" for an address without one starts its tries afresh, as a real new code does.
  else await reset(db, ghostLimit(email).key);
  return { message: OTP_MSG.resent };
}

/**
 * When a sign-in is diverted to verification, make sure a usable code is on its way: send one if
 * the last is missing, used, expired or burned and the limits allow; otherwise do nothing.
 */
export async function ensureVerificationCode(ax: AuthCtx, user: User): Promise<boolean> {
  const { db } = ax;
  const [live] = await db
    .select({ id: verificationCodes.id })
    .from(verificationCodes)
    .where(
      and(
        eq(sql`lower(${verificationCodes.email})`, norm(user.email)),
        eq(verificationCodes.purpose, PURPOSE),
        sql`${verificationCodes.consumedAt} is null`,
        sql`${verificationCodes.expiresAt} > now()`,
        sql`${verificationCodes.attempts} < ${OTP_MAX_ATTEMPTS}`,
      ),
    )
    .limit(1);
  if (live) return false;
  try {
    await claimSend(db, user.email);
  } catch (e) {
    if (e instanceof TooManyRequests) return false;
    throw e;
  }
  await sendVerificationCode(ax, user);
  return true;
}

const otpError = (msg: string) => new ValidationError(msg, { otp: [msg] });

/**
 * Checks `otp` against a stored code row (any purpose): every try is counted before the comparison,
 * so parallel guesses cannot exceed the budget; a wrong code answers "invalid" until the last try,
 * then "burned"; only the right code learns that it expired (an expiry says nothing about whether
 * an address has an account). The caller consumes the row when this returns.
 */
export async function checkCode(
  db: DbOrTx,
  secret: string,
  row: typeof verificationCodes.$inferSelect,
  otp: string,
): Promise<void> {
  if (row.consumedAt) throw otpError(OTP_MSG.invalid);
  if (row.attempts >= OTP_MAX_ATTEMPTS) throw otpError(OTP_MSG.burned);
  const [counted] = await db
    .update(verificationCodes)
    .set({ attempts: sql`${verificationCodes.attempts} + 1` })
    .where(
      and(
        eq(verificationCodes.id, row.id),
        sql`${verificationCodes.attempts} < ${OTP_MAX_ATTEMPTS}`,
        sql`${verificationCodes.consumedAt} is null`,
      ),
    )
    .returning({
      attempts: verificationCodes.attempts,
      expired: sql<boolean>`${verificationCodes.expiresAt} <= now()`,
    });
  if (!counted) throw otpError(OTP_MSG.burned);
  const { purpose } = row;
  if (!safeEqual(row.codeHash, codeHash(secret, row.email, String(otp ?? ""), purpose)))
    throw otpError(counted.attempts >= OTP_MAX_ATTEMPTS ? OTP_MSG.burned : OTP_MSG.invalid);
  if (counted.expired) throw otpError(OTP_MSG.expired);
}

/**
 * Checks a code and marks the e-mail verified. Every try is counted before the comparison (so
 * parallel guesses cannot exceed the budget); the code is consumed atomically (a replay fails).
 * An unknown address answers like a wrong code.
 */
export async function verifyEmailCode(
  { db, config }: AuthCtx,
  input: { email: string; otp: string; ip: string },
): Promise<User> {
  const email = norm(input.email);
  await enforce(db, verifyIpLimit(input.ip), OTP_MSG.tooManyTries);
  const found = await findUserByEmail(db, email);
  // Unknown, deactivated and already verified addresses answer exactly like a wrong code for a
  // real one, burned after the same number of tries (docs/security.md, "Same answer for known and unknown accounts"): nothing tells them apart.
  if (!found || !found.isActive || found.emailVerifiedAt) {
    const g = await hit(db, ghostLimit(email));
    const msg = g.count >= OTP_MAX_ATTEMPTS ? OTP_MSG.burned : OTP_MSG.invalid;
    throw new ValidationError(msg, { otp: [msg] });
  }
  const user = found;
  const [row] = await db
    .select()
    .from(verificationCodes)
    .where(
      and(
        eq(sql`lower(${verificationCodes.email})`, email),
        eq(verificationCodes.purpose, PURPOSE),
      ),
    )
    .limit(1);
  if (!row || row.consumedAt || row.userId !== user.id)
    throw new ValidationError(OTP_MSG.invalid, { otp: [OTP_MSG.invalid] });
  await checkCode(db, config.secret, row, input.otp);
  return db.transaction(async (tx) => {
    if (!(await consumeCode(tx, row.id)))
      throw new ValidationError(OTP_MSG.invalid, { otp: [OTP_MSG.invalid] });
    return setUserFlags(tx, user.id, { emailVerifiedAt: new Date() });
  });
}

/**
 * The code as a form sends it (six boxes joined, spaces removed), or the format message. Server
 * side, so the screen that posts it loads no validation library.
 */
export function parseOtp(raw: string): { ok: true; otp: string } | { ok: false; message: string } {
  const parsed = otpField.safeParse(raw);
  return parsed.success
    ? { ok: true, otp: parsed.data }
    : { ok: false, message: parsed.error.issues[0].message };
}
