/**
 * Password recovery and invitations. Tokens are random (256 bits), stored as SHA-256, expiring
 * (reset 30 minutes, invite 7 days) and single use; links are built from PUBLIC_URL, never from
 * request headers. A reset sets the password, marks the address verified (the link proved it),
 * ends every session and token of the user and sends a notice.
 */
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "#db/client";
import { type TokenPurpose } from "#db/constants";
import { passwordTokens, users, verificationCodes } from "#db/schema";
import { enforce, hit } from "~/lib/rate-limit.server";
import { ValidationError } from "~/lib/errors";
import { enqueueMail, greeting } from "../mail/mail.server";
import { RESET_TOKEN_MSG } from "../user/user.schema";
import { findUserForLogin, mailAddressOf, type User } from "../user/user.server";
import { claimLegacyReset, usersAwaitingLegacyReset } from "../user/legacy.server";
import { setPasswordFromLink } from "../user/writes.server";
import { clearLoginThrottle } from "./auth.server";
import { hashPassword } from "./password.server";
import type { AuthConfig, AuthCtx } from "./config";
import { assertNewPassword } from "./password-policy.server";
import { revokeAllSessions } from "./session.server";
import { consumeToken, liveTokenWhere } from "./single-use.server";
import { hashToken, randomToken } from "./tokens.server";
import { INVITE_TOKEN_TTL_DAYS, RESET_TOKEN_TTL_MINUTES } from "./limits";

export const RESET_MSG = {
  /**
   * The answer to every request, known address or not: it names the address typed (the only one a
   * link ever goes to) and says nothing about whether an account uses it.
   */
  sent: (email: string) => `If an account uses ${email}, a reset link is on its way to ${email}.`,
  invalid: RESET_TOKEN_MSG,
  done: "Your password has been reset. You can now sign in.",
  tooMany: "Too many requests. Please try again later.",
} as const;

/** Reset mails per address per hour; beyond it requests are answered alike but send nothing. */
export const RESET_MAILS_PER_HOUR = 3;

const norm = (email: string) => email.trim().toLowerCase();

/** The e-mailed link: `${PUBLIC_URL}/reset-password?token=…&email=…`. */
export function resetLink(publicUrl: string, token: string, email: string): string {
  return `${publicUrl}/reset-password?token=${encodeURIComponent(token)}&email=${encodeURIComponent(norm(email))}`;
}

/** Ends an account's unused reset and invitation links (its access is being ended). */
export async function dropUnusedPasswordTokens(db: DbOrTx, userId: string): Promise<void> {
  await db
    .delete(passwordTokens)
    .where(and(eq(passwordTokens.userId, userId), isNull(passwordTokens.usedAt)));
}

/**
 * Stores invitation links for many new accounts at once (the bulk import): one JSON parameter per
 * call, the hashes only.
 */
export async function insertInviteTokens(
  db: DbOrTx,
  tokens: Array<{ user_id: string | undefined; token_hash: string }>,
  expiresAt: Date | string,
): Promise<void> {
  await db.execute(sql`
    insert into password_tokens (user_id, purpose, token_hash, expires_at)
    select user_id, 'invite', token_hash, ${expiresAt}::timestamptz
    from jsonb_to_recordset(${JSON.stringify(tokens)}::jsonb) as x(user_id uuid, token_hash text)`);
}

/**
 * Issues a password token and returns it in clear (only its hash is stored). Earlier unused tokens
 * of the same purpose stop working, so only the newest link is live.
 */
export async function issuePasswordToken(
  db: Db,
  userId: string,
  purpose: TokenPurpose,
): Promise<string> {
  const token = randomToken();
  const ttl =
    purpose === "invite"
      ? sql`now() + make_interval(days => ${INVITE_TOKEN_TTL_DAYS})`
      : sql`now() + make_interval(mins => ${RESET_TOKEN_TTL_MINUTES})`;
  await db
    .delete(passwordTokens)
    .where(
      and(
        eq(passwordTokens.userId, userId),
        eq(passwordTokens.purpose, purpose),
        isNull(passwordTokens.usedAt),
      ),
    );
  await db
    .insert(passwordTokens)
    .values({ userId, purpose, tokenHash: hashToken(token), expiresAt: ttl });
  return token;
}

/**
 * The reset mail goes to `to`, the address the person typed — one of the account's verified
 * addresses (the college one or the verified personal one) — and its link names that address.
 */
function resetMail(config: AuthConfig, user: User, token: string, to: string) {
  const link = resetLink(config.publicUrl, token, to);
  return {
    to,
    subject: `Reset your ${config.collegeName} Runway password`,
    template: "password_reset",
    notice: `password reset link for ${to}: ${link}`,
    text: [
      greeting({ firstName: user.firstName, verified: !!user.emailVerifiedAt }),
      "",
      "Someone (hopefully you) asked to reset the password of your Runway account. Open this link to choose a new one:",
      "",
      link,
      "",
      `The link works once and expires in ${RESET_TOKEN_TTL_MINUTES} minutes. If you did not ask for it, ignore this email: your password stays as it is.`,
    ].join("\n"),
  };
}

function changedMail(config: AuthConfig, user: User) {
  return {
    to: mailAddressOf(user),
    subject: `Your ${config.collegeName} Runway password was changed`,
    template: "password_changed",
    text: [
      greeting({ firstName: user.firstName, verified: !!user.emailVerifiedAt }),
      "",
      "The password of your Runway account was just changed, and every device signed in to it was signed out.",
      `If this was not you, reset your password at ${config.publicUrl}/forgot-password and tell us at ${config.collegeInfoEmail}.`,
    ].join("\n"),
  };
}

/**
 * The account's address that a reset link may go to for `typed`: its college address, or its
 * personal address (stored only once its code was entered, so always verified). Null otherwise.
 */
function resetAddressOf(user: User, typed: string): string | null {
  if (user.email === typed) return user.email;
  if (user.personalEmail && user.personalEmail === typed) return user.personalEmail;
  return null;
}

/**
 * POST /api/auth/forgot-password and the /forgot-password screen. The link goes to the address
 * typed when it is one of the account's addresses — an alumnus who lost the college mailbox gets it
 * at the personal one. Answers with the same sentence for known and unknown addresses (it names
 * only what was typed); per-address counting happens for both, so limits reveal nothing either.
 */
export async function requestPasswordReset(
  { db, config }: AuthCtx,
  input: { email: string; ip: string },
): Promise<{ message: string }> {
  const email = norm(input.email);
  await enforce(
    db,
    { key: `forgot-ip:${input.ip}`, max: 50, windowSeconds: 3600 },
    RESET_MSG.tooMany,
  );
  const perAddress = await hit(db, {
    key: `forgot-email:${email}`,
    max: RESET_MAILS_PER_HOUR,
    windowSeconds: 3600,
  });
  if (perAddress.count <= RESET_MAILS_PER_HOUR) {
    const user = await findUserForLogin(db, email);
    const to = user && user.isActive ? resetAddressOf(user, email) : null;
    if (user && to) {
      const token = await issuePasswordToken(db, user.id, "password_reset");
      await enqueueMail(db, resetMail(config, user, token, to));
    }
  }
  return { message: RESET_MSG.sent(email) };
}

async function liveToken(db: Db, email: string, token: string) {
  const live = liveTokenWhere("password", token);
  if (!live) return null;
  const [row] = await db
    .select({ token: passwordTokens, user: users })
    .from(passwordTokens)
    .innerJoin(users, eq(users.id, passwordTokens.userId))
    .where(live)
    .limit(1);
  // The token is bound to its user's addresses (the college one, or the verified personal one a
  // reset link was sent to): a link with any other e-mail does nothing.
  const e = norm(email);
  if (!row || !row.user.isActive) return null;
  if (row.user.email !== e && row.user.personalEmail !== e) return null;
  return row;
}

/** Whether a reset/invite link is usable (the screen shows the form or says it has expired). */
export async function checkPasswordToken(
  db: Db,
  input: { email: string; token: string },
): Promise<{ purpose: TokenPurpose } | null> {
  const row = await liveToken(db, input.email, input.token);
  return row ? { purpose: row.token.purpose } : null;
}

/** Sets a new password from a reset or invite link; throws ValidationError when the link is not live. */
export async function resetPassword(
  { db, config }: AuthCtx,
  input: { email: string; token: string; password: string; ip: string },
): Promise<User> {
  await enforce(
    db,
    { key: `reset-ip:${input.ip}`, max: 30, windowSeconds: 15 * 60 },
    RESET_MSG.tooMany,
  );
  const row = await liveToken(db, input.email, input.token);
  if (!row) throw new ValidationError(RESET_MSG.invalid);
  await assertNewPassword(input.password, config, row.user);
  const passwordHash = await hashPassword(input.password);
  const user = await db.transaction(async (tx) => {
    // Consume first and atomically: of two parallel uses of one link, only one gets through.
    if (!(await consumeToken(tx, "password", row.token.id)))
      throw new ValidationError(RESET_MSG.invalid);
    const u = await setPasswordFromLink(tx, row.user.id, passwordHash);
    await revokeAllSessions(tx, u.id);
    await tx
      .delete(passwordTokens)
      .where(and(eq(passwordTokens.userId, u.id), isNull(passwordTokens.usedAt)));
    await tx.delete(verificationCodes).where(eq(verificationCodes.userId, u.id));
    await enqueueMail(tx, changedMail(config, u));
    return u;
  });
  await clearLoginThrottle(db, user.email);
  return user;
}

function legacyResetMail(config: AuthConfig, user: User, token: string) {
  const link = resetLink(config.publicUrl, token, user.email);
  return {
    to: mailAddressOf(user),
    subject: `Set your ${config.collegeName} Runway password`,
    template: "legacy_reset",
    notice: `AeroJob password link for ${mailAddressOf(user)}: ${link}`,
    text: [
      `Hello ${user.firstName},`,
      "",
      `${config.collegeName} has moved from AeroJob to Runway, and your account came along with your saved jobs and survey answers.`,
      "Your AeroJob password could not be brought across, so please choose a new one with this link:",
      "",
      link,
      "",
      `The link works once and expires in ${INVITE_TOKEN_TTL_DAYS} days. After that, use "Forgot password?" on the sign-in page.`,
    ].join("\n"),
  };
}

/**
 * `runway migrate aerojob --send-resets` (ADR 115): queues one "set your password" mail for each
 * imported account without a working password (its AeroJob hash was malformed, double-hashed or
 * plain text). Each account is claimed in the transaction that queues its mail, so a second run,
 * or two at once, never mails anyone twice. The link is an invitation-kind token (7 days), not the
 * 30-minute reset one: these mails go out in bulk and are opened whenever people read them.
 */
export async function sendLegacyResets({ db, config }: AuthCtx): Promise<{ queued: string[] }> {
  const queued: string[] = [];
  for (const user of await usersAwaitingLegacyReset(db)) {
    const sent = await db.transaction(async (tx) => {
      if (!(await claimLegacyReset(tx, user.id))) return false;
      const token = await issuePasswordToken(tx, user.id, "invite");
      await enqueueMail(tx, legacyResetMail(config, user, token));
      return true;
    });
    if (sent) queued.push(user.email);
  }
  return { queued };
}
