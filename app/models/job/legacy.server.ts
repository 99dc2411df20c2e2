/**
 * The job model's side of moving from AeroJob (ADR 115): bulk writes of jobs keyed by `legacy_id`
 * and of the saved jobs AeroJob kept in `savedBy`.
 */
import { eq, inArray } from "drizzle-orm";
import type { DbOrTx } from "#db/client";
import { jobs, savedJobs } from "#db/schema";
import type { Job } from "./job.server";

/** An AeroJob job as Runway stores it: the job's own columns an import sets, keyed by its `_id`. */
export type LegacyJobValues = Pick<
  Job,
  | "title"
  | "companyId"
  | "jobType"
  | "location"
  | "categories"
  | "shortDescription"
  | "description"
  | "status"
  | "isApproved"
  | "createdBy"
  | "applicationDeadline"
  | "legacyViews"
  | "legacyApplications"
  | "createdAt"
> & { legacyId: string };

type Existing = Pick<typeof jobs.$inferSelect, "id" | "legacyId"> & LegacyJobValues;

/** The imported jobs among these AeroJob ids, with the columns an import compares. */
export async function jobsMatchingLegacy(tx: DbOrTx, legacyIds: string[]): Promise<Existing[]> {
  if (!legacyIds.length) return [];
  const rows = await tx.select().from(jobs).where(inArray(jobs.legacyId, legacyIds));
  return rows as unknown as Existing[];
}

/**
 * Inserts imported jobs. An approved, active one counts as published when AeroJob made it, so no
 * job alert mails the old board as news (the published trigger only fills a null).
 */
export async function insertLegacyJobs(
  tx: DbOrTx,
  rows: LegacyJobValues[],
): Promise<Array<{ id: string; legacyId: string }>> {
  if (!rows.length) return [];
  const out = await tx
    .insert(jobs)
    .values(
      rows.map((r) => ({
        ...r,
        updatedAt: r.createdAt,
        submittedAt: r.isApproved ? null : r.createdAt,
        publishedAt: r.isApproved && r.status === "active" ? r.createdAt : null,
      })),
    )
    .returning({ id: jobs.id, legacyId: jobs.legacyId });
  return out.map((r) => ({ id: r.id, legacyId: r.legacyId! }));
}

/** Applies what changed in AeroJob to an imported job (approval stays as Runway decided it). */
export async function updateLegacyJob(
  tx: DbOrTx,
  id: string,
  patch: Partial<Omit<LegacyJobValues, "isApproved">>,
): Promise<void> {
  await tx
    .update(jobs)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(jobs.id, id));
}

/** Saves jobs for users (AeroJob's `savedBy`); a pair already saved stays. Returns how many were new. */
export async function addLegacySavedJobs(
  tx: DbOrTx,
  rows: Array<{ userId: string; jobId: string; createdAt: Date }>,
): Promise<number> {
  if (!rows.length) return 0;
  const out = await tx
    .insert(savedJobs)
    .values(rows)
    .onConflictDoNothing()
    .returning({ id: savedJobs.id });
  return out.length;
}
