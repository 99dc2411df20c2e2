/**
 * Reports of bad postings. A signed-in user reports a job they can see (the public
 * rule); one report per user and job (a repeat updates it). Open reports from AUTO_HIDE_REPORTERS
 * different users hide the job (`hidden_reason = 'reports'`) in the same transaction, with the
 * job's row locked so two last reports at once hide it once. Admins review a job's open reports:
 * dismissed (the job comes back if reports hid it) or upheld (the job leaves the board).
 */
import { sql } from "drizzle-orm";
import { rowsOf, type DbOrTx } from "#db/client";
import type { ReportReason, ReportResolution } from "#db/constants";
import { NotFound, Unauthorized, Conflict } from "~/lib/errors";
import { enforce } from "~/lib/rate-limit.server";
import { isUuid } from "~/lib/ids";
import { audit } from "../audit/audit.server";
import { type Ctx, requireAdmin } from "../context";
import { mailboxOf } from "../user/email";
import { isListed, JOB_MSG } from "./job.rules";
import type { Job } from "./job.server";
import {
  AUTO_HIDE_REPORTERS,
  REPORT_MSG,
  REPORT_WINDOW_SECONDS,
  REPORTS_PER_DAY,
  type ReportInput,
  type ReportStatus,
} from "./report.schema";
import {
  clearReportsHiding,
  hideJobForReports,
  lockJob,
  takeDownReportedJob,
} from "./write.server";

export interface ReportOutcome {
  /** False when the user had already reported this job (their report was updated). */
  created: boolean;
  /** Different users with an open report of the job (employers' reports are not counted). */
  reporters: number;
  /** True when this report hid the job. */
  hidden: boolean;
}

/**
 * Counts the different people with an open report of a job: one per mailbox (`runway_mailbox`, the
 * address without its `+tag`), so accounts that share one inbox — older ones the one-mailbox rule
 * let stay — count once. Employers' reports are kept and shown to admins but do not count: a
 * company's accounts must not be able to hide a competitor's posting.
 */
async function openReporters(tx: DbOrTx, jobId: string): Promise<number> {
  const [r] = await rowsOf<{ n: number }>(
    tx,
    sql`select count(distinct runway_mailbox(u.email))::int as n from job_reports r join users u on u.id = r.user_id
        where r.job_id = ${jobId} and r.resolved_at is null and u.role <> 'employer'`,
  );
  return Number(r?.n ?? 0);
}

/**
 * Reports a job (any signed-in user, a job they can see, else NotFound). `perDay` is the door's
 * limit (REPORTS_PER_DAY by default): past it, TooManyRequests.
 */
export async function reportJob(
  ctx: Ctx,
  jobId: string,
  input: ReportInput,
  opts: { perDay?: number } = {},
): Promise<ReportOutcome> {
  const actor = ctx.actor;
  if (!actor) throw new Unauthorized(REPORT_MSG.signIn);
  await enforce(
    ctx.db,
    {
      key: `job-report:${actor.id}`,
      max: opts.perDay ?? REPORTS_PER_DAY,
      windowSeconds: REPORT_WINDOW_SECONDS,
    },
    REPORT_MSG.tooMany,
  );
  return ctx.db.transaction(async (tx) => {
    const job = isUuid(jobId) ? await lockJob(tx, jobId) : null;
    if (!job || !isListed(job)) throw new NotFound(JOB_MSG.notFound);
    // xmax = 0 only on a freshly inserted row: tells a first report from a repeat in one statement.
    // A repeat keeps its date and, if an admin already resolved it, stays resolved (the same user
    // cannot re-open a dismissed report and hide the job again).
    const [row] = await rowsOf<{ inserted: boolean }>(
      tx,
      sql`insert into job_reports (job_id, user_id, reason, details)
          values (${job.id}, ${actor.id}, ${input.reason}, ${input.details ?? null})
          on conflict (job_id, user_id) do update set reason = excluded.reason, details = excluded.details
          returning (xmax = 0) as inserted`,
    );
    const reporters = await openReporters(tx, job.id);
    let hidden = false;
    if (reporters >= AUTO_HIDE_REPORTERS && job.hiddenReason === null) {
      await hideJobForReports(tx, job.id);
      hidden = true;
      await audit(tx, actor, {
        action: "job.hide",
        entityType: "job",
        entityId: job.id,
        before: { hiddenReason: null },
        after: { hiddenReason: "reports", reporters },
      });
    }
    return { created: !!row?.inserted, reporters, hidden };
  });
}

// ─── The admins' queue ──────────────────────────────────────────────────────────────────────────

export interface ReportLine {
  id: string;
  reason: ReportReason;
  details: string | null;
  createdAt: string;
  resolution: ReportResolution | null;
  resolvedAt: string | null;
  reporter: { id: string; name: string; email: string; role: string };
}

/** A job in the reports queue: the job's own fields and its reports, grouped. */
type ReportedJob = Pick<
  Job,
  "title" | "companyId" | "companyName" | "isApproved" | "status" | "hiddenReason"
> & {
  jobId: string;
  /** True when the job is hidden from the public (by reports or a blocked company). */
  hidden: boolean;
  /** Different users among the listed reports. */
  reporters: number;
  /** How many listed reports give each reason. */
  reasons: Partial<Record<ReportReason, number>>;
  firstReportedAt: string;
  reports: ReportLine[];
};

/** At most this many reports are read for one queue view (the queue is small in practice). */
const QUEUE_ROWS = 5000;

/**
 * The reports queue (admin): reports grouped by job, hidden jobs first, then most reporters, then
 * the oldest first report. `status` open (default), resolved or all.
 */
export async function listReportedJobs(
  ctx: Ctx,
  status: ReportStatus = "open",
): Promise<ReportedJob[]> {
  requireAdmin(ctx);
  const where =
    status === "open"
      ? sql`r.resolved_at is null`
      : status === "resolved"
        ? sql`r.resolved_at is not null`
        : sql`true`;
  const rows = await rowsOf<{
    id: string;
    job_id: string;
    reason: ReportReason;
    details: string | null;
    created_at: Date | string;
    resolution: ReportResolution | null;
    resolved_at: Date | string | null;
    user_id: string;
    first_name: string;
    last_name: string;
    email: string;
    role: string;
    title: string;
    company_id: string;
    company_name: string;
    is_approved: boolean;
    status: Job["status"];
    hidden_reason: Job["hiddenReason"];
  }>(
    ctx.db,
    sql`select r.id, r.job_id, r.reason, r.details, r.created_at, r.resolution, r.resolved_at,
               u.id as user_id, u.first_name, u.last_name, u.email, u.role,
               j.title, j.company_id, c.name as company_name, j.is_approved, j.status, j.hidden_reason
        from job_reports r
        join jobs j on j.id = r.job_id join companies c on c.id = j.company_id
        join users u on u.id = r.user_id
        where ${where}
        order by r.created_at asc, r.id asc limit ${QUEUE_ROWS}`,
  );
  const byJob = new Map<string, ReportedJob>();
  for (const r of rows) {
    let g = byJob.get(r.job_id);
    if (!g) {
      g = {
        jobId: r.job_id,
        title: r.title,
        companyId: r.company_id,
        companyName: r.company_name,
        isApproved: r.is_approved,
        status: r.status,
        hidden: r.hidden_reason !== null,
        hiddenReason: r.hidden_reason,
        reporters: 0,
        reasons: {},
        firstReportedAt: new Date(r.created_at).toISOString(),
        reports: [],
      };
      byJob.set(r.job_id, g);
    }
    g.reports.push({
      id: r.id,
      reason: r.reason,
      details: r.details,
      createdAt: new Date(r.created_at).toISOString(),
      resolution: r.resolution,
      resolvedAt: r.resolved_at ? new Date(r.resolved_at).toISOString() : null,
      reporter: {
        id: r.user_id,
        name: `${r.first_name} ${r.last_name}`.trim(),
        email: r.email,
        role: r.role,
      },
    });
    g.reasons[r.reason] = (g.reasons[r.reason] ?? 0) + 1;
  }
  const out = [...byJob.values()];
  // People, not accounts: one per mailbox, as openReporters counts them.
  for (const g of out)
    g.reporters = new Set(g.reports.map((r) => mailboxOf(r.reporter.email))).size;
  return out.sort(
    (a, b) =>
      Number(b.hidden) - Number(a.hidden) ||
      b.reporters - a.reporters ||
      a.firstReportedAt.localeCompare(b.firstReportedAt),
  );
}

/**
 * Closes a job's open reports (admin). Dismissed: the reports were wrong — a job hidden by reports
 * is shown again. Upheld: the posting was bad — it is taken off the board (unapproved and
 * inactive, so it is back in the approval queue only if someone edits and resubmits it) and the
 * reports' hiding is cleared (a company block stays). Audited; NotFound for an unknown job,
 * Conflict when it has no open report.
 */
export async function resolveReports(
  ctx: Ctx,
  jobId: string,
  resolution: ReportResolution,
): Promise<{ jobId: string; resolution: ReportResolution; reports: number }> {
  const admin = requireAdmin(ctx);
  return ctx.db.transaction(async (tx) => {
    const job = isUuid(jobId) ? await lockJob(tx, jobId) : null;
    if (!job) throw new NotFound(JOB_MSG.notFound);
    const closed = await rowsOf<{ id: string }>(
      tx,
      sql`update job_reports set resolved_at = now(), resolved_by = ${admin.id}, resolution = ${resolution}
          where job_id = ${job.id} and resolved_at is null returning id`,
    );
    if (!closed.length) throw new Conflict(REPORT_MSG.noOpenReports);
    const unhide = job.hiddenReason === "reports";
    const after: Record<string, unknown> = { resolution, reports: closed.length };
    const before: Record<string, unknown> = { hiddenReason: job.hiddenReason };
    if (resolution === "dismissed") {
      after.hiddenReason = unhide ? await clearReportsHiding(tx, job.id) : job.hiddenReason;
    } else {
      await takeDownReportedJob(tx, job.id, admin.id);
      Object.assign(before, { isApproved: job.isApproved, status: job.status });
      Object.assign(after, {
        isApproved: false,
        status: "inactive",
        hiddenReason: unhide ? null : job.hiddenReason,
      });
    }
    await audit(tx, admin, {
      action: "job.reports_resolve",
      entityType: "job",
      entityId: job.id,
      before,
      after,
    });
    return { jobId: job.id, resolution, reports: closed.length };
  });
}
