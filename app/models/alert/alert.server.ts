/**
 * Job alerts (ADR 095): saved board searches, owned by one student or alumnus, and the
 * digests that mail what is new for each.
 *
 * Matching is the board's own rule (`jobMatchConditions` + the visibility rule of job.server.ts).
 * "New" means first published (jobs.published_at, set by a trigger whenever a job first becomes
 * approved and active, whichever door did it) inside the alert's window: after its `watermark`
 * and up to the run's end. A sender locks the due alerts (SKIP LOCKED, due-ness re-checked on the
 * locked row), computes their digests, moves each watermark to the end and queues the mail in ONE
 * transaction: two senders never mail the same window, a crash before the commit leaves the window
 * to the next run, and a restart cannot mail it again.
 */
import { startPeriodic } from "~/lib/periodic";
import { and, desc, eq, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import { type Db, type DbOrTx, isPglite, parsedRows, yieldToOthers } from "#db/client";
import { ALERT_FREQUENCIES, JOB_TYPES, type AlertFrequency } from "#db/constants";
import { jobAlerts } from "#db/schema";
import { Conflict, Forbidden, NotFound, Unauthorized, ValidationError } from "~/lib/errors";
import { JOB_TYPE_LABELS } from "~/lib/format";
import { isUuid } from "~/lib/ids";
import { hmac, safeEqual } from "../auth/tokens.server";
import type { Actor, Ctx } from "../context";
import { idRow, numeric, time } from "~/lib/rows";
import { jobMatchConditions, publicJobSql, type Job } from "../job/job.server";
import { enqueueMany, type MailMessage } from "../mail/mail.server";
import {
  ALERTS_PER_USER_MAX,
  ALERT_MSG,
  DIGEST_MAX_JOBS,
  DIGEST_MAX_PER_COMPANY,
  alertSearchPath,
  describeAlert,
  type AlertInput,
  type AlertPatch,
  type AlertRecord,
} from "./alert.schema";

// ─── Rows ───────────────────────────────────────────────────────────────────────────────────────

export type AlertRow = typeof jobAlerts.$inferSelect;

/** A timestamp parameter both drivers accept (postgres.js does not bind a Date in raw SQL). */
const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;

/** The /api and screen view of an alert. */
export function serializeAlert(r: AlertRow): AlertRecord {
  const search = { q: r.q, jobType: r.jobType, location: r.location, category: r.category };
  return {
    _id: r.id,
    id: r.id,
    name: r.name,
    ...search,
    frequency: r.frequency,
    searchUrl: alertSearchPath(search),
    lastSentAt: r.lastSentAt?.toISOString() ?? null,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

// ─── Ownership ──────────────────────────────────────────────────────────────────────────────────

/** Students and alumni keep alerts; admins see every job in Manage Jobs already (ADR 095). */
function requireAlertOwner(ctx: Ctx): Actor {
  if (!ctx.actor) throw new Unauthorized("Authentication required");
  if (ctx.actor.role !== "student" && ctx.actor.role !== "alumni")
    throw new Forbidden(ALERT_MSG.studentsOnly);
  return ctx.actor;
}

async function ownAlert(db: DbOrTx, actor: Actor, id: string, lock = false): Promise<AlertRow> {
  if (!isUuid(id)) throw new NotFound(ALERT_MSG.notFound);
  // Another user's alert is indistinguishable from an unknown one.
  const q = db
    .select()
    .from(jobAlerts)
    .where(and(eq(jobAlerts.id, id), eq(jobAlerts.userId, actor.id)));
  const [row] = await (lock ? q.for("update") : q);
  if (!row) throw new NotFound(ALERT_MSG.notFound);
  return row;
}

// ─── CRUD ───────────────────────────────────────────────────────────────────────────────────────

/** The signed-in student's or alumnus's alerts, newest first. */
export async function listAlerts(ctx: Ctx): Promise<AlertRecord[]> {
  const actor = requireAlertOwner(ctx);
  const rows = await ctx.db
    .select()
    .from(jobAlerts)
    .where(eq(jobAlerts.userId, actor.id))
    .orderBy(desc(jobAlerts.createdAt), desc(jobAlerts.id));
  return rows.map(serializeAlert);
}

/** One of the actor's alerts, else NotFound. */
export async function getAlert(ctx: Ctx, id: string): Promise<AlertRecord> {
  const actor = requireAlertOwner(ctx);
  return serializeAlert(await ownAlert(ctx.db, actor, id));
}

/** Saves a search as an alert (at most ALERTS_PER_USER_MAX per person). */
export async function createAlert(ctx: Ctx, input: AlertInput): Promise<AlertRecord> {
  const actor = requireAlertOwner(ctx);
  return ctx.db.transaction(async (tx) => {
    // The user's row is the lock that keeps two simultaneous saves from passing the limit together.
    await tx.execute(sql`select id from users where id = ${actor.id} for update`);
    const n = await tx.$count(jobAlerts, eq(jobAlerts.userId, actor.id));
    if (n >= ALERTS_PER_USER_MAX) throw new Conflict(ALERT_MSG.tooMany);
    const [created] = await tx
      .insert(jobAlerts)
      .values({
        userId: actor.id,
        name: input.name,
        q: input.q,
        jobType: input.jobType,
        location: input.location,
        category: input.category,
        frequency: input.frequency,
      })
      .returning({ id: jobAlerts.id });
    return serializeAlert(await ownAlert(tx, actor, created.id));
  });
}

/**
 * Changes any subset of an alert's fields. Resuming a paused alert starts its window now: the
 * jobs published while it was off are not mailed in one burst (ADR 095).
 */
export async function updateAlert(ctx: Ctx, id: string, patch: AlertPatch): Promise<AlertRecord> {
  const actor = requireAlertOwner(ctx);
  if (!Object.keys(patch).length) throw new ValidationError(ALERT_MSG.emptyUpdate);
  return ctx.db.transaction(async (tx) => {
    const before = await ownAlert(tx, actor, id, true);
    const resumed = before.frequency === "off" && patch.frequency && patch.frequency !== "off";
    const set: SQL[] = [sql`updated_at = now()`];
    if (patch.name !== undefined) set.push(sql`name = ${patch.name}`);
    if (patch.q !== undefined) set.push(sql`q = ${patch.q}`);
    if (patch.jobType !== undefined) set.push(sql`job_type = ${patch.jobType}`);
    if (patch.location !== undefined) set.push(sql`location = ${patch.location}`);
    if (patch.category !== undefined) set.push(sql`category = ${patch.category}`);
    if (patch.frequency !== undefined) set.push(sql`frequency = ${patch.frequency}`);
    if (resumed) set.push(sql`watermark = greatest(watermark, now())`);
    await tx.execute(
      sql`update job_alerts set ${sql.join(set, sql`, `)} where id = ${id} and user_id = ${actor.id}`,
    );
    return serializeAlert(await ownAlert(tx, actor, id));
  });
}

/** Deletes one of the actor's alerts. */
export async function deleteAlert(ctx: Ctx, id: string): Promise<{ id: string; name: string }> {
  const actor = requireAlertOwner(ctx);
  const row = await ownAlert(ctx.db, actor, id);
  await ctx.db.execute(sql`delete from job_alerts where id = ${id} and user_id = ${actor.id}`);
  return { id, name: row.name };
}

// ─── Unsubscribe (signed link, works signed out) ────────────────────────────────────────────────

/**
 * What digests are built with: Runway's public origin (links) and the secret that signs the
 * unsubscribe links (SESSION_SECRET). The doors hand it in; models never read the environment.
 */
export interface AlertMailConfig {
  publicUrl: string;
  secret: string;
}

/** The unsubscribe token of an alert: an HMAC of its id under the session secret (no state). */
export function unsubscribeToken(secret: string, alertId: string): string {
  return hmac(secret, `job-alert-unsubscribe:${alertId}`).slice(0, 43);
}

/** The one-click unsubscribe address of an alert (GET shows a confirmation, POST unsubscribes). */
export function unsubscribeUrl(cfg: AlertMailConfig, alertId: string): string {
  const p = new URLSearchParams({ alert: alertId, token: unsubscribeToken(cfg.secret, alertId) });
  return `${cfg.publicUrl}/alerts/unsubscribe?${p}`;
}

/** The alert a signed link names, or NotFound when the link is not valid (or the alert is gone). */
export async function alertForUnsubscribe(
  db: Db,
  secret: string,
  alertId: unknown,
  token: unknown,
): Promise<{ id: string; name: string; frequency: AlertFrequency }> {
  if (
    !isUuid(alertId) ||
    typeof token !== "string" ||
    !safeEqual(token, unsubscribeToken(secret, alertId))
  )
    throw new NotFound(ALERT_MSG.badLink);
  const [row] = await db
    .select({ id: jobAlerts.id, name: jobAlerts.name, frequency: jobAlerts.frequency })
    .from(jobAlerts)
    .where(eq(jobAlerts.id, alertId));
  if (!row) throw new NotFound(ALERT_MSG.badLink);
  return row;
}

/** Pauses the alert a signed link names (idempotent); the alert stays on 'My alerts'. */
export async function unsubscribeAlert(
  db: Db,
  secret: string,
  alertId: unknown,
  token: unknown,
): Promise<{ id: string; name: string }> {
  const a = await alertForUnsubscribe(db, secret, alertId, token);
  await db.execute(
    sql`update job_alerts set frequency = 'off', updated_at = now() where id = ${a.id}`,
  );
  return { id: a.id, name: a.name };
}

// ─── Digests ────────────────────────────────────────────────────────────────────────────────────

/** One job in a digest: the job's own fields, its company's name and when it was published. */
type DigestJob = Pick<Job, "id" | "title" | "location" | "jobType"> & {
  company: string;
  publishedAt: Date;
};

export interface Digest {
  alertId: string;
  /** Every new match in the window (the digest lists at most DIGEST_MAX_JOBS of them). */
  total: number;
  jobs: DigestJob[];
}

/** What a digest needs to know about its alert and owner. */
const dueAlertRow = z.object({
  id: z.string(),
  name: z.string(),
  q: z.string(),
  job_type: z.enum(JOB_TYPES).nullable(),
  location: z.string().nullable(),
  category: z.string().nullable(),
  frequency: z.enum(ALERT_FREQUENCIES),
  watermark: time,
  email: z.string(),
  first_name: z.string(),
});
/** An alert a run mails, with where and to whom. */
export type DueAlert = z.infer<typeof dueAlertRow>;

/** An alert's search, as the board reads it. */
const searchOf = (a: DueAlert) => ({
  q: a.q,
  jobType: a.job_type,
  location: a.location,
  category: a.category,
});

/** The filters of an alert, as one key (alerts with the same search share one match). */
const filterKey = (a: DueAlert) => JSON.stringify([a.q, a.job_type, a.location, a.category]);

/**
 * The digests of `alerts` for the window (alert.watermark, end]: per alert the new public jobs that
 * match its search, newest first, at most DIGEST_MAX_PER_COMPANY per company and DIGEST_MAX_JOBS
 * in all. One statement per batch: the window's jobs are read once (published-date index), each
 * distinct search of the batch applies the board's match rule to them (SQL), and the per-alert
 * window start and caps are applied here to the ordered matches.
 */
export async function computeDigests(
  db: DbOrTx,
  alerts: DueAlert[],
  end: Date,
): Promise<Map<string, Digest>> {
  const out = new Map<string, Digest>();
  if (!alerts.length) return out;
  const since = new Date(Math.min(...alerts.map((a) => a.watermark.getTime())));
  const keys = new Map<string, { k: number; alert: DueAlert }>();
  for (const a of alerts)
    if (!keys.has(filterKey(a))) keys.set(filterKey(a), { k: keys.size, alert: a });
  const branches = [...keys.values()].map(({ k, alert: a }) => {
    const conds = jobMatchConditions(searchOf(a), "n");
    return sql`select ${sql.raw(String(k))} as k, n.i from n where ${
      conds.length ? sql.join(conds, sql` and `) : sql`true`
    }`;
  });
  // Two kinds of row: a job of the window (k null), or the hits of one search (k set).
  const rows = await parsedRows(
    db,
    z.union([
      z.object({
        k: z.null(),
        i: numeric,
        id: z.string(),
        title: z.string(),
        company_id: z.string(),
        company_name: z.string(),
        location: z.string().nullable(),
        job_type: z.enum(JOB_TYPES),
        published_at: time,
      }),
      z.object({ k: numeric, hits: z.union([z.array(numeric), z.string()]) }),
    ]),
    sql`with n as materialized (
          select row_number() over (order by j.published_at desc, j.id desc)::int as i,
                 j.id, j.company_id, j.published_at, j.search_vector, j.job_type, j.location, j.categories
          from jobs j
          where ${publicJobSql()} and j.published_at > ${ts(since)} and j.published_at <= ${ts(end)}
        ),
        m as (${sql.join(branches, sql` union all `)})
        select null::int as k, n.i, null::int[] as hits, n.id, j.title, n.company_id,
               c.name as company_name, n.location, n.job_type, n.published_at
        from n join jobs j on j.id = n.id join companies c on c.id = n.company_id
        union all
        select m.k, null, array_agg(m.i order by m.i), null, null, null, null, null, null, null
        from m group by m.k`,
  );
  const jobs = new Map<number, DigestJob & { companyId: string }>();
  const hitsByKey = new Map<number, number[]>();
  for (const r of rows) {
    if (r.k === null)
      jobs.set(r.i, {
        id: r.id,
        title: r.title,
        company: r.company_name,
        companyId: r.company_id,
        location: r.location,
        jobType: r.job_type,
        publishedAt: r.published_at,
      });
    else hitsByKey.set(r.k, intArray(r.hits));
  }
  for (const a of alerts) {
    const hits = hitsByKey.get(keys.get(filterKey(a))!.k) ?? [];
    const from = a.watermark.getTime();
    const perCompany = new Map<string, number>();
    const digest: Digest = { alertId: a.id, total: 0, jobs: [] };
    // `hits` is in the window's order: newest first.
    for (const i of hits) {
      const j = jobs.get(i);
      if (!j || j.publishedAt.getTime() <= from) continue;
      digest.total++;
      const n = perCompany.get(j.companyId) ?? 0;
      if (digest.jobs.length >= DIGEST_MAX_JOBS || n >= DIGEST_MAX_PER_COMPANY) continue;
      perCompany.set(j.companyId, n + 1);
      const { companyId: _c, ...job } = j;
      digest.jobs.push(job);
    }
    if (digest.total) out.set(a.id, digest);
  }
  return out;
}

/** An int[] from either driver (an array, or PostgreSQL's text form `{1,2,3}`). */
function intArray(v: number[] | string): number[] {
  if (Array.isArray(v)) return v;
  const inner = v.replace(/^\{|\}$/g, "");
  return inner ? inner.split(",").map(Number) : [];
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** The digest e-mail of one alert: text, the RFC 8058 one-click unsubscribe headers. */
export function digestMail(alert: DueAlert, digest: Digest, cfg: AlertMailConfig): MailMessage {
  const unsubscribe = unsubscribeUrl(cfg, alert.id);
  const board = `${cfg.publicUrl}${alertSearchPath(searchOf(alert))}`;
  const jobs = digest.jobs.map((j) =>
    [
      `• ${j.title} — ${j.company}`,
      `  ${[j.location, JOB_TYPE_LABELS[j.jobType] ?? j.jobType].filter(Boolean).join(" · ")}`,
      `  ${cfg.publicUrl}/jobs/${j.id}`,
    ].join("\n"),
  );
  const more =
    digest.total > digest.jobs.length
      ? `\n${plural(digest.total - digest.jobs.length, "more new job")} on the board.`
      : "";
  const text = [
    `Hello ${alert.first_name},`,
    "",
    `${plural(digest.total, "new job")} ${digest.total === 1 ? "matches" : "match"} your alert “${alert.name}” (${describeAlert(
      { ...searchOf(alert), jobType: alert.job_type ? JOB_TYPE_LABELS[alert.job_type] : null },
    )}):`,
    "",
    jobs.join("\n\n"),
    more,
    `See all matches on the board: ${board}`,
    `Never pay to apply. How to spot a fake job: ${cfg.publicUrl}/stay-safe`,
    "",
    `Manage your alerts: ${cfg.publicUrl}/alerts`,
    `Stop e-mails for this alert: ${unsubscribe}`,
    "",
    "— Runway",
  ].join("\n");
  return {
    to: alert.email,
    subject: `${plural(digest.total, "new job")} for “${alert.name}”`,
    text,
    template: "job_alert",
    notice: `job alert “${alert.name}”: ${digest.total} new`,
    headers: {
      "List-Unsubscribe": `<${unsubscribe}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
      "List-Id": `Runway job alert <${alert.id}.alerts.runway>`,
    },
  };
}

// ─── The run ────────────────────────────────────────────────────────────────────────────────────

export interface RunOptions {
  /** Every active alert is due, whatever its frequency (`runway alerts run --now`). */
  force?: boolean;
  /** Alerts locked, computed and queued per transaction. */
  batchSize?: number;
  /**
   * The window ends this long before the run: a job published by a transaction that has not yet
   * committed (its published_at is earlier than its commit) still falls into the next window.
   */
  settleMs?: number;
  config: AlertMailConfig;
  /** Stops between batches (shutdown). */
  shouldStop?: () => boolean;
}

export interface RunResult {
  /** Alerts whose window this run closed (claimed). */
  checked: number;
  /** Digests queued. */
  sent: number;
}

export const ALERT_BATCH = 500;
export const SETTLE_MS = 10_000;

/** A list of uuid parameters for `in (…)`. */
const uuidList = (ids: string[]) =>
  sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );

/** The due rule: daily after a day, weekly after seven, never when off; `force`: any active. */
const dueSql = (force: boolean) =>
  force
    ? sql`a.frequency <> 'off'`
    : sql`((a.frequency = 'daily' and a.watermark <= now() - interval '1 day')
          or (a.frequency = 'weekly' and a.watermark <= now() - interval '7 days'))`;

/**
 * Closes the window of every due alert and queues a digest for each that has new matches. Safe to
 * run from several processes at once and again after a crash (see the file's comment).
 */
export async function runDueAlerts(db: Db, opts: RunOptions): Promise<RunResult> {
  const force = opts.force ?? false;
  const batch = Math.max(1, opts.batchSize ?? ALERT_BATCH);
  const cfg = opts.config;
  const result: RunResult = { checked: 0, sent: 0 };
  const [{ end: windowEnd }] = await parsedRows(
    db,
    z.object({ end: time }),
    sql`select now() - make_interval(secs => ${(opts.settleMs ?? SETTLE_MS) / 1000}) as end`,
  );
  let after = "00000000-0000-0000-0000-000000000000";
  for (;;) {
    if (opts.shouldStop?.()) break;
    const candidates = await parsedRows(
      db,
      idRow,
      sql`select a.id from job_alerts a join users u on u.id = a.user_id
          where u.is_active and a.id > ${after} and ${dueSql(force)}
          order by a.id limit ${batch}`,
    );
    if (!candidates.length) break;
    after = candidates[candidates.length - 1].id;
    if (isPglite(db)) await yieldToOthers(); // between batches, requests' queries go first
    const ids = uuidList(candidates.map((c) => c.id));
    const r = await db.transaction(async (tx) => {
      // Locked and re-checked: an alert another sender holds is skipped, one it has just closed
      // is no longer due (or, forced, its window now starts where the other one's ended).
      const due = await parsedRows(
        tx,
        dueAlertRow,
        sql`select a.id, a.name, a.q, a.job_type, a.location, a.category, a.frequency, a.watermark,
                   case when u.mail_to_personal and u.personal_email is not null
                        then u.personal_email else u.email end as email,
                   u.first_name
            from job_alerts a join users u on u.id = a.user_id
            where a.id in (${ids}) and u.is_active and ${dueSql(force)}
            order by a.id
            for update of a skip locked`,
      );
      if (!due.length) return { checked: 0, sent: 0 };
      const digests = await computeDigests(tx, due, windowEnd);
      const mails: MailMessage[] = [];
      for (const a of due) {
        const d = digests.get(a.id);
        if (d?.jobs.length) mails.push(digestMail(a, d, cfg));
      }
      const dueIds = uuidList(due.map((a) => a.id));
      const sentIds = [...digests.values()].filter((d) => d.jobs.length).map((d) => d.alertId);
      await tx.execute(
        sql`update job_alerts set watermark = greatest(watermark, ${ts(windowEnd)}),
              last_sent_at = ${
                sentIds.length
                  ? sql`case when id in (${uuidList(sentIds)}) then now() else last_sent_at end`
                  : sql`last_sent_at`
              }
            where id in (${dueIds})`,
      );
      await enqueueMany(tx, mails);
      return { checked: due.length, sent: mails.length };
    });
    result.checked += r.checked;
    result.sent += r.sent;
    if (candidates.length < batch) break;
  }
  return result;
}

/** How often the server's timer looks for due alerts. */
export const ALERT_TICK_MS = 5 * 60_000;

/**
 * Runs `runDueAlerts` on a timer in this process (no cron). Several instances may run it: each
 * alert's window is claimed by one. The returned stop function waits for a run in flight.
 */
export function startAlertWorker(
  getDb: () => Promise<Db>,
  opts: { intervalMs?: number; log?: (line: string) => void; config: () => AlertMailConfig },
): () => Promise<void> {
  return startPeriodic(
    "alerts",
    async (stopped) => {
      const r = await runDueAlerts(await getDb(), { config: opts.config(), shouldStop: stopped });
      return r.sent ? `${plural(r.sent, "digest")} queued` : null;
    },
    { intervalMs: opts.intervalMs ?? ALERT_TICK_MS, firstAfterMs: 30_000, log: opts.log },
  );
}
