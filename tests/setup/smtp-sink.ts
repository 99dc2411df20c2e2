/** A real SMTP server for tests: collects what the app sends; tests read codes and links from it. */
import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  /** The envelope recipients (RCPT TO), lower-cased. */
  to: string[];
  /** The envelope sender (MAIL FROM). */
  mailFrom: string;
  subject: string;
  text: string;
  html: string | null;
  raw: string;
}

export interface SmtpSink {
  url: string;
  port: number;
  messages: ReceivedMail[];
  /** Waits for a message to `to` (and matching `filter`), newest first. */
  waitFor(
    to: string,
    filter?: (m: ReceivedMail) => boolean,
    timeoutMs?: number,
  ): Promise<ReceivedMail>;
  clear(): void;
  close(): Promise<void>;
  /** Make the next deliveries fail (to test retries). */
  failNext(n: number): void;
  /** Answer each message's end of data only after `ms` (a slow relay); 0 answers at once. */
  setDelay(ms: number): void;
  /** Hold every message's answer until `resume()` (a send in progress, for as long as a test needs). */
  pause(): void;
  resume(): void;
  /** Messages whose data arrived and whose answer is being held or delayed. */
  waiting(): number;
}

export async function startSmtpSink(
  opts: { port?: number; onMail?: (m: ReceivedMail) => void; delayMs?: number } = {},
): Promise<SmtpSink> {
  const messages: ReceivedMail[] = [];
  const waiters = new Set<() => void>();
  let failures = 0;
  let delayMs = opts.delayMs ?? 0;
  let gate: { promise: Promise<void>; open: () => void } | null = null;
  let held = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", async () => {
        held++;
        if (delayMs > 0) await new Promise((r) => setTimeout(r, delayMs));
        if (gate) await gate.promise;
        held--;
        if (failures > 0) {
          failures--;
          return callback(new Error("451 try again later"));
        }
        const raw = Buffer.concat(chunks).toString("utf8");
        const parsed: ParsedMail = await simpleParser(raw);
        const m: ReceivedMail = {
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          mailFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          subject: parsed.subject ?? "",
          text: parsed.text ?? "",
          html: typeof parsed.html === "string" ? parsed.html : null,
          raw,
        };
        messages.push(m);
        opts.onMail?.(m);
        for (const w of waiters) w();
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(opts.port ?? 0, "127.0.0.1", () => resolve());
  });
  const port = (server.server.address() as { port: number }).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    messages,
    failNext: (n) => {
      failures = n;
    },
    setDelay: (ms) => {
      delayMs = ms;
    },
    pause: () => {
      if (gate) return;
      let open = () => {};
      const promise = new Promise<void>((r) => (open = r));
      gate = { promise, open };
    },
    resume: () => {
      gate?.open();
      gate = null;
    },
    waiting: () => held,
    clear: () => {
      messages.length = 0;
    },
    waitFor(to, filter = () => true, timeoutMs = 10_000) {
      const find = () =>
        [...messages].reverse().find((m) => m.to.includes(to.toLowerCase()) && filter(m));
      return new Promise((resolve, reject) => {
        const found = find();
        if (found) return resolve(found);
        const check = () => {
          const f = find();
          if (f) {
            waiters.delete(check);
            clearTimeout(timer);
            resolve(f);
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no mail to ${to} within ${timeoutMs} ms`));
        }, timeoutMs);
        waiters.add(check);
      });
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

/** The first 6-digit code in a message. */
export function codeFrom(m: ReceivedMail): string {
  const c = m.text.match(/\b(\d{6})\b/);
  if (!c) throw new Error(`no code in mail: ${m.text}`);
  return c[1];
}

/** The first http(s) link in a message. */
export function linkFrom(m: ReceivedMail): string {
  const l = m.text.match(/https?:\/\/\S+/);
  if (!l) throw new Error(`no link in mail: ${m.text}`);
  return l[0];
}
