/**
 * The user model's side of moving from AeroJob (ADR 115): bulk writes of imported accounts keyed
 * by their AeroJob `_id` (`legacy_id`), the one-time bcrypt → argon2id upgrade at sign-in, and the
 * bookkeeping of the reset mails `runway migrate aerojob --send-resets` queues.
 */
import { and, eq, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Db, DbOrTx } from "#db/client";
import type { Role } from "#db/constants";
import { users } from "#db/schema";
import type { PersonColumns, User } from "./user.server";

/** The columns an AeroJob account fills. */
export type LegacyUserValues = Pick<
  User,
  | PersonColumns
  | "legacyId"
  | "passwordHash"
  | "passwordLegacy"
  | "address"
  | "bio"
  | "isActive"
  | "emailVerifiedAt"
  | "lastLoginAt"
  | "createdAt"
>;

/**
 * Rows an import batch may meet: the same AeroJob ids, the same addresses, the same student IDs.
 * One query per index (an OR of IN-lists over different columns makes the planner scan the table
 * for every batch).
 */
export async function usersMatchingLegacy(
  tx: DbOrTx,
  q: { legacyIds: string[]; emails: string[]; studentIds: string[] },
): Promise<User[]> {
  const found = new Map<string, User>();
  const add = (rows: User[]) => rows.forEach((r) => found.set(r.id, r));
  /** The users whose `column`, lower-cased, is one of `values` (one index each). */
  const byLower = (column: AnyPgColumn, values: string[]) =>
    tx
      .select()
      .from(users)
      .where(and(isNotNull(column), inArray(sql`lower(${column})`, values)));
  if (q.legacyIds.length)
    add(await tx.select().from(users).where(inArray(users.legacyId, q.legacyIds)));
  if (q.emails.length) {
    add(await byLower(users.email, q.emails));
    add(await byLower(users.personalEmail, q.emails));
  }
  if (q.studentIds.length)
    add(
      await byLower(
        users.studentId,
        q.studentIds.map((s) => s.toLowerCase()),
      ),
    );
  return [...found.values()];
}

/** Inserts imported accounts in one statement; returns their ids by AeroJob id. */
export async function insertLegacyUsers(
  tx: DbOrTx,
  rows: LegacyUserValues[],
): Promise<Array<{ id: string; legacyId: string }>> {
  if (!rows.length) return [];
  const out = await tx
    .insert(users)
    .values(rows.map((r) => ({ ...r, updatedAt: r.createdAt })))
    .returning({ id: users.id, legacyId: users.legacyId });
  return out.map((r) => ({ id: r.id, legacyId: r.legacyId! }));
}

/** Applies what changed in AeroJob to an imported account (the caller computed the patch). */
export async function updateLegacyUser(
  tx: DbOrTx,
  id: string,
  patch: Partial<LegacyUserValues>,
): Promise<void> {
  await tx
    .update(users)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(users.id, id));
}

/** Attaches an imported profile photo (already stored by the file model). */
export async function setLegacyAvatar(tx: DbOrTx, id: string, fileId: string): Promise<void> {
  await tx.update(users).set({ avatarFileId: fileId }).where(eq(users.id, id));
}

/** Every imported account by AeroJob id, with what responses copy (role and cohort). */
export async function legacyUserIndex(
  tx: DbOrTx,
): Promise<
  Map<string, { id: string; role: Role; courseId: string | null; graduationYear: number | null }>
> {
  const rows = await tx
    .select({
      id: users.id,
      legacyId: users.legacyId,
      role: users.role,
      courseId: users.courseId,
      graduationYear: users.graduationYear,
    })
    .from(users)
    .where(isNotNull(users.legacyId));
  return new Map(rows.map((r) => [r.legacyId!, r]));
}

/**
 * Replaces a verified AeroJob bcrypt hash by argon2id (first successful sign-in). Only if the
 * stored hash is still the one that was verified: a parallel sign-in or reset wins unharmed.
 */
export async function upgradeLegacyPassword(
  db: DbOrTx,
  id: string,
  oldHash: string,
  newHash: string,
): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ passwordHash: newHash, passwordLegacy: false })
    .where(and(eq(users.id, id), eq(users.passwordHash, oldHash), eq(users.passwordLegacy, true)))
    .returning({ id: users.id });
  return rows.length > 0;
}

/** Whether any account came from AeroJob (the sign-in page then says how its passwords moved). */
export async function hasLegacyAccounts(db: Db): Promise<boolean> {
  const [r] = await db
    .select({ id: users.id })
    .from(users)
    .where(isNotNull(users.legacyId))
    .limit(1);
  return !!r;
}

/** Imported, active accounts without a working password whose reset mail has not been queued. */
export async function usersAwaitingLegacyReset(db: DbOrTx): Promise<User[]> {
  return db
    .select()
    .from(users)
    .where(
      and(
        isNotNull(users.legacyId),
        isNull(users.passwordHash),
        isNull(users.legacyResetSentAt),
        eq(users.isActive, true),
      ),
    )
    .orderBy(users.email);
}

/** Claims an account's one reset mail: true only for the first caller. */
export async function claimLegacyReset(tx: DbOrTx, id: string): Promise<boolean> {
  const rows = await tx
    .update(users)
    .set({ legacyResetSentAt: new Date() })
    .where(and(eq(users.id, id), isNull(users.legacyResetSentAt), isNull(users.passwordHash)))
    .returning({ id: users.id });
  return rows.length > 0;
}
