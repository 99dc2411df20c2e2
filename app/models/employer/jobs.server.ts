/**
 * Employers' own jobs (ADR 104): create, edit, close and delete the jobs of the one
 * company the account belongs to, with the admins' schemas (jobCreateSchema / jobUpdateSchema).
 *
 * Rules:
 * - The company is always the actor's: another company in the input is a 403; another company's
 *   job is a 404 for every read and write here (as if it did not exist).
 * - An employer never approves: `isApproved: true` in the input is a 403 ("Only administrators can
 *   approve jobs"); `isApproved: false` is ignored.
 * - A new job, and any edit that changes content (every field but status), is a submission: it is
 *   pending again (is_approved=false, decline cleared, submitted_at=now()) until an admin approves.
 *   Closing or deactivating keeps the review state as it is; reopening a closed job is a
 *   submission too (ADR 109).
 * - Limits (passed by the doors from EMPLOYER_MAX_PENDING / EMPLOYER_MAX_DAILY): at most
 *   `maxPending` pending jobs per company and at most `maxDaily` submissions per employer account
 *   in any rolling 24 hours (counted from the audit log's `job.submit` entries). Both are counted
 *   inside the submission's transaction after locking the company row (`for update`), so two
 *   concurrent submissions at the limit cannot both pass.
 * - Delete: only a job that is not approved (pending or declined); an approved job is closed.
 */
import { sql, type SQL } from "drizzle-orm";
import { type DbOrTx, rowsOf } from "#db/client";
import { audit, diff } from "../audit/audit.server";
import { type Ctx, requireEmployer } from "../context";
import { Conflict, Forbidden, NotFound, TooManyRequests, ValidationError } from "~/lib/errors";
import { isUuid } from "~/lib/ids";
import {
  getJob,
  jobSelectSql,
  parseJob,
  removeJob,
  serializeJob,
  toColumns,
  toNewJob,
  type Job,
  type Paging,
} from "../job/job.server";
import { JOB_MSG, pastDeadline, type JobCreateInput, type JobUpdateInput } from "../job/job.schema";
import type { JobStatus } from "#db/constants";
import { insertJob, lockJob, writeJob } from "../job/write.server";
import { CONTENT_FIELD_KEYS } from "../job/columns.server";

/** The per-employer limits; the doors read them from the environment. */
export interface EmployerLimits {
  maxPending: number;
  maxDaily: number;
}

export const EMPLOYER_JOB_MSG = {
  otherCompany: "Employers can post and edit jobs only for their own company.",
  noApproval: "Only administrators can approve jobs",
  pendingLimit: (n: number) =>
    `Your company already has ${n} ${n === 1 ? "job" : "jobs"} waiting for review (the limit is ${n}). Wait for a decision, or close a pending job, before submitting another.`,
  dailyLimit: (n: number) =>
    `You have made ${n} job ${n === 1 ? "submission" : "submissions"} in the last 24 hours (the limit is ${n} a day). Please try again later.`,
  approvedNotDeleted:
    "An approved job cannot be deleted: close it instead (its page stays linked from saved jobs and applications).",
  submitted: "Submitted for review",
  closed: "Job closed",
  reopened: "Job reopened and submitted for review",
  deleted: "Job deleted",
} as const;

export const REVIEW_STATUSES = ["pending", "approved", "declined", "closed", "expired"] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

/** Where a job stands for its employer: closed > declined > expired > approved > pending. */
export function reviewStatusOf(
  row: Pick<Job, "status" | "declinedAt" | "isApproved" | "applicationDeadline">,
  now = Date.now(),
): ReviewStatus {
  if (row.status === "closed" || row.status === "inactive") return "closed";
  if (row.declinedAt) return "declined";
  if (pastDeadline(row.applicationDeadline, now)) return "expired";
  return row.isApproved ? "approved" : "pending";
}

/**
 * A job waiting for an admin (aliased `j`): not approved, not declined, not closed. The same
 * predicate counts the pending limit and lists the approval queue (index jobs_pending_queue_idx).
 */
export const PENDING_SQL = sql.raw(
  `not j.is_approved and j.declined_at is null and j.status not in ('closed', 'inactive')`,
);

/** A job with its employer-facing counts. */
type OwnJob = Job & { views: number; applyClicks: number };

/** The /api object of an own job: the public object plus the review fields and counts. */
export function serializeEmployerJob(row: OwnJob) {
  return {
    ...serializeJob(row),
    reviewStatus: reviewStatusOf(row),
    declineReason: row.declineReason ?? null,
    submittedAt: row.submittedAt?.toISOString() ?? null,
    reviewedAt: row.reviewedAt?.toISOString() ?? null,
    views: row.views,
    applyClicks: row.applyClicks,
  };
}

const COUNTS = sql.raw(
  `(select count(*)::int from job_interactions i where i.job_id = j.id and i.kind = 'view') as views,
   (select count(*)::int from job_interactions i where i.job_id = j.id and i.kind = 'apply') as apply_clicks`,
);

/** Own jobs with their counts: the raw rows parsed once, here. */
const ownJobsOf = async (db: DbOrTx, query: SQL): Promise<OwnJob[]> =>
  (await rowsOf(db, query)).map((r) => ({
    ...parseJob(r),
    views: Number(r.views ?? 0),
    applyClicks: Number(r.apply_clicks ?? 0),
  }));

// ─── Reads ──────────────────────────────────────────────────────────────────────────────────────

/** The company's jobs in every state, newest submission first, with views and Apply Now clicks. */
export async function listEmployerJobs(
  ctx: Ctx,
  f: { status?: JobStatus | "all" | null } = {},
  paging: Paging = { offset: 0, limit: 100 },
): Promise<{ rows: OwnJob[]; total: number }> {
  const me = requireEmployer(ctx);
  const conds: SQL[] = [sql`j.company_id = ${me.companyId}`];
  if (f.status && f.status !== "all") conds.push(sql`j.status = ${f.status}`);
  const where = sql.join(conds, sql` and `);
  const [rows, count] = await Promise.all([
    ownJobsOf(
      ctx.db,
      sql`select ${jobSelectSql(COUNTS)} from jobs j join companies c on c.id = j.company_id
          where ${where}
          order by coalesce(j.submitted_at, j.created_at) desc, j.id desc
          limit ${paging.limit} offset ${paging.offset}`,
    ),
    rowsOf<{ n: number }>(ctx.db, sql`select count(*)::int as n from jobs j where ${where}`),
  ]);
  return { rows, total: Number(count[0]?.n ?? 0) };
}

async function ownRow(db: DbOrTx, companyId: string, id: string): Promise<OwnJob | null> {
  if (!isUuid(id)) return null;
  const [row] = await ownJobsOf(
    db,
    sql`select ${jobSelectSql(COUNTS)} from jobs j join companies c on c.id = j.company_id
        where j.id = ${id} and j.company_id = ${companyId}`,
  );
  return row ?? null;
}

/** One of the company's own jobs in any state, else null (another company's job does not exist). */
export async function findEmployerJob(ctx: Ctx, id: string): Promise<OwnJob | null> {
  const me = requireEmployer(ctx);
  return ownRow(ctx.db, me.companyId, id);
}

/**
 * GET /api/jobs/{id} for anyone: an employer sees its own job in any state (with the review
 * fields), other jobs only when public (getJob's rule); everyone else as getJob decides.
 */
export async function getJobForActor(
  ctx: Ctx,
  id: string,
): Promise<{ own: true; row: OwnJob } | { own: false; row: Job }> {
  if (ctx.actor?.role === "employer" && ctx.actor.companyId) {
    const row = await ownRow(ctx.db, ctx.actor.companyId, id);
    if (row) return { own: true, row };
  }
  return { own: false, row: await getJob(ctx, id) };
}

// ─── Submissions ────────────────────────────────────────────────────────────────────────────────

/** The company and the employer may submit one more job now, else 429 naming the limit. */
async function checkLimits(
  tx: DbOrTx,
  actorId: string,
  companyId: string,
  limits: EmployerLimits,
  addsPending: boolean,
): Promise<void> {
  // The lock serialises every submission of the company (and so of each of its accounts).
  await rowsOf(tx, sql`select id from companies where id = ${companyId} for update`);
  const [daily] = await rowsOf<{ n: number; retry: number | null }>(
    tx,
    sql`select count(*)::int as n,
          ceil(extract(epoch from (min(created_at) + interval '24 hours' - now())))::int as retry
        from audit_log
        where action = 'job.submit' and actor_id = ${actorId}
          and created_at > now() - interval '24 hours'`,
  );
  if (Number(daily?.n ?? 0) >= limits.maxDaily)
    throw new TooManyRequests(
      EMPLOYER_JOB_MSG.dailyLimit(limits.maxDaily),
      Math.max(1, Number(daily?.retry ?? 3600)),
    );
  if (!addsPending) return;
  const [pending] = await rowsOf<{ n: number }>(
    tx,
    sql`select count(*)::int as n from jobs j where j.company_id = ${companyId} and ${PENDING_SQL}`,
  );
  if (Number(pending?.n ?? 0) >= limits.maxPending)
    throw new TooManyRequests(EMPLOYER_JOB_MSG.pendingLimit(limits.maxPending), 3600);
}

/** The input's company (if any) must be the actor's; isApproved:true is refused. */
function checkInput(companyId: string, input: { company?: string; isApproved?: boolean }) {
  if (input.company !== undefined && input.company !== companyId)
    throw new Forbidden(EMPLOYER_JOB_MSG.otherCompany);
  if (input.isApproved === true) throw new Forbidden(EMPLOYER_JOB_MSG.noApproval);
}

const PENDING_STATE = { isApproved: false, declinedAt: null, declineReason: null } as const;

/** Creates a job for the employer's company: pending review, within the limits. */
export async function employerCreateJob(
  ctx: Ctx,
  input: JobCreateInput,
  limits: EmployerLimits,
): Promise<OwnJob> {
  const me = requireEmployer(ctx);
  checkInput(me.companyId, input);
  const cols = toNewJob({ ...input, company: me.companyId, isApproved: false });
  return ctx.db.transaction(async (tx) => {
    const closedOnCreate = input.status === "closed" || input.status === "inactive";
    await checkLimits(tx, me.id, me.companyId, limits, !closedOnCreate);
    const id = await insertJob(tx, {
      ...cols,
      ...PENDING_STATE,
      createdBy: me.id,
      submittedAt: new Date(),
    });
    await audit(tx, me, {
      action: "job.submit",
      entityType: "job",
      entityId: id,
      after: { ...input, company: me.companyId, isApproved: false, created: true },
    });
    return (await ownRow(tx, me.companyId, id))!;
  });
}

/** The fields whose change by an employer sends the job back to review: its content, not its status. */
const CONTENT_KEYS = [
  "title",
  "jobType",
  "location",
  "categories",
  "shortDescription",
  "description",
  "applicationDeadline",
  // The column table's input fields: the aviation fields, where Apply Now sends students and
  // what the job pays are reviewed like the rest.
  ...CONTENT_FIELD_KEYS,
];

/**
 * Edits an own job. A change of content or a reopening is a submission (pending again, limits
 * apply); closing alone keeps the review state. Returns the row and whether it was
 * submitted for review.
 */
export async function employerUpdateJob(
  ctx: Ctx,
  id: string,
  input: JobUpdateInput,
  limits: EmployerLimits,
): Promise<{ row: OwnJob; submitted: boolean }> {
  const me = requireEmployer(ctx);
  if (!isUuid(id)) throw new NotFound(JOB_MSG.notFound);
  return ctx.db.transaction(async (tx) => {
    const before = await lockJob(tx, id, me.companyId);
    if (!before) throw new NotFound(JOB_MSG.notFound);
    checkInput(me.companyId, input);
    const patch = toColumns({ ...input, company: undefined, isApproved: undefined });
    if (!Object.keys(patch).length) throw new ValidationError(JOB_MSG.emptyUpdate);
    const d = diff<Record<string, unknown>>(before, patch);
    const isClosed = (st: string) => st === "closed" || st === "inactive";
    // Reopening a closed job puts it before students again: it goes back through review like a
    // change of content (ADR 109), so a closed posting cannot be revived unreviewed.
    const reopened = isClosed(before.status) && !!patch.status && !isClosed(patch.status);
    const contentChanged = reopened || CONTENT_KEYS.some((k) => k in d.after);
    if (!Object.keys(d.after).length)
      return { row: (await ownRow(tx, me.companyId, id))!, submitted: false };
    const now = new Date();
    if (contentChanged) {
      const wasPending =
        !before.isApproved &&
        !before.declinedAt &&
        before.status !== "closed" &&
        before.status !== "inactive";
      const staysOpen =
        (patch.status ?? before.status) !== "closed" &&
        (patch.status ?? before.status) !== "inactive";
      await checkLimits(tx, me.id, me.companyId, limits, !wasPending && staysOpen);
    }
    await writeJob(tx, id, {
      ...patch,
      ...(contentChanged ? { ...PENDING_STATE, submittedAt: now } : {}),
      updatedAt: now,
    });
    await audit(tx, me, {
      action: contentChanged ? "job.submit" : "job.update",
      entityType: "job",
      entityId: id,
      before: contentChanged ? { ...d.before, isApproved: before.isApproved } : d.before,
      after: contentChanged ? { ...d.after, isApproved: false } : d.after,
    });
    return { row: (await ownRow(tx, me.companyId, id))!, submitted: contentChanged };
  });
}

/** Deletes an own job that is not approved (pending or declined); approved jobs are closed. */
export async function employerDeleteJob(
  ctx: Ctx,
  id: string,
): Promise<{ id: string; title: string }> {
  const me = requireEmployer(ctx);
  if (!isUuid(id)) throw new NotFound(JOB_MSG.notFound);
  return ctx.db.transaction(async (tx) => {
    const before = await lockJob(tx, id, me.companyId);
    if (!before) throw new NotFound(JOB_MSG.notFound);
    if (before.isApproved) throw new Conflict(EMPLOYER_JOB_MSG.approvedNotDeleted);
    await removeJob(tx, me, before);
    return { id, title: before.title };
  });
}
