/**
 * Every write to the `jobs` table. The employer, review and moderation modules call these
 * functions inside their transactions; nothing outside app/models/job inserts, updates or deletes
 * jobs.
 *
 * A change to one job starts with `lockJob`: it takes the row lock (`select … for update`) inside
 * the caller's transaction and returns the fresh row, so the audit diff, the review decision and
 * the e-mails decide on the data the update will change, not on a read made before the lock.
 */
import { and, eq, getTableColumns, isNull, sql, type SQL } from "drizzle-orm";
import type { PgInsertValue } from "drizzle-orm/pg-core";
import type { DbOrTx, Tx } from "#db/client";
import { jobs } from "#db/schema";

const { searchVector: _searchVector, ...JOB_FIELDS } = getTableColumns(jobs);

/** A job as stored (camelCase, dates as Date); the search vector is left out. */
export type StoredJob = Omit<typeof jobs.$inferSelect, "searchVector">;

/** The columns of a new job. */
export type NewJob = typeof jobs.$inferInsert;

/** The columns a job change may set. */
export type JobPatch = Partial<NewJob>;

/**
 * Locks one job for the rest of the transaction and returns it, or null when there is no such
 * job (or, with `companyId`, when it belongs to another company).
 */
export async function lockJob(tx: Tx, id: string, companyId?: string): Promise<StoredJob | null> {
  const [row] = await tx
    .select(JOB_FIELDS)
    .from(jobs)
    .where(companyId ? and(eq(jobs.id, id), eq(jobs.companyId, companyId)) : eq(jobs.id, id))
    .for("update");
  return row ?? null;
}

/** Inserts a job and returns its id (a column may be given as SQL, e.g. a subquery). */
export async function insertJob(tx: DbOrTx, values: PgInsertValue<typeof jobs>): Promise<string> {
  const [created] = await tx.insert(jobs).values(values).returning({ id: jobs.id });
  return created.id;
}

/** Writes a patch to one job (updated_at set to now). */
export async function writeJob(tx: DbOrTx, id: string, patch: JobPatch): Promise<void> {
  await tx
    .update(jobs)
    .set({ updatedAt: new Date(), ...patch })
    .where(eq(jobs.id, id));
}

/** Records an admin's approval review: reviewed now by the admin, any decline cleared. */
export async function markJobReviewed(tx: DbOrTx, id: string, adminId: string): Promise<void> {
  await tx
    .update(jobs)
    .set({ reviewedAt: new Date(), reviewedBy: adminId, declinedAt: null, declineReason: null })
    .where(eq(jobs.id, id));
}

/** Declines a job: off the board, the reason stored, reviewed now by the admin. */
export async function markJobDeclined(
  tx: DbOrTx,
  id: string,
  adminId: string,
  reason: string,
): Promise<void> {
  const now = new Date();
  await writeJob(tx, id, {
    isApproved: false,
    declinedAt: now,
    declineReason: reason,
    reviewedAt: now,
    reviewedBy: adminId,
    updatedAt: now,
  });
}

/** Deletes one job row (the caller keeps the saved/applied copies and audits). */
export async function deleteJobRow(tx: DbOrTx, id: string): Promise<void> {
  await tx.delete(jobs).where(eq(jobs.id, id));
}

/** Whose jobs a block or an unblock concerns: an employer's (created by) or a company's. */
export type JobOwner = { createdBy: string } | { companyId: string };

const ownedBy = (owner: JobOwner): SQL =>
  "createdBy" in owner ? eq(jobs.createdBy, owner.createdBy) : eq(jobs.companyId, owner.companyId);

/**
 * Hides the jobs of a blocked employer or company (hidden_reason 'blocked'); only jobs not hidden
 * for another reason, so unblocking clears exactly what blocking set. Returns the ids hidden.
 */
export const hideBlockedJobs = (tx: DbOrTx, owner: JobOwner) =>
  tx
    .update(jobs)
    .set({ hiddenReason: "blocked", hiddenAt: new Date(), updatedAt: new Date() })
    .where(and(ownedBy(owner), isNull(jobs.hiddenReason)))
    .returning({ id: jobs.id });

// A job stays hidden while its company or its author is still blocked.
const nothingBlocked = sql`not exists (select 1 from companies c where c.id = ${jobs.companyId} and c.blocked_at is not null)
  and not exists (select 1 from users u where u.id = ${jobs.createdBy} and u.blocked_at is not null)`;

/** A job's company or author is blocked (in an update of `jobs`). */
const stillBlocked = sql`not (${nothingBlocked})`;

/** Hides a job after reports from enough people (hidden_reason 'reports'). */
export async function hideJobForReports(tx: DbOrTx, id: string): Promise<void> {
  await tx
    .update(jobs)
    .set({ hiddenReason: "reports", hiddenAt: sql`now()` })
    .where(eq(jobs.id, id));
}

/**
 * Ends the reports' hiding of a job (reports dismissed); while its company or author is blocked it
 * stays hidden, as 'blocked' (ADR 103). Returns the job's hidden reason after.
 */
export async function clearReportsHiding(tx: DbOrTx, id: string) {
  const [row] = await tx
    .update(jobs)
    .set({
      hiddenReason: sql`case when ${stillBlocked} then 'blocked' end`,
      hiddenAt: sql`case when ${stillBlocked} then ${jobs.hiddenAt} end`,
    })
    .where(eq(jobs.id, id))
    .returning({ hiddenReason: jobs.hiddenReason });
  return row?.hiddenReason ?? null;
}

/**
 * Takes a reported job off the board (reports upheld): unapproved, inactive, reviewed now by the
 * admin, and the reports' hiding cleared unless a block stands.
 */
export async function takeDownReportedJob(tx: DbOrTx, id: string, adminId: string): Promise<void> {
  const unhide = sql`${jobs.hiddenReason} = 'reports' and ${nothingBlocked}`;
  await tx
    .update(jobs)
    .set({
      isApproved: false,
      status: "inactive",
      reviewedAt: sql`now()`,
      reviewedBy: adminId,
      updatedAt: sql`now()`,
      hiddenReason: sql`case when ${unhide} then null else ${jobs.hiddenReason} end`,
      hiddenAt: sql`case when ${unhide} then null else ${jobs.hiddenAt} end`,
    })
    .where(eq(jobs.id, id));
}

/** Shows again the jobs a block hid, unless their company or author is still blocked. */
export const showUnblockedJobs = (tx: DbOrTx, owner: JobOwner) =>
  tx
    .update(jobs)
    .set({ hiddenReason: null, hiddenAt: null, updatedAt: new Date() })
    .where(and(ownedBy(owner), eq(jobs.hiddenReason, "blocked"), nothingBlocked))
    .returning({ id: jobs.id });
