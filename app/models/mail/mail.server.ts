/**
 * Mail goes through the `mail_outbox` table: a request only enqueues, and a sender delivers with
 * retries and backoff, so an SMTP outage never fails the request that caused the mail.
 * SMTP_URL set → nodemailer SMTP; unset → .eml files in DATA_DIR/outbox (and, in development only,
 * a console notice with the code or link).
 *
 * Exactly once, as far as SMTP allows (docs/operations.md, "Mail"): a sender claims one message at
 * a time with a random claim token and a lease far longer than the SMTP timeouts, renews the lease
 * while the send runs, and marks the row only `WHERE id = … AND claim = …` — a sender that lost its
 * claim cannot mark (or retry) a message another sender now holds.
 *
 * No live secret at rest (docs/security.md): the body and the notice — where codes and links are —
 * are nulled in the same UPDATE that marks a message sent or failed for good.
 */
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { and, asc, eq, inArray, isNull, lte, or, sql } from "drizzle-orm";
import type { PgUpdateSetSource } from "drizzle-orm/pg-core";
import nodemailer, { type Transporter } from "nodemailer";
import addressparser from "nodemailer/lib/addressparser";
import type { Db, DbOrTx } from "#db/client";
import { MAIL_STATUSES } from "#db/constants";
import { mailOutbox, mailSettings } from "#db/schema";
import { errorText } from "~/lib/log.server";
import { isPlainEmail } from "../user/email";

/**
 * The first line of a mail to a person. Only an address that has proved it is theirs (a verified
 * account) is greeted by the name typed into a form: a mail to an address not yet verified may reach
 * a stranger whose address someone else typed, and must carry none of that someone's words
 * (`Hello URGENT: your account is locked…`), so it says "Hello," and nothing more.
 */
export function greeting(to: { firstName: string; verified: boolean }): string {
  return to.verified ? `Hello ${to.firstName},` : "Hello,";
}

export interface MailMessage {
  /** One plain address (`isPlainEmail`): the only envelope recipient the message will ever have. */
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** A short name of the kind of mail (verify_email, password_reset, invite…). */
  template?: string;
  /** A one-line console notice for the file transport in development (e.g. the code or link). */
  notice?: string;
  /**
   * Extra headers, name → one-line value: only `List-*` and `X-*` names (a caller can never set
   * the recipients, sender or subject this way). Nulled with the body when the message is done.
   */
  headers?: Record<string, string>;
}

/** Header names a message may add (RFC 2369/8058 List-* and private X-* fields). */
const EXTRA_HEADER = /^(List|X)-[A-Za-z0-9-]{1,60}$/;

/** Thrown when a caller tries to add a header that is not a List-* or X-* field. */
export class MailHeaderError extends Error {
  constructor(name: string) {
    super(`Refusing to queue mail: header ${JSON.stringify(name)} is not a List-* or X-* field`);
    this.name = "MailHeaderError";
  }
}

/** The extra headers checked and made one-line each, or null when there are none. */
function extraHeaders(h: Record<string, string> | null | undefined): Record<string, string> | null {
  if (!h) return null;
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(h)) {
    if (!EXTRA_HEADER.test(name)) throw new MailHeaderError(name);
    out[name] = headerLine(String(value));
  }
  return Object.keys(out).length ? out : null;
}

/** Thrown when a caller tries to queue mail to something that is not one plain address. */
export class MailAddressError extends Error {
  constructor() {
    super("Refusing to queue mail: the recipient is not one plain e-mail address");
    this.name = "MailAddressError";
  }
}

type Kick = () => void;
const kicks = new Set<Kick>();
/** Wakes this process's sender once a transaction that queued mail has committed. */
export function nudgeMailSender(): void {
  for (const k of kicks) setTimeout(k, 20);
}

/** Control characters (CR/LF above all) would end a header line: a subject is one line of text. */
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g;

/** One header-safe line: control characters (CR, LF, tabs, NUL…) become a single space. */
export function headerLine(s: string): string {
  return s.replace(CONTROL, " ").trim();
}

function outboxRow(m: MailMessage) {
  if (typeof m.to !== "string" || !isPlainEmail(m.to)) throw new MailAddressError();
  return {
    to: m.to,
    subject: headerLine(m.subject),
    text: m.text,
    html: m.html ?? null,
    template: m.template ?? null,
    notice: m.notice ? headerLine(m.notice) : null,
    headers: extraHeaders(m.headers),
  };
}

/** Queues a message (in the caller's transaction if `db` is one) and nudges the sender. */
export async function enqueueMail(db: DbOrTx, msg: MailMessage): Promise<string> {
  const [row] = await db.insert(mailOutbox).values(outboxRow(msg)).returning({ id: mailOutbox.id });
  nudgeMailSender();
  return row.id;
}

const ENQUEUE_CHUNK = 5000;

/**
 * Queues many messages (bulk imports, survey batches): one JSON parameter per chunk, 4–7× faster on
 * PGlite than a multi-row VALUES. Every address and header is checked before anything is written;
 * `batchId` ties the rows to a survey invitation batch (its sent/failed counts are read from them).
 */
export async function enqueueMany(
  db: DbOrTx,
  msgs: MailMessage[],
  opts: { batchId?: string } = {},
): Promise<number> {
  if (!msgs.length) return 0;
  const batchId = opts.batchId ?? null;
  const rows = msgs.map((m) => ({ ...outboxRow(m), batch_id: batchId }));
  for (let i = 0; i < rows.length; i += ENQUEUE_CHUNK) {
    const json = JSON.stringify(rows.slice(i, i + ENQUEUE_CHUNK));
    await db.execute(sql`
      insert into mail_outbox ("to", subject, text, html, template, notice, headers, batch_id)
      select "to", subject, text, html, template, notice, headers, batch_id
      from jsonb_to_recordset(${json}::jsonb)
        as x("to" text, subject text, text text, html text, template text, notice text,
             headers jsonb, batch_id uuid)`);
  }
  nudgeMailSender();
  return rows.length;
}

/**
 * SMTP timeouts, all far below the lease (LEASE_MS), so a send that hangs ends in an error long
 * before another sender could take the message over — even if the lease could not be renewed.
 */
export const SMTP_TIMEOUTS: Readonly<
  Record<"connectionTimeout" | "greetingTimeout" | "socketTimeout", number>
> = {
  connectionTimeout: 15_000,
  greetingTimeout: 15_000,
  socketTimeout: 60_000,
};

export interface MailTransportConfig {
  smtpUrl?: string;
  from: string;
  outboxDir: string;
  /** Print the notice (code or link) on the console — development with the file transport only. */
  consoleNotices?: boolean;
  /** Overrides SMTP_TIMEOUTS (tests). */
  timeouts?: Partial<typeof SMTP_TIMEOUTS>;
}

/** What a sender hands to the transport. */
export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string | null;
  headers?: Record<string, string> | null;
}

export interface Sender {
  /** Whether deliverDue may print a message's notice (never true for SMTP). */
  readonly notices: boolean;
  send(msg: OutgoingMail): Promise<void>;
  close(): void;
}

/**
 * Whether codes and links may be printed on the console: only in development with the file
 * transport — never in production or test, and never when SMTP is set (logs are shipped).
 */
export function consoleNoticesFor(e: { NODE_ENV: string; SMTP_URL?: string }): boolean {
  return e.NODE_ENV === "development" && !e.SMTP_URL;
}

/** The bare address of MAIL_FROM (`Name <addr>` or `addr`), for the SMTP envelope's MAIL FROM. */
export function envelopeFrom(from: string): string | undefined {
  const [first] = addressparser(from, { flatten: true });
  return first?.address || undefined;
}

/** Builds the real transport: SMTP when configured, else .eml files in the outbox folder. */
export function createSender(cfg: MailTransportConfig): Sender {
  const mailFrom = envelopeFrom(cfg.from);
  // The envelope is explicit: RCPT TO is the stored address and nothing else, whatever the headers say.
  const mail = (m: OutgoingMail) => ({
    from: cfg.from,
    to: m.to,
    subject: headerLine(m.subject),
    text: m.text,
    html: m.html ?? undefined,
    // Checked again here: a row written by hand or by an older version cannot add other headers.
    headers: extraHeaders(m.headers) ?? undefined,
    envelope: { from: mailFrom, to: [m.to] },
  });
  if (cfg.smtpUrl) {
    const t: Transporter = nodemailer.createTransport({
      url: cfg.smtpUrl,
      ...SMTP_TIMEOUTS,
      ...cfg.timeouts,
    });
    return {
      notices: false,
      async send(m) {
        await t.sendMail(mail(m));
      },
      close: () => t.close(),
    };
  }
  const t = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    notices: cfg.consoleNotices ?? false,
    async send(m) {
      const info = await t.sendMail(mail(m));
      // The files hold live codes and links: readable by the server's user only.
      fs.mkdirSync(cfg.outboxDir, { recursive: true, mode: 0o700 });
      const safe = m.to.replace(/[^a-z0-9@._-]/gi, "_");
      const file = path.join(
        cfg.outboxDir,
        `${new Date().toISOString().replace(/[:.]/g, "-")}-${safe}.eml`,
      );
      // Whole or not at all: a reader of the folder never sees half a message.
      fs.writeFileSync(`${file}.part`, info.message as Buffer, { mode: 0o600 });
      fs.renameSync(`${file}.part`, file);
    },
    close: () => t.close(),
  };
}

export const MAX_ATTEMPTS = 8;
/** Messages one deliverDue call handles before the worker loops (and checks for a stop). */
const BATCH = 50;
/** The default lease: far above SMTP_TIMEOUTS, and renewed every third of it while a send runs. */
export const LEASE_MS = 5 * 60_000;

const REFUSED = "refused: the stored address is not one plain e-mail address";

export interface DeliverOptions {
  log?: (line: string) => void;
  /** Lease per claimed message (tests use a short one). */
  leaseMs?: number;
  /** At most this many messages in this call. */
  max?: number;
  /** Checked between messages: true stops after the current one (shutdown). */
  shouldStop?: () => boolean;
  /** Messages queued longer ago than this are never claimed (expireOldMail marks them); 0: any age. */
  maxAgeSeconds?: number;
  /** Told which message is being sent (null when none): shutdown names the one it abandons. */
  onSending?: (id: string | null) => void;
}

export interface DeliverResult {
  sent: number;
  failed: number;
  /** Messages whose claim this sender lost (another sender took them over): not marked by us. */
  lost: number;
}

type OutboxRow = typeof mailOutbox.$inferSelect;

/** Claims the next due message for `claim`, or returns null when none is due. */
async function claimNext(
  db: Db,
  claim: string,
  leaseMs: number,
  maxAgeSeconds = 0,
): Promise<OutboxRow | null> {
  const free = and(
    eq(mailOutbox.status, "pending"),
    lte(mailOutbox.nextAttemptAt, sql`now()`),
    or(isNull(mailOutbox.lockedUntil), lte(mailOutbox.lockedUntil, sql`now()`)),
    maxAgeSeconds > 0
      ? sql`${mailOutbox.createdAt} > now() - make_interval(secs => ${maxAgeSeconds})`
      : undefined,
  );
  const [row] = await db
    .update(mailOutbox)
    .set({ claim, lockedUntil: sql`now() + make_interval(secs => ${leaseMs / 1000})` })
    .where(
      and(
        // `id = (scalar subquery)` is an InitPlan, evaluated once: exactly one row. (`id IN (…)`
        // becomes a SubPlan that PostgreSQL may re-run per outer row, and with SKIP LOCKED each
        // re-run skips the rows this very statement just locked — claiming every due row at once.)
        sql`${mailOutbox.id} = (${db
          .select({ id: mailOutbox.id })
          .from(mailOutbox)
          .where(free)
          .orderBy(asc(mailOutbox.nextAttemptAt))
          .limit(1)
          .for("update", { skipLocked: true })})`,
        // Re-checked on the row as it is when locked, so a row claimed meanwhile is never claimed again.
        free,
      ),
    )
    .returning();
  return row ?? null;
}

const mine = (m: OutboxRow, claim: string) =>
  and(eq(mailOutbox.id, m.id), eq(mailOutbox.claim, claim));

/** What a finished message loses: its body and headers, which may hold codes and links. */
const NO_BODY = { text: null, html: null, notice: null, headers: null };

type OutboxSet = PgUpdateSetSource<typeof mailOutbox>;

/** Writes `set` on a message this sender still holds; false (nothing written) when the claim is gone. */
async function whileHeld(db: Db, m: OutboxRow, claim: string, set: OutboxSet): Promise<boolean> {
  const r = await db
    .update(mailOutbox)
    .set(set)
    .where(mine(m, claim))
    .returning({ id: mailOutbox.id });
  return r.length > 0;
}

/** Releases a message this sender still holds with its outcome (`set`). */
const release = (db: Db, m: OutboxRow, claim: string, set: OutboxSet) =>
  whileHeld(db, m, claim, { ...set, claim: null, lockedUntil: null });

/** Extends the lease of a message this sender still holds. */
const renew = (db: Db, m: OutboxRow, claim: string, leaseMs: number) =>
  whileHeld(db, m, claim, { lockedUntil: sql`now() + make_interval(secs => ${leaseMs / 1000})` });

/** Sends while renewing the lease every third of it, so a slow relay never lets the lease lapse. */
async function sendHoldingLease(
  db: Db,
  sender: Sender,
  m: OutboxRow,
  claim: string,
  leaseMs: number,
  log: (line: string) => void,
): Promise<void> {
  let renewing: Promise<unknown> = Promise.resolve();
  let warned = false;
  const timer = setInterval(
    () => {
      renewing = renew(db, m, claim, leaseMs).then(
        (held) => {
          if (!held && !warned) {
            warned = true;
            log(
              `[mail] lost the claim on message ${m.id} during its send (another sender took it over)`,
            );
          }
        },
        (e) => log(`[mail] could not renew the lease of message ${m.id}: ${errorText(e)}`),
      );
    },
    Math.max(10, Math.floor(leaseMs / 3)),
  );
  try {
    await sender.send({
      to: m.to,
      subject: m.subject,
      text: m.text ?? "",
      html: m.html,
      headers: m.headers,
    });
  } finally {
    clearInterval(timer);
    await renewing;
  }
}

/**
 * Delivers due messages, one claim per message, until none is due or `max` were handled. Several
 * senders (instances) may run this at once on one database: each message goes to one of them.
 */
export async function deliverDue(
  db: Db,
  sender: Sender,
  opts: DeliverOptions | ((line: string) => void) = {},
): Promise<DeliverResult> {
  const o: DeliverOptions = typeof opts === "function" ? { log: opts } : opts;
  const log = o.log ?? (() => {});
  const leaseMs = o.leaseMs ?? LEASE_MS;
  const max = o.max ?? BATCH;
  const r: DeliverResult = { sent: 0, failed: 0, lost: 0 };
  const lost = (m: OutboxRow, what: string) => {
    r.lost++;
    log(
      `[mail] lost the claim on message ${m.id}: another sender holds it, so this one does not mark it ${what}`,
    );
  };
  while (r.sent + r.failed + r.lost < max && !o.shouldStop?.()) {
    o.onSending?.(null);
    const claim = randomUUID();
    const m = await claimNext(db, claim, leaseMs, o.maxAgeSeconds);
    if (!m) break;
    if (!isPlainEmail(m.to)) {
      // Stored before the address rule: never sent, and its body goes like any finished message's.
      if (await release(db, m, claim, { status: "failed", lastError: REFUSED, ...NO_BODY })) {
        r.failed++;
        log(`[mail] message ${m.id} refused: its stored address is not one plain e-mail address`);
      } else lost(m, "failed");
      continue;
    }
    try {
      o.onSending?.(m.id);
      await sendHoldingLease(db, sender, m, claim, leaseMs, log);
    } catch (e) {
      const attempts = m.attempts + 1;
      const final = attempts >= MAX_ATTEMPTS;
      const backoffSeconds = Math.min(3600, 15 * 2 ** (attempts - 1));
      const message = String((e as Error)?.message ?? e).slice(0, 500);
      const kept = await release(db, m, claim, {
        attempts,
        status: final ? "failed" : "pending",
        lastError: message,
        nextAttemptAt: sql`now() + make_interval(secs => ${backoffSeconds})`,
        // Failed for good: the secrets go now; a retry still needs the body.
        ...(final ? NO_BODY : {}),
      });
      if (!kept) {
        lost(m, "failed");
        continue;
      }
      r.failed++;
      log(
        `[mail] delivery to ${m.to} failed (attempt ${attempts}${final ? ", giving up" : ""}): ${message}`,
      );
      continue;
    }
    const sent = await release(db, m, claim, {
      status: "sent",
      sentAt: sql`now()`,
      attempts: m.attempts + 1,
      lastError: null,
      ...NO_BODY,
    });
    if (!sent) {
      lost(m, "sent");
      continue;
    }
    r.sent++;
    const notice = sender.notices && m.notice ? ` — ${m.notice}` : "";
    log(`[mail] ${m.template ?? "mail"} to ${m.to}: "${m.subject}"${notice}`);
  }
  o.onSending?.(null);
  return r;
}

const EXPIRED = "expired: still unsent when older than MAIL_MAX_AGE";

/**
 * Marks pending messages queued more than `maxAgeSeconds` ago as expired instead of sending them
 * (a server started on a restored backup would otherwise mail codes and notices days late), and
 * drops their bodies like any finished message's. A message under a live lease is left to its
 * sender. Returns how many it expired.
 */
export async function expireOldMail(db: Db, maxAgeSeconds: number): Promise<number> {
  if (!(maxAgeSeconds > 0)) return 0;
  const rows = await db
    .update(mailOutbox)
    .set({ status: "expired", claim: null, lockedUntil: null, lastError: EXPIRED, ...NO_BODY })
    .where(
      and(
        eq(mailOutbox.status, "pending"),
        sql`${mailOutbox.createdAt} <= now() - make_interval(secs => ${maxAgeSeconds})`,
        or(isNull(mailOutbox.lockedUntil), lte(mailOutbox.lockedUntil, sql`now()`)),
      ),
    )
    .returning({ id: mailOutbox.id });
  return rows.length;
}

/** Whether the senders on this database are paused (`runway mail pause`). */
export async function isMailPaused(db: Db): Promise<boolean> {
  const [row] = await db
    .select({ paused: mailSettings.paused })
    .from(mailSettings)
    .where(eq(mailSettings.id, true));
  return row?.paused ?? false;
}

/**
 * Pauses or resumes every sender on this database: a running server sees it at its next round
 * (within seconds). `by` says who and why ("restore drill"), shown by `runway mail status`.
 */
export async function setMailPaused(db: Db, paused: boolean, by?: string): Promise<void> {
  const values = {
    id: true,
    paused,
    pausedAt: paused ? new Date() : null,
    pausedBy: paused ? (by ?? null) : null,
    updatedAt: new Date(),
  };
  await db
    .insert(mailSettings)
    .values(values)
    .onConflictDoUpdate({ target: mailSettings.id, set: values });
}

export interface MailStatus {
  paused: boolean;
  pausedAt: Date | null;
  pausedBy: string | null;
  /** Messages by state: pending, sent, failed, expired. */
  counts: Record<(typeof MAIL_STATUSES)[number], number>;
  /** When the oldest pending message was queued (null when none is pending). */
  oldestPending: Date | null;
}

/** The outbox at a glance, for `runway mail status`. */
export async function mailStatus(db: Db): Promise<MailStatus> {
  const [setting] = await db.select().from(mailSettings).where(eq(mailSettings.id, true));
  const rows = await db
    .select({
      status: mailOutbox.status,
      n: sql<number>`count(*)::int`,
      oldest: sql<
        string | null
      >`min(${mailOutbox.createdAt}) filter (where ${mailOutbox.status} = 'pending')`,
    })
    .from(mailOutbox)
    .groupBy(mailOutbox.status);
  // Every status, in MAIL_STATUSES order (the check constraint allows no other).
  const counts = Object.fromEntries(
    MAIL_STATUSES.map((status) => [status, Number(rows.find((r) => r.status === status)?.n ?? 0)]),
  ) as MailStatus["counts"];
  let oldest: Date | null = null;
  for (const r of rows) if (r.oldest) oldest = new Date(r.oldest);
  return {
    paused: setting?.paused ?? false,
    pausedAt: setting?.pausedAt ?? null,
    pausedBy: setting?.pausedBy ?? null,
    counts,
    oldestPending: oldest,
  };
}

/**
 * Nulls the body and notice of finished messages that still have one (rows from before the
 * redaction, or written by an older version). Returns how many rows it cleaned.
 */
export async function purgeFinishedMailBodies(db: Db): Promise<number> {
  const rows = await db
    .update(mailOutbox)
    .set(NO_BODY)
    .where(
      and(
        inArray(mailOutbox.status, ["sent", "failed", "expired"]),
        or(
          sql`${mailOutbox.text} is not null`,
          sql`${mailOutbox.html} is not null`,
          sql`${mailOutbox.notice} is not null`,
          sql`${mailOutbox.headers} is not null`,
        ),
      ),
    )
    .returning({ id: mailOutbox.id });
  return rows.length;
}

export interface WorkerOptions {
  intervalMs?: number;
  log?: (line: string) => void;
  leaseMs?: number;
  /** MAIL_PAUSED: this process holds its mail whatever the database's switch says. */
  paused?: boolean;
  /** MAIL_MAX_AGE in seconds: older pending messages are expired, not sent; 0 never. */
  maxAgeSeconds?: number;
}

/** How often the worker sweeps finished rows for bodies left behind (see purgeFinishedMailBodies). */
const PURGE_EVERY_MS = 60 * 60_000;
/** How long stop() waits for the message in flight when the caller names no deadline. */
const STOP_WAIT_MS = 20_000;

/**
 * Runs the sender in this process: on a timer and whenever a message is queued; sweeps leftover
 * bodies at start and hourly. Each round first asks whether mail is paused (MAIL_PAUSED, or
 * `runway mail pause` in the database) and then expires what is older than `maxAgeSeconds`.
 *
 * The returned stop function claims nothing more from the moment it is called (shutdown calls it
 * when draining starts) and resolves once the message in flight is marked — or at `waitMs`: then
 * the send is abandoned unmarked, and its lease makes it due again for one retry, by this or
 * another instance, when the lease runs out.
 */
export function startMailWorker(
  getDb: () => Promise<Db>,
  sender: Sender,
  opts: WorkerOptions = {},
): (o?: { waitMs?: number }) => Promise<void> {
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  let abandoned = false;
  let sending: string | null = null;
  let wasPaused = false;
  const say = (line: string) => {
    if (!abandoned) opts.log?.(line);
  };
  /** Holds the round when paused; says so once per pause, and once when mail flows again. */
  const paused = async (db: Db): Promise<boolean> => {
    const now = opts.paused || (await isMailPaused(db));
    if (now !== wasPaused) {
      wasPaused = now;
      say(
        now
          ? `[mail] paused (${opts.paused ? "MAIL_PAUSED" : "runway mail pause"}): nothing is sent until it is resumed`
          : "[mail] resumed",
      );
    }
    return now;
  };
  const run = (): Promise<void> => {
    if (stopped) return Promise.resolve();
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      try {
        do {
          again = false;
          const db = await getDb();
          if (await paused(db)) break;
          const expired = await expireOldMail(db, opts.maxAgeSeconds ?? 0);
          if (expired)
            say(
              `[mail] expired ${expired} message${expired === 1 ? "" : "s"} older than MAIL_MAX_AGE (not sent)`,
            );
          const r = await deliverDue(db, sender, {
            log: say,
            leaseMs: opts.leaseMs,
            max: BATCH,
            shouldStop: () => stopped,
            maxAgeSeconds: opts.maxAgeSeconds,
            onSending: (id) => (sending = id),
          });
          if (r.sent + r.failed + r.lost >= BATCH) again = true;
        } while (again && !stopped);
      } catch (e) {
        say(`[mail] sender error: ${errorText(e)}`);
      } finally {
        running = null;
      }
    })();
    return running;
  };
  const kick: Kick = () => void run();
  kicks.add(kick);
  const timer = setInterval(kick, opts.intervalMs ?? 5000);
  timer.unref();
  const purge = async () => {
    try {
      const n = await purgeFinishedMailBodies(await getDb());
      if (n) say(`[mail] removed the bodies of ${n} finished message${n === 1 ? "" : "s"}`);
    } catch {
      /* next round */
    }
  };
  const purgeTimer = setInterval(purge, PURGE_EVERY_MS);
  purgeTimer.unref();
  void purge().then(kick);
  return async ({ waitMs = STOP_WAIT_MS } = {}) => {
    stopped = true;
    kicks.delete(kick);
    clearInterval(timer);
    clearInterval(purgeTimer);
    let wait: NodeJS.Timeout | undefined;
    const finished = await Promise.race([
      (running ?? Promise.resolve()).then(() => true),
      new Promise<boolean>((r) => (wait = setTimeout(() => r(false), Math.max(0, waitMs)))),
    ]);
    clearTimeout(wait);
    if (!finished && sending) {
      say(
        `[mail] shutdown deadline: abandoning the send of message ${sending} unmarked; ` +
          "it is retried once its lease runs out",
      );
    }
    // Whatever the abandoned round still does (a late answer, a failed write on a closed
    // database) is not this process's to report any more.
    if (!finished) abandoned = true;
    sender.close();
  };
}
