/** Process start and stop, called by server.mjs through the server build's entry module. */
import path from "node:path";
import { sql } from "drizzle-orm";
import { consoleNoticesFor, createSender, startMailWorker } from "~/models/mail/mail.server";
import { closeDb, getDb, getDbHandle } from "~/lib/db.server";
import { env } from "~/lib/env.server";

let stopMail: ((o?: { waitMs?: number }) => Promise<void>) | null = null;
let stopAlerts: (() => Promise<void>) | null = null;
let stopAdminDigest: (() => Promise<void>) | null = null;
let stopOjtReminders: (() => Promise<void>) | null = null;
let stopSurveyReminders: (() => Promise<void>) | null = null;
let housekeeping: NodeJS.Timeout | null = null;

export function loadEnv() {
  return env();
}

export function describeDatabase(): string {
  const e = env();
  return e.DATABASE_URL ? "PostgreSQL" : `PGlite in ${path.join(e.DATA_DIR, "pglite")}`;
}

/**
 * What a newcomer needs to know after a start: the schema is current, the programmes are there,
 * where the data lives, and — on a new board — how to create the first administrator.
 */
async function startupReport(log: (line: string) => void): Promise<void> {
  const e = env();
  const handle = await getDbHandle();
  const [row] = await handle.rows<{ migrations: number; courses: number; admins: number }>(sql`
    select (select count(*) from drizzle.__drizzle_migrations)::int as migrations,
           (select count(*) from courses)::int as courses,
           (select count(*) from users where role = 'admin' and is_active)::int as admins`);
  log(
    `database ready: ${row.migrations} migrations applied, ${row.courses} courses (${describeDatabase()})`,
  );
  if (row.admins === 0) {
    const pglite = !e.DATABASE_URL;
    log(
      "no administrator yet: create the first one with " +
        "`npx runway admin create --email <your address> --first-name <first> --last-name <last>`" +
        (pglite
          ? " (stop this server first: the embedded database admits one process at a time)"
          : ""),
    );
  }
}

export async function init(opts: { log?: (line: string) => void } = {}) {
  const e = env();
  await getDbHandle();
  if (opts.log) await startupReport(opts.log).catch(() => {});
  const outboxDir = path.join(e.DATA_DIR, "outbox");
  if (!e.SMTP_URL && e.NODE_ENV === "production")
    opts.log?.(
      `[mail] SMTP_URL is not set: mail is written to ${outboxDir} (it holds live links; set SMTP_URL)`,
    );
  stopMail = startMailWorker(
    getDb,
    // Codes and links reach the console only in development without SMTP, never in production.
    createSender({
      smtpUrl: e.SMTP_URL,
      from: e.MAIL_FROM,
      outboxDir,
      consoleNotices: consoleNoticesFor(e),
    }),
    {
      log: opts.log,
      intervalMs: 3000,
      paused: e.MAIL_PAUSED,
      maxAgeSeconds: e.MAIL_MAX_AGE,
    },
  );
  // Job alert digests: a timer here instead of cron; every instance may run it (ADR 095).
  const { startAlertWorker } = await import("~/models/alert/alert.server");
  const { authConfig } = await import("~/web/config.server");
  stopAlerts = startAlertWorker(getDb, {
    log: opts.log,
    config: () => ({ publicUrl: authConfig().publicUrl, secret: authConfig().secret }),
  });
  // The administrators' weekly digest: a timer too, once per admin and week whatever runs it (ADR 096).
  const { startAdminDigestWorker } = await import("~/models/job/admin-digest.server");
  stopAdminDigest = startAdminDigestWorker(getDb, {
    log: opts.log,
    config: () => ({
      publicUrl: authConfig().publicUrl,
      collegeName: authConfig().collegeName,
      timeZone: env().COLLEGE_TIMEZONE,
    }),
  });
  // Survey reminder schedules (ADR 102): a timer too; each person is reminded by one instance.
  const { startReminderWorker } = await import("~/models/survey/invitations.server");
  stopSurveyReminders = startReminderWorker(getDb, {
    log: opts.log,
    config: () => ({
      publicUrl: authConfig().publicUrl,
      secret: authConfig().secret,
      collegeName: authConfig().collegeName,
    }),
  });
  // OJT reminders (ADR 114): hourly; each reminder is claimed with its mail, so once.
  const { startOjtReminderWorker } = await import("~/models/ojt/reminders.server");
  const { ojtConfig } = await import("~/web/config.server");
  stopOjtReminders = startOjtReminderWorker(getDb, ojtConfig, { log: opts.log });
  const { purgeExpiredSessions } = await import("~/models/auth/session.server");
  const { purgeExpiredLimits } = await import("~/lib/rate-limit.server");
  const { purgeIdempotencyKeys } = await import("~/web/idempotency.server");
  const { expireJoinRequests } = await import("~/models/employer/join.server");
  housekeeping = setInterval(async () => {
    try {
      const db = await getDb();
      await purgeExpiredSessions(db);
      await purgeExpiredLimits(db);
      await purgeIdempotencyKeys(db);
      // Requests to join a company nobody answered in time end (reads judge expiry too).
      await expireJoinRequests(db);
    } catch {
      /* next round */
    }
  }, 15 * 60_000);
  housekeeping.unref();
}

let quiesced: Promise<void> | null = null;

/**
 * The first step of a shutdown, called when draining starts: the timers start nothing more and the
 * mail sender claims nothing more. What they are doing may finish until `deadline` (epoch ms): a
 * digest run commits or rolls back, a message in flight is marked — or, past the deadline, its
 * send is abandoned unmarked (its lease lets another instance retry it once).
 */
export function quiesce(deadline: number): Promise<void> {
  if (quiesced) return quiesced;
  if (housekeeping) clearInterval(housekeeping);
  const left = () => Math.max(0, deadline - Date.now());
  const stops = [stopAlerts, stopAdminDigest, stopSurveyReminders, stopOjtReminders].map((s) =>
    s?.(),
  );
  // The sender keeps its own deadline and says what it abandons, so it is awaited in full: a
  // second timer racing it could close the database before it has said so.
  const mail = stopMail?.({ waitMs: left() });
  let timer: NodeJS.Timeout | undefined;
  quiesced = Promise.all([
    Promise.race([
      Promise.all(stops),
      new Promise<void>((r) => (timer = setTimeout(r, left()))),
    ]).finally(() => clearTimeout(timer)),
    mail,
  ]).then(() => {});
  return quiesced;
}

/** Waits for `quiesce` (20 s from now when nobody started it) and closes the database. */
export async function shutdown() {
  await quiesce(Date.now() + 20_000);
  await closeDb();
}
