/**
 * Saved jobs (bookmarks) and 'My applications' (the Apply Now clicks Runway records) for students
 * and alumni (ADR 096). Both lists keep every line: a job that closed is marked closed,
 * a job an admin deleted is marked removed and keeps its title and company (copied by deleteJob).
 */
import { and, eq, sql, type SQL } from "drizzle-orm";
import { rowsOf } from "#db/client";
import { savedJobs } from "#db/schema";
import { Forbidden, NotFound } from "~/lib/errors";
import { isUuid } from "~/lib/ids";
import type { Ctx, Actor } from "../context";
import { JOB_MSG } from "./job.schema";
import { getJob, publicJobSql, type Job } from "./job.server";

export const SAVED_MSG = {
  membersOnly: "Saved jobs and applications are for students and alumni.",
  saved: "Job saved.",
  removed: "Removed from your saved jobs.",
} as const;

/** Open: on the board; closed: still there but not taking applications or hidden; removed: deleted. */
export type JobState = "open" | "closed" | "removed";

/** Students and alumni only; the acting member. */
function requireMember(ctx: Ctx): Actor {
  const a = ctx.actor;
  if (!a) throw new Forbidden(SAVED_MSG.membersOnly);
  if (a.role !== "student" && a.role !== "alumni") throw new Forbidden(SAVED_MSG.membersOnly);
  return a;
}

/** Saves a job the member can see (idempotent). `created` is false when it was already saved. */
export async function saveJob(ctx: Ctx, jobId: string): Promise<{ created: boolean }> {
  const me = requireMember(ctx);
  if (!isUuid(jobId)) throw new NotFound(JOB_MSG.notFound);
  await getJob(ctx, jobId); // NotFound for unknown or hidden jobs
  const rows = await ctx.db
    .insert(savedJobs)
    .values({ userId: me.id, jobId })
    .onConflictDoNothing()
    .returning({ id: savedJobs.id });
  return { created: rows.length > 0 };
}

/** Removes a saved job (idempotent: removing what is not saved is fine). */
export async function unsaveJob(ctx: Ctx, jobId: string): Promise<void> {
  const me = requireMember(ctx);
  if (!isUuid(jobId)) return;
  await ctx.db
    .delete(savedJobs)
    .where(and(eq(savedJobs.userId, me.id), eq(savedJobs.jobId, jobId)));
}

/** Of the given jobs, the ids the actor saved (for the bookmark buttons); empty for non-members. */
export async function savedAmong(ctx: Ctx, jobIds: string[]): Promise<string[]> {
  const a = ctx.actor;
  const ids = jobIds.filter(isUuid);
  if (!a || (a.role !== "student" && a.role !== "alumni") || !ids.length) return [];
  const rows = await rowsOf<{ job_id: string }>(
    ctx.db,
    sql`select job_id from saved_jobs where user_id = ${a.id}
        and job_id in (${sql.join(
          ids.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})`,
  );
  return rows.map((r) => r.job_id);
}

type LineRow = {
  job_id: string | null;
  title: string | null;
  company_name: string | null;
  location: string | null;
  state: JobState;
  at: Date | string;
};

/** A saved or applied line: the job's title, company and location (copies once it is deleted). */
/** One line of 'Saved jobs' or 'My applications' (`jobId` null once the job is removed). */
export type MyJobLine = Pick<Job, "title" | "companyName" | "location"> & {
  jobId: string | null;
  state: JobState;
  /** When it was saved, or when Apply Now was clicked. */
  at: string;
};

const line = (r: LineRow): MyJobLine => ({
  jobId: r.job_id,
  title: r.title ?? "",
  companyName: r.company_name ?? "",
  location: r.location,
  state: r.state,
  at: new Date(r.at).toISOString(),
});

const STATE = sql`case when j.id is null then 'removed' when ${publicJobSql()} then 'open' else 'closed' end`;

/**
 * A member's lines from a table that keeps each job's title and company name (so a removed job
 * still has a line): `filter` narrows the rows of `x` beyond the member, `order` sorts them.
 */
async function memberLines(
  ctx: Ctx,
  table: "saved_jobs" | "job_interactions",
  filter: SQL,
  order: SQL,
  limit: number,
): Promise<MyJobLine[]> {
  const me = requireMember(ctx);
  const rows = await rowsOf<LineRow>(
    ctx.db,
    sql`select x.job_id, coalesce(j.title, x.job_title) as title,
               coalesce(c.name, x.company_name) as company_name, j.location,
               ${STATE} as state, x.created_at as at
        from ${sql.raw(table)} x left join jobs j on j.id = x.job_id
        left join companies c on c.id = j.company_id
        where x.user_id = ${me.id}${filter}
        order by ${order} limit ${limit}`,
  );
  return rows.map(line);
}

/** The member's saved jobs, newest first (at most `limit`). */
export function listSavedJobs(ctx: Ctx, limit = 200): Promise<MyJobLine[]> {
  return memberLines(ctx, "saved_jobs", sql``, sql`x.created_at desc, x.id desc`, limit);
}

/** The member's Apply Now history, newest first (at most `limit`). */
export function listApplications(ctx: Ctx, limit = 200): Promise<MyJobLine[]> {
  return memberLines(
    ctx,
    "job_interactions",
    sql` and x.kind = 'apply'`,
    sql`x.created_at desc`,
    limit,
  );
}
