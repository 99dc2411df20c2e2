/**
 * The writes of `users` that other modules ask for (sign-in, verification, password links, employer
 * membership and moderation, mail settings). This folder is the only writer of the table: a module
 * that needs a user changed calls one of these named functions. A decision that depends on the row
 * reads it with `lockUser` (`for update`) inside the caller's transaction.
 */
import { and, eq, sql } from "drizzle-orm";
import type { DbOrTx, Tx } from "#db/client";
import type { Role } from "#db/constants";
import { users } from "#db/schema";
import { isUuid } from "~/lib/ids";
import { isDomainVerified } from "../employer/domain.server";
import type { User } from "./user.server";

/** The row of a user (of `role` when given), locked until the transaction ends; null when absent. */
export async function lockUser(tx: Tx, id: string, role?: Role): Promise<User | null> {
  if (!isUuid(id)) return null;
  const [u] = await tx
    .select()
    .from(users)
    .where(and(eq(users.id, id), role ? eq(users.role, role) : undefined))
    .limit(1)
    .for("update");
  return u ?? null;
}

/** Notes a successful sign-in. */
export async function recordLogin(db: DbOrTx, id: string): Promise<void> {
  await db.update(users).set({ lastLoginAt: new Date() }).where(eq(users.id, id));
}

/**
 * Sets the password chosen from a reset or invite link: the link proved the address, so it counts
 * as verified; an AeroJob account that resets before its first sign-in leaves bcrypt behind here.
 */
export async function setPasswordFromLink(
  tx: DbOrTx,
  id: string,
  passwordHash: string,
): Promise<User> {
  const [u] = await tx
    .update(users)
    .set({
      passwordHash,
      passwordLegacy: false,
      emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`,
      updatedAt: new Date(),
    })
    .where(eq(users.id, id))
    .returning();
  return u;
}

/** Turns an administrator's weekly digest off (`optOut`) or on. */
export async function setAdminDigestOptOut(db: DbOrTx, id: string, optOut: boolean) {
  await db
    .update(users)
    .set({ adminDigestOptOut: optOut, updatedAt: new Date() })
    .where(eq(users.id, id));
}

/** Sets or clears a person's survey-mail opt-out (idempotent: the first date stays). */
export async function setSurveyMailOptOutOf(db: DbOrTx, id: string, optOut: boolean) {
  await db
    .update(users)
    .set({
      surveyMailOptOutAt: optOut ? sql`coalesce(${users.surveyMailOptOutAt}, now())` : null,
    })
    .where(eq(users.id, id));
}

/** Makes an employer a member of the company it asked to join (only while it still names it). */
export async function admitToCompany(tx: DbOrTx, id: string, companyId: string, at: Date) {
  await tx
    .update(users)
    .set({ companyJoinedAt: at, updatedAt: at })
    .where(and(eq(users.id, id), eq(users.companyId, companyId)));
}

/**
 * Sets an account's state flags: its e-mail verified (the code was entered), an employer verified
 * by an admin or blocked; returns the new row.
 */
export async function setUserFlags(
  tx: DbOrTx,
  id: string,
  flags: { emailVerifiedAt?: Date; employerVerifiedAt?: Date; blockedAt?: Date | null },
): Promise<User> {
  const [u] = await tx
    .update(users)
    .set({ ...flags, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning();
  return u;
}

/**
 * Recomputes the domain signal of every employer of a company (its website changed). Call inside
 * the change's transaction.
 */
export async function recomputeDomainSignal(
  tx: Tx,
  companyId: string,
  website: string | null,
): Promise<void> {
  const staff = await tx
    .select({ id: users.id, email: users.email, domainVerified: users.domainVerified })
    .from(users)
    .where(eq(users.companyId, companyId))
    .for("update");
  for (const s of staff) {
    const next = isDomainVerified(s.email, website);
    if (next !== s.domainVerified)
      await tx
        .update(users)
        .set({ domainVerified: next, updatedAt: new Date() })
        .where(eq(users.id, s.id));
  }
}
