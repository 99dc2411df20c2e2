/**
 * Mail goes through the `mail_outbox` table: a request only enqueues, and a sender delivers with
 * retries and backoff, so an SMTP outage never fails the request that caused the mail.
 * SMTP_URL set → nodemailer SMTP; unset → .eml files in DATA_DIR/outbox and a console notice.
 */
import fs from "node:fs";
import path from "node:path";
import { and, asc, eq, inArray, lte, or, isNull, sql } from "drizzle-orm";
import nodemailer, { type Transporter } from "nodemailer";
import type { Db } from "#db/client";
import { mailOutbox } from "#db/schema";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** A short name of the kind of mail (verify_email, password_reset, invite…). */
  template?: string;
  /** A one-line console notice for the file transport (e.g. the code or link). */
  notice?: string;
}

type Kick = () => void;
let kick: Kick | null = null;

/** Queues a message (in the caller's transaction if `db` is one) and nudges the sender. */
export async function enqueueMail(db: Db, msg: MailMessage): Promise<string> {
  const [row] = await db
    .insert(mailOutbox)
    .values({
      to: msg.to,
      subject: msg.subject,
      text: msg.text,
      html: msg.html ?? null,
      template: msg.template ?? null,
      lastError: msg.notice ? `notice:${msg.notice}` : null,
    })
    .returning({ id: mailOutbox.id });
  if (kick) setTimeout(kick, 20);
  return row.id;
}

/** Queues many messages in one statement (bulk imports). */
export async function enqueueMany(db: Db, msgs: MailMessage[]): Promise<number> {
  if (!msgs.length) return 0;
  for (let i = 0; i < msgs.length; i += 1000) {
    await db.insert(mailOutbox).values(
      msgs.slice(i, i + 1000).map((m) => ({
        to: m.to,
        subject: m.subject,
        text: m.text,
        html: m.html ?? null,
        template: m.template ?? null,
      })),
    );
  }
  if (kick) setTimeout(kick, 20);
  return msgs.length;
}

export interface MailTransportConfig {
  smtpUrl?: string;
  from: string;
  outboxDir: string;
}

export interface Sender {
  send(msg: { to: string; subject: string; text: string; html?: string | null }): Promise<void>;
  close(): void;
}

/** Builds the real transport: SMTP when configured, else .eml files in the outbox folder. */
export function createSender(cfg: MailTransportConfig): Sender {
  if (cfg.smtpUrl) {
    const t: Transporter = nodemailer.createTransport(cfg.smtpUrl);
    return {
      async send(m) {
        await t.sendMail({ from: cfg.from, to: m.to, subject: m.subject, text: m.text, html: m.html ?? undefined });
      },
      close: () => t.close(),
    };
  }
  const t = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    async send(m) {
      const info = await t.sendMail({ from: cfg.from, to: m.to, subject: m.subject, text: m.text, html: m.html ?? undefined });
      fs.mkdirSync(cfg.outboxDir, { recursive: true });
      const safe = m.to.replace(/[^a-z0-9@._-]/gi, "_");
      const file = path.join(cfg.outboxDir, `${new Date().toISOString().replace(/[:.]/g, "-")}-${safe}.eml`);
      fs.writeFileSync(file, info.message as Buffer);
    },
    close: () => t.close(),
  };
}

const MAX_ATTEMPTS = 8;
const BATCH = 50;

/**
 * Delivers due messages once. Rows are claimed with a short lease (locked_until) so that several
 * instances can run senders without sending a message twice.
 */
export async function deliverDue(
  db: Db,
  sender: Sender,
  log: (line: string) => void = () => {},
): Promise<{ sent: number; failed: number }> {
  const claimed = await db
    .update(mailOutbox)
    .set({ lockedUntil: sql`now() + interval '2 minutes'` })
    .where(
      inArray(
        mailOutbox.id,
        db
          .select({ id: mailOutbox.id })
          .from(mailOutbox)
          .where(
            and(
              eq(mailOutbox.status, "pending"),
              lte(mailOutbox.nextAttemptAt, sql`now()`),
              or(isNull(mailOutbox.lockedUntil), lte(mailOutbox.lockedUntil, sql`now()`)),
            ),
          )
          .orderBy(asc(mailOutbox.nextAttemptAt))
          .limit(BATCH)
          .for("update", { skipLocked: true }),
      ),
    )
    .returning();
  let sent = 0;
  let failed = 0;
  for (const m of claimed) {
    try {
      await sender.send(m);
      await db
        .update(mailOutbox)
        .set({ status: "sent", sentAt: new Date(), attempts: m.attempts + 1, lockedUntil: null, lastError: null })
        .where(eq(mailOutbox.id, m.id));
      const notice = m.lastError?.startsWith("notice:") ? ` — ${m.lastError.slice(7)}` : "";
      log(`[mail] ${m.template ?? "mail"} to ${m.to}: "${m.subject}"${notice}`);
      sent++;
    } catch (e) {
      failed++;
      const attempts = m.attempts + 1;
      const backoffSeconds = Math.min(3600, 15 * 2 ** (attempts - 1));
      await db
        .update(mailOutbox)
        .set({
          attempts,
          status: attempts >= MAX_ATTEMPTS ? "failed" : "pending",
          lockedUntil: null,
          lastError: String((e as Error)?.message ?? e).slice(0, 500),
          nextAttemptAt: sql`now() + make_interval(secs => ${backoffSeconds})`,
        })
        .where(eq(mailOutbox.id, m.id));
      log(`[mail] delivery to ${m.to} failed (attempt ${attempts}): ${(e as Error)?.message}`);
    }
  }
  return { sent, failed };
}

/** Runs the sender in this process: on a timer and whenever a message is queued. */
export function startMailWorker(
  getDb: () => Promise<Db>,
  sender: Sender,
  opts: { intervalMs?: number; log?: (line: string) => void } = {},
): () => void {
  let running = false;
  let again = false;
  let stopped = false;
  const run = async () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = true;
    try {
      do {
        again = false;
        const r = await deliverDue(await getDb(), sender, opts.log);
        if (r.sent + r.failed >= BATCH) again = true;
      } while (again && !stopped);
    } catch (e) {
      opts.log?.(`[mail] sender error: ${(e as Error)?.message}`);
    } finally {
      running = false;
    }
  };
  kick = () => void run();
  const timer = setInterval(run, opts.intervalMs ?? 5000);
  timer.unref();
  void run();
  return () => {
    stopped = true;
    kick = null;
    clearInterval(timer);
    sender.close();
  };
}
