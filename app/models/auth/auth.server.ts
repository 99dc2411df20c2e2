/**
 * Sign-in rules: the same status, body and (argon2) timing for a wrong password and an unknown
 * e-mail; with the right password, unverified accounts are told to verify and deactivated ones whom
 * to contact;
 * attempts are throttled per (account, address) with growing delays, never locked (see LOGIN_LIMITS).
 */
import type { Db } from "#db/client";
import {
  admitWithBackoff,
  forgetBackoff,
  hit,
  peek,
  release,
  reset,
} from "~/lib/rate-limit.server";
import { Forbidden, TooManyRequests, Unauthorized } from "~/lib/errors";
import { findUserForLogin, type User } from "../user/user.server";
import { upgradeLegacyPassword } from "../user/legacy.server";
import { recordLogin } from "../user/writes.server";
import { hashPassword, verifyLegacyPassword, verifyPassword } from "./password.server";
import type { AuthCtx } from "./config";
import { ensureVerificationCode } from "./verification.server";
import { blockedMessage } from "../employer/moderation.server";

export const INVALID_CREDENTIALS = "Invalid email or password";
export const TOO_MANY_LOGINS =
  "Too many sign-in attempts. Please wait a few minutes and try again.";
export const VERIFY_FIRST = "Please verify your email before signing in.";
/** Told only to someone who typed the right password, so it reveals nothing to a guesser. */
export const deactivatedMessage = (contact: string) =>
  `This account has been deactivated. Please contact ${contact} if you need access again.`;

/**
 * Sign-in throttling (docs/security.md) — nobody can lock an owner out:
 * - per (account, client address): 5 attempts back to back, then a delay that doubles from 15 s up
 *   to 15 minutes; forgotten an hour after the last delay ran out, or at a successful sign-in;
 * - per account, from every address: past 20 attempts in 15 minutes each *new* address gets only
 *   one attempt before its delay starts — this slows a distributed guesser but never refuses the
 *   owner's first try from their own address;
 * - per client address, over all accounts: 100 attempts in 15 minutes (a sprayer's ceiling).
 * Every attempt is counted before its password is checked (one UPSERT each), so parallel guesses
 * cannot overshoot; successful sign-ins give their counts back.
 *
 * An attempt that carries a valid device cookie for the account it tries (a browser or client
 * that signed in to it before; ADR 111) skips all three: it is limited per device instead — 10
 * failures in 15 minutes, after which that device is locked out of the account for the rest of the
 * window, right password or not. So a campus behind one address keeps signing in while a guesser
 * there is throttled, and a stolen device cookie buys no more than 10 guesses per 15 minutes.
 */
export const LOGIN_LIMITS = {
  pair: { free: 5, baseSeconds: 15, maxSeconds: 15 * 60, forgetSeconds: 3600 },
  perAccount: { max: 20, windowSeconds: 15 * 60 },
  perIp: { max: 100, windowSeconds: 15 * 60 },
  perDevice: { max: 10, windowSeconds: 15 * 60 },
};

/** A validly signed device cookie's entry: the account it signed in to and its random nonce. */
export interface DeviceClaim {
  userId: string;
  nonce: string;
}

const acctKey = (email: string) => `login-acct:${email.trim().toLowerCase()}`;
const ipKey = (ip: string) => `login-ip:${ip}`;
const pairKey = (email: string, ip: string) => `login:${email.trim().toLowerCase()}|${ip}`;
const deviceKey = (nonce: string) => `login-device:${nonce}`;

/**
 * Checks e-mail and password; returns the user or throws Unauthorized / Forbidden / TooManyRequests.
 * A deactivated account is told to write to the college's info e-mail (config.collegeInfoEmail).
 */
export async function authenticate(
  ax: AuthCtx,
  input: { email: string; password: string; ip: string; devices?: readonly DeviceClaim[] },
): Promise<User> {
  const { db } = ax;
  const email = input.email.trim().toLowerCase();
  // The account an address signs in to is looked up for every attempt, known or not, so the
  // throttles below count per account: its college and personal addresses share one budget.
  const user = await findUserForLogin(db, email);
  const device = user && input.devices?.find((d) => d.userId === user.id);
  if (device) {
    const limit = { key: deviceKey(device.nonce), ...LOGIN_LIMITS.perDevice };
    // Counted before the password is checked (one UPSERT), so parallel guesses cannot overshoot;
    // the right password clears the count.
    const r = await hit(db, limit);
    if (r.count > limit.max) throw new TooManyRequests(TOO_MANY_LOGINS, r.retryAfter);
    if (!(await verifyPassword(user.passwordHash, input.password)))
      throw new Unauthorized(INVALID_CREDENTIALS);
    await reset(db, limit.key);
    return admitAccount(ax, user);
  }
  const account = user?.email ?? email;
  const ip = { key: ipKey(input.ip), ...LOGIN_LIMITS.perIp };
  const acct = { key: acctKey(account), ...LOGIN_LIMITS.perAccount };
  const perIp = await hit(db, ip);
  if (perIp.count > ip.max) throw new TooManyRequests(TOO_MANY_LOGINS, perIp.retryAfter);
  const crowded = (await peek(db, acct.key)) >= acct.max;
  const pair = pairKey(account, input.ip);
  const admit = await admitWithBackoff(db, {
    key: pair,
    ...LOGIN_LIMITS.pair,
    free: crowded ? 1 : LOGIN_LIMITS.pair.free,
  });
  if (!admit.admitted) {
    await release(db, ip.key); // refused before any password work: not a guess
    throw new TooManyRequests(TOO_MANY_LOGINS, admit.retryAfter);
  }
  await hit(db, acct);

  // An account moved from AeroJob keeps its bcrypt hash until its first successful sign-in
  // (ADR 115): verified with bcrypt once, then replaced by argon2id before this request answers.
  const legacy = !!user?.passwordLegacy && !!user.passwordHash;
  const ok = legacy
    ? await verifyLegacyPassword(user!.passwordHash!, input.password)
    : await verifyPassword(user?.passwordHash, input.password);
  if (!user || !ok) throw new Unauthorized(INVALID_CREDENTIALS);
  if (legacy)
    await upgradeLegacyPassword(
      db,
      user.id,
      user.passwordHash!,
      await hashPassword(input.password),
    );
  // The right password: this attempt was no guess.
  await forgetBackoff(db, pair);
  await release(db, acct.key);
  await release(db, ip.key);
  return admitAccount(ax, user);
}

/** After the right password: the account's state decides whether the sign-in goes through. */
async function admitAccount(ax: AuthCtx, user: User): Promise<User> {
  const { db, config } = ax;
  // Only now may the account's state be told: a guesser never gets this far, so a wrong password
  // still answers exactly as for an unknown address (enumeration stays closed).
  if (!user.isActive)
    throw new Forbidden(deactivatedMessage(config.collegeInfoEmail), undefined, {
      deactivated: true,
    });
  // A blocked employer, or an employer of a blocked company, is told so (right password only).
  const blocked = await blockedMessage(db, user);
  if (blocked) throw new Forbidden(blocked, undefined, { blocked: true });
  if (!user.emailVerifiedAt) {
    // The password proved the account: make sure a usable code is on its way to the address.
    await ensureVerificationCode(ax, user);
    throw new Forbidden(VERIFY_FIRST, undefined, {
      requiresVerification: true,
      userId: user.id,
      email: user.email,
    });
  }
  await recordLogin(db, user.id);
  return user;
}

/** Lifts the sign-in throttles of the account (after a password reset proved the address). */
export async function clearLoginThrottle(db: Db, email: string): Promise<void> {
  await reset(db, acctKey(email));
  await forgetBackoff(db, `${pairKey(email, "")}*`);
}
