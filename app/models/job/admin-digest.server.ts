/**
 * The administrators' weekly digest (ADR 096): for each active administrator who has not
 * turned it off, once per week (weeks start Monday, UTC), the jobs they posted that close within
 * EXPIRING_WITHIN_DAYS and every job waiting for approval for more than PENDING_AFTER_DAYS. No cron:
 * a server timer runs it; the week is claimed in `admin_digests` in the same transaction that
 * queues the mail, so two instances or a restart never send a week twice. Nothing to say: no mail
 * (the week is still marked as done).
 */
import { startPeriodic } from "~/lib/periodic";
import { eq, sql } from "drizzle-orm";
import { rowsOf, type Db } from "#db/client";
import { users } from "#db/schema";
import { requireAdmin, type Ctx } from "../context";
import { enqueueMail } from "../mail/mail.server";
import { setAdminDigestOptOut } from "../user/writes.server";
import { formatDate } from "~/lib/datetime";
import { deadlineLabel } from "./job.schema";
import type { Job } from "./job.server";

export const EXPIRING_WITHIN_DAYS = 7;
export const PENDING_AFTER_DAYS = 3;
/** At most this many jobs are named per list; the rest are counted. */
export const DIGEST_LIST_MAX = 20;
const HOUR_MS = 3_600_000;

export interface AdminDigestConfig {
  publicUrl: string;
  collegeName: string;
  /** The college's clock for the dates in the mail (`COLLEGE_TIMEZONE`); UTC when absent. */
  timeZone?: string;
}

/** The Monday (UTC) that starts the week of `now`, as YYYY-MM-DD. */
export function weekOf(now: Date): string {
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7));
  return d.toISOString().slice(0, 10);
}

/** A job in the admins' digest: when it closes or was posted, and how many the list has in all. */
type DigestJob = Pick<Job, "id" | "title" | "companyName"> & { at: Date | string; total: number };

const list = (rows: DigestJob[], line: (j: DigestJob) => string) => {
  const total = Number(rows[0]?.total ?? 0);
  const more = total - rows.length;
  return [...rows.map(line), ...(more > 0 ? [`…and ${more} more.`] : [])];
};

function digestMail(
  cfg: AdminDigestConfig,
  admin: { email: string; first_name: string },
  expiring: DigestJob[],
  pending: DigestJob[],
) {
  const nExpiring = Number(expiring[0]?.total ?? 0);
  const nPending = Number(pending[0]?.total ?? 0);
  const parts = [
    nExpiring ? `${nExpiring} closing soon` : null,
    nPending ? `${nPending} waiting for approval` : null,
  ].filter(Boolean);
  const text = [
    `Hello ${admin.first_name},`,
    "",
    ...(nExpiring
      ? [
          `Jobs you posted that stop taking applications in the next ${EXPIRING_WITHIN_DAYS} days:`,
          ...list(
            expiring,
            (j) =>
              `- ${j.title} — ${j.companyName}, closes ${deadlineLabel(j.at, cfg.timeZone ?? "UTC")}: ${cfg.publicUrl}/jobs/${j.id}`,
          ),
          "",
        ]
      : []),
    ...(nPending
      ? [
          `Jobs waiting for approval for more than ${PENDING_AFTER_DAYS} days:`,
          ...list(
            pending,
            (j) =>
              `- ${j.title} — ${j.companyName}, posted ${formatDate(j.at, cfg.timeZone ?? "UTC")}`,
          ),
          `Review them: ${cfg.publicUrl}/admin/jobs?approval=pending`,
          "",
        ]
      : []),
    `This digest comes once a week. To stop it, untick "Weekly digest" on your profile: ${cfg.publicUrl}/profile`,
  ].join("\n");
  return {
    to: admin.email,
    subject: `${cfg.collegeName} Runway this week: ${parts.join(", ")}`,
    template: "admin_digest",
    text,
  };
}

/**
 * Sends this week's digest to every administrator who is due (active, not opted out, week not yet
 * claimed). Returns how many were claimed and how many mails were queued.
 */
export async function runAdminDigests(
  db: Db,
  opts: { config: AdminDigestConfig; now?: Date },
): Promise<{ claimed: number; sent: number }> {
  const now = opts.now ?? new Date();
  const week = weekOf(now);
  const due = await rowsOf<{ id: string; email: string; first_name: string }>(
    db,
    sql`select u.id, u.email, u.first_name from users u
        where u.role = 'admin' and u.is_active and not u.admin_digest_opt_out
          and not exists (select 1 from admin_digests d where d.user_id = u.id and d.week = ${week}::date)
        order by u.id`,
  );
  let claimed = 0;
  let sent = 0;
  for (const admin of due) {
    const r = await db.transaction(async (tx) => {
      const expiring = await rowsOf<DigestJob>(
        tx,
        sql`select j.id, j.title, c.name as "companyName", j.application_deadline as at,
                   count(*) over ()::int as total
            from jobs j join companies c on c.id = j.company_id
            where j.created_by = ${admin.id} and j.is_approved and j.status = 'active'
              and j.application_deadline > ${now.toISOString()}::timestamptz
              and j.application_deadline <= ${new Date(now.getTime() + EXPIRING_WITHIN_DAYS * 24 * HOUR_MS).toISOString()}::timestamptz
            order by j.application_deadline, j.id limit ${DIGEST_LIST_MAX}`,
      );
      const pending = await rowsOf<DigestJob>(
        tx,
        sql`select j.id, j.title, c.name as "companyName", j.created_at as at,
                   count(*) over ()::int as total
            from jobs j join companies c on c.id = j.company_id
            where not j.is_approved
              and j.created_at <= ${new Date(now.getTime() - PENDING_AFTER_DAYS * 24 * HOUR_MS).toISOString()}::timestamptz
            order by j.created_at, j.id limit ${DIGEST_LIST_MAX}`,
      );
      const nExpiring = Number(expiring[0]?.total ?? 0);
      const nPending = Number(pending[0]?.total ?? 0);
      const got = await rowsOf<{ user_id: string }>(
        tx,
        sql`insert into admin_digests (user_id, week, expiring, pending)
            values (${admin.id}, ${week}::date, ${nExpiring}, ${nPending})
            on conflict do nothing returning user_id`,
      );
      if (!got.length) return "taken" as const; // another instance did this week
      if (!nExpiring && !nPending) return "empty" as const;
      await enqueueMail(tx, digestMail(opts.config, admin, expiring, pending));
      return "sent" as const;
    });
    if (r !== "taken") claimed++;
    if (r === "sent") sent++;
  }
  return { claimed, sent };
}

/** The server's timer: a run at start-up (after a minute) and every hour; stop waits for a run. */
export function startAdminDigestWorker(
  getDb: () => Promise<Db>,
  opts: { config: () => AdminDigestConfig; log?: (line: string) => void; intervalMs?: number },
): () => Promise<void> {
  return startPeriodic(
    "admin digest",
    async () => {
      const r = await runAdminDigests(await getDb(), { config: opts.config() });
      return r.sent ? `${r.sent} queued` : null;
    },
    { intervalMs: opts.intervalMs ?? HOUR_MS, firstAfterMs: 60_000, log: opts.log },
  );
}

/** Whether the acting administrator gets the weekly digest. */
export async function adminDigestEnabled(ctx: Ctx): Promise<boolean> {
  const admin = requireAdmin(ctx);
  const [u] = await ctx.db
    .select({ optOut: users.adminDigestOptOut })
    .from(users)
    .where(eq(users.id, admin.id));
  return !u?.optOut;
}

/** Turns the acting administrator's weekly digest on or off (their own setting only). */
export async function setAdminDigest(ctx: Ctx, enabled: boolean): Promise<void> {
  const admin = requireAdmin(ctx);
  await setAdminDigestOptOut(ctx.db, admin.id, !enabled);
}
