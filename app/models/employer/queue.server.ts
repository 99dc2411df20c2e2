/**
 * The admins' approval queue (ADR 104): jobs waiting for review, oldest submission first
 * (`coalesce(submitted_at, created_at)`, index jobs_pending_queue_idx), each with its company, the
 * account that submitted it and that account's trust signal.
 */
import { sql } from "drizzle-orm";
import { z } from "zod";
import { type DbOrTx, parsedRows } from "#db/client";
import { numeric, time } from "~/lib/rows";
import { type Ctx, requireAdmin } from "../context";
import type { Paging } from "../job/job.server";
import { isFreeMailAddress } from "./domain.server";
import { PENDING_SQL } from "./jobs.server";

/** What an admin reads about who submitted a job (computed, never typed by the employer). */
export type TrustSignal = "Verified" | "Domain verified" | "Free mail" | "Unverified" | "Staff";

/**
 * The signal of a submitting account: an admin's manual verification first, then the computed
 * domain match, then a free-mail address; jobs created by staff (admins) say so.
 */
export function trustSignal(u: {
  role: string | null;
  email: string | null;
  domain_verified: boolean | null;
  employer_verified_at: Date | string | null;
}): TrustSignal {
  if (u.role !== "employer") return "Staff";
  if (u.employer_verified_at) return "Verified";
  if (u.domain_verified) return "Domain verified";
  if (isFreeMailAddress(u.email)) return "Free mail";
  return "Unverified";
}

/** A row of the queue's query, parsed once here (dates as Date). */
const queueRow = z.object({
  id: z.string(),
  title: z.string(),
  company_id: z.string(),
  company_name: z.string(),
  company_website: z.string().nullable(),
  queued_at: time,
  role: z.string().nullable(),
  email: z.string().nullable(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  domain_verified: z.boolean().nullable(),
  employer_verified_at: time.nullable(),
});

const countRow = z.object({ n: numeric });

/**
 * What the approval queue holds: pending jobs (PENDING_SQL) except those hidden by reports, which
 * wait in the reports queue (/admin/reports) instead — an admin decides on the reports first.
 */
const QUEUE_SQL = sql`${PENDING_SQL} and j.hidden_reason is distinct from 'reports'`;

/**
 * How many jobs the approval queue holds: the one count behind the queue's tab and the admin
 * dashboard's Pending Approval card.
 */
export async function approvalQueueCount(db: DbOrTx): Promise<number> {
  const [c] = await parsedRows(
    db,
    countRow,
    sql`select count(*)::int as n from jobs j where ${QUEUE_SQL}`,
  );
  return c?.n ?? 0;
}

/** Pending jobs, oldest first (admin). */
export async function listApprovalQueue(ctx: Ctx, paging: Paging = { offset: 0, limit: 50 }) {
  requireAdmin(ctx);
  const [rows, total] = await Promise.all([
    parsedRows(
      ctx.db,
      queueRow,
      sql`select j.id, j.title, j.company_id, c.name as company_name,
          c.website as company_website, coalesce(j.submitted_at, j.created_at) as queued_at,
          u.role, u.email, u.first_name, u.last_name, u.domain_verified, u.employer_verified_at
        from jobs j join companies c on c.id = j.company_id left join users u on u.id = j.created_by
        where ${QUEUE_SQL}
        order by coalesce(j.submitted_at, j.created_at) asc, j.id asc
        limit ${paging.limit} offset ${paging.offset}`,
    ),
    approvalQueueCount(ctx.db),
  ]);
  return {
    total,
    items: rows.map((r) => ({
      id: r.id,
      title: r.title,
      companyId: r.company_id,
      companyName: r.company_name,
      companyWebsite: r.company_website,
      submittedAt: r.queued_at.toISOString(),
      submitter: r.email
        ? { name: `${r.first_name ?? ""} ${r.last_name ?? ""}`.trim(), email: r.email }
        : null,
      signal: trustSignal(r),
    })),
  };
}
