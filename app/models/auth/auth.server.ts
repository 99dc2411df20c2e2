/**
 * Sign-in rules: the same status, body and (argon2) timing for a wrong password, an unknown e-mail
 * and a deactivated account; unverified accounts with the right password are told to verify;
 * attempts are throttled per account and per client address with counters in the database.
 */
import { eq } from "drizzle-orm";
import type { Db } from "#db/client";
import { users } from "#db/schema";
import { enforce, isLimited, reset } from "~/lib/rate-limit.server";
import { Forbidden, TooManyRequests, Unauthorized } from "../errors";
import { findUserByEmail, type UserRow } from "../user/user.server";
import { verifyPassword } from "./password.server";
import { ensureVerificationCode } from "./verification.server";

export const INVALID_CREDENTIALS = "Invalid email or password";
export const TOO_MANY_LOGINS = "Too many sign-in attempts. Please wait a few minutes and try again.";
export const VERIFY_FIRST = "Please verify your email before signing in.";

export const LOGIN_LIMITS = {
  perAccount: { max: 10, windowSeconds: 15 * 60 },
  perIp: { max: 100, windowSeconds: 15 * 60 },
};

const acctKey = (email: string) => `login-acct:${email.trim().toLowerCase()}`;
const ipKey = (ip: string) => `login-ip:${ip}`;

/** Checks e-mail and password; returns the user or throws Unauthorized / Forbidden / TooManyRequests. */
export async function authenticate(
  db: Db,
  input: { email: string; password: string; ip: string },
): Promise<UserRow> {
  const email = input.email.trim().toLowerCase();
  const acct = { key: acctKey(email), ...LOGIN_LIMITS.perAccount };
  const ip = { key: ipKey(input.ip), ...LOGIN_LIMITS.perIp };
  for (const l of [acct, ip]) {
    const s = await isLimited(db, l);
    if (s.limited) throw new TooManyRequests(TOO_MANY_LOGINS, s.retryAfter);
  }
  const user = await findUserByEmail(db, email);
  const ok = await verifyPassword(user?.passwordHash, input.password);
  if (!user || !ok || !user.isActive) {
    await enforce(db, acct, TOO_MANY_LOGINS).catch(() => {});
    await enforce(db, ip, TOO_MANY_LOGINS).catch(() => {});
    throw new Unauthorized(INVALID_CREDENTIALS);
  }
  if (!user.emailVerifiedAt) {
    // The password proved the account: make sure a usable code is on its way to the address.
    await ensureVerificationCode(db, user);
    throw new Forbidden(VERIFY_FIRST, undefined, { requiresVerification: true, userId: user.id, email: user.email });
  }
  await reset(db, acct.key);
  await db.update(users).set({ lastLoginAt: new Date() }).where(eq(users.id, user.id));
  return user;
}

/** Lifts the per-account sign-in throttle (after a password reset proved the address). */
export async function clearLoginThrottle(db: Db, email: string): Promise<void> {
  await reset(db, acctKey(email));
}
