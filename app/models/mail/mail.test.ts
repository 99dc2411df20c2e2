/**
 * The outbox on real databases with a real SMTP sink: each message delivered exactly once by
 * competing senders on a slow relay, a sender that lost its claim marks nothing, the envelope holds
 * the stored address only, and no code or link stays in the table once a message is done.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { mailOutbox, passwordTokens } from "#db/schema";
import { forEachDb, rows, type TestDb } from "../../../tests/setup/db";
import { createUser } from "../../../tests/factories";
import { codeFrom, linkFrom, startSmtpSink, type SmtpSink } from "../../../tests/setup/smtp-sink";
import { requestPasswordReset } from "../auth/password-reset.server";
import { hashToken } from "../auth/tokens.server";
import { sendVerificationCode } from "../auth/verification.server";
import { invitationMail } from "../user/import.server";
import {
  consoleNoticesFor,
  createSender,
  deliverDue,
  enqueueMail,
  enqueueMany,
  MailAddressError,
  MailHeaderError,
  MAX_ATTEMPTS,
  purgeFinishedMailBodies,
  startMailWorker,
  type Sender,
} from "./mail.server";
import { authCtx } from "../../../tests/setup/auth-config";

const FROM = "Runway Test <no-reply@example.edu>";
const msg = (to: string, i = 0) => ({
  to,
  subject: `Message ${i}`,
  text: `Body ${i}`,
  template: "test",
});
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Every column of every outbox row as one text (a copy of the database, as an attacker sees it). */
async function outboxText(t: TestDb): Promise<string> {
  const r = await rows<{ row: string }>(t, sql`select m::text as row from mail_outbox m`);
  return r.map((x) => x.row).join("\n");
}

async function waitUntil(what: string, cond: () => Promise<boolean>, timeoutMs = 10_000) {
  const end = Date.now() + timeoutMs;
  while (!(await cond())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(20);
  }
}

describe("mail outbox", () => {
  forEachDb((t) => {
    let sink: SmtpSink;
    const senders: Sender[] = [];
    const smtp = (timeouts?: Parameters<typeof createSender>[0]["timeouts"]) => {
      const s = createSender({ smtpUrl: sink.url, from: FROM, outboxDir: "", timeouts });
      senders.push(s);
      return s;
    };
    beforeAll(async () => {
      sink = await startSmtpSink();
    });
    afterEach(() => {
      sink.resume();
      sink.clear();
      sink.setDelay(0);
      sink.failNext(0);
      for (const s of senders.splice(0)) s.close();
    });
    afterAll(async () => {
      await sink.close();
    });

    describe("exactly once", () => {
      it("two senders on a slow relay deliver each message once", async () => {
        const n = 12;
        for (let i = 0; i < n; i++) await enqueueMail(t.db, msg(`once${i}@example.edu`, i));
        sink.setDelay(150);
        const logs: string[] = [];
        const opts = { leaseMs: 3000, max: n, log: (l: string) => logs.push(l) };
        const [a, b] = await Promise.all([
          deliverDue(t.db, smtp(), opts),
          deliverDue(t.db, smtp(), opts),
        ]);
        expect(a.sent + b.sent).toBe(n);
        expect(a.sent > 0 && b.sent > 0).toBe(true); // both senders really competed
        expect(a.lost + b.lost + a.failed + b.failed).toBe(0);
        const received = sink.messages.map((m) => m.to.join(",")).sort();
        expect(received).toEqual(
          Array.from({ length: n }, (_, i) => `once${i}@example.edu`).sort(),
        );
        const stored = await t.db.select().from(mailOutbox);
        expect(
          stored.every((m) => m.status === "sent" && m.attempts === 1 && m.claim === null),
        ).toBe(true);
        expect(logs.filter((l) => l.includes("lost the claim"))).toEqual([]);
      });

      it("a claim takes exactly one message: the others stay free for other senders", async () => {
        for (let i = 0; i < 3; i++) await enqueueMail(t.db, msg(`one${i}@example.edu`, i));
        sink.pause();
        const a = deliverDue(t.db, smtp(), { max: 1 });
        await waitUntil("the send in progress", async () => sink.waiting() === 1);
        const held = await t.db
          .select()
          .from(mailOutbox)
          .where(sql`${mailOutbox.claim} is not null`);
        expect(held).toHaveLength(1);
        sink.resume();
        expect(await a).toEqual({ sent: 1, failed: 0, lost: 0 });
        const free = await t.db.select().from(mailOutbox).where(eq(mailOutbox.status, "pending"));
        expect(free.map((m) => [m.claim, m.lockedUntil])).toEqual([
          [null, null],
          [null, null],
        ]);
      });

      it("a send that outlasts its lease is not taken over: the lease is renewed while it runs", async () => {
        const leaseMs = 3000;
        await enqueueMail(t.db, msg("outlast@example.edu"));
        sink.pause();
        const a = deliverDue(t.db, smtp(), { leaseMs });
        await waitUntil("the send in progress", async () => sink.waiting() === 1);
        const [{ first }] = await rows<{ first: string }>(
          t,
          sql`select locked_until::text as first from mail_outbox`,
        );
        // Well past the first lease, and still leased: only a renewal explains it.
        await waitUntil(
          "the first lease to lapse while the row stays leased",
          async () => {
            const [r] = await rows<{ ok: boolean }>(
              t,
              sql`select now() > ${first}::timestamptz + interval '500 milliseconds' and locked_until > now() as ok from mail_outbox`,
            );
            return r.ok;
          },
          25_000,
        );
        // A second sender now finds nothing to claim (with a lapsed lease it would send the message again).
        let bDone = false;
        const b = deliverDue(t.db, smtp(), { leaseMs }).finally(() => (bDone = true));
        await waitUntil(
          "the second sender to finish or to start a send",
          async () => bDone || sink.waiting() > 1,
        );
        sink.resume();
        expect(await b).toEqual({ sent: 0, failed: 0, lost: 0 });
        expect(await a).toEqual({ sent: 1, failed: 0, lost: 0 });
        expect(sink.messages).toHaveLength(1);
      }, 60_000);

      it("two worker loops deliver a burst once each (PGlite and PostgreSQL alike)", async () => {
        const n = 10;
        sink.setDelay(120);
        await enqueueMany(
          t.db,
          Array.from({ length: n }, (_, i) => msg(`burst${i}@example.edu`, i)),
        );
        const stops = [
          startMailWorker(async () => t.db, smtp(), { intervalMs: 50, leaseMs: 3000 }),
          startMailWorker(async () => t.db, smtp(), { intervalMs: 50, leaseMs: 3000 }),
        ];
        try {
          await waitUntil(
            "all sent",
            async () => {
              const [r] = await t.db
                .select({ n: sql<number>`count(*)::int` })
                .from(mailOutbox)
                .where(eq(mailOutbox.status, "sent"));
              return r.n === n;
            },
            50_000,
          );
        } finally {
          await Promise.all(stops.map((s) => s()));
        }
        expect(sink.messages).toHaveLength(n);
        expect(new Set(sink.messages.map((m) => m.to[0])).size).toBe(n);
      }, 60_000);

      it("a sender whose claim was taken over during a slow send does not mark the message sent", async () => {
        await enqueueMail(t.db, msg("slow@example.edu"));
        sink.pause();
        const logs: string[] = [];
        const run = deliverDue(t.db, smtp(), { log: (l) => logs.push(l) });
        await waitUntil("the send in progress", async () => sink.waiting() === 1);
        // As if the lease had lapsed and a second sender had claimed the row.
        const other = "00000000-0000-4000-8000-000000000001";
        await t.db
          .update(mailOutbox)
          .set({ claim: other, lockedUntil: sql`now() + interval '5 minutes'` });
        sink.resume();
        const r = await run;
        expect(r).toEqual({ sent: 0, failed: 0, lost: 1 });
        const [row] = await t.db.select().from(mailOutbox);
        expect(row).toMatchObject({ status: "pending", claim: other, attempts: 0, sentAt: null });
        expect(logs.some((l) => l.includes(`lost the claim on message ${row.id}`))).toBe(true);
      });

      it("a sender whose claim was taken over does not mark a failure or push the retry back", async () => {
        await enqueueMail(t.db, msg("slowfail@example.edu"));
        sink.pause();
        sink.failNext(1);
        const run = deliverDue(t.db, smtp());
        await waitUntil("the send in progress", async () => sink.waiting() === 1);
        const other = "00000000-0000-4000-8000-000000000002";
        await t.db.update(mailOutbox).set({ claim: other });
        sink.resume();
        expect(await run).toEqual({ sent: 0, failed: 0, lost: 1 });
        const [row] = await t.db.select().from(mailOutbox);
        expect(row).toMatchObject({
          status: "pending",
          claim: other,
          attempts: 0,
          lastError: null,
        });
      });

      it("keeps the backoff: a failed attempt is retried later, and MAX_ATTEMPTS ends it", async () => {
        await enqueueMail(t.db, msg("retry@example.edu"));
        sink.failNext(1);
        expect(await deliverDue(t.db, smtp())).toEqual({ sent: 0, failed: 1, lost: 0 });
        let [row] = await t.db.select().from(mailOutbox);
        expect(row).toMatchObject({
          status: "pending",
          attempts: 1,
          claim: null,
          lockedUntil: null,
        });
        const [due] = await rows<{ s: number }>(
          t,
          sql`select extract(epoch from next_attempt_at - now())::float8 as s from mail_outbox`,
        );
        expect(due.s).toBeGreaterThan(10);
        // Not due yet: nothing happens.
        expect(await deliverDue(t.db, smtp())).toEqual({ sent: 0, failed: 0, lost: 0 });
        await t.db
          .update(mailOutbox)
          .set({ nextAttemptAt: sql`now()`, attempts: MAX_ATTEMPTS - 1 });
        sink.failNext(1);
        expect(await deliverDue(t.db, smtp())).toEqual({ sent: 0, failed: 1, lost: 0 });
        [row] = await t.db.select().from(mailOutbox);
        expect(row).toMatchObject({ status: "failed", attempts: MAX_ATTEMPTS });
        expect(sink.messages).toHaveLength(0);
      });

      it("stop() waits for the message in flight to be marked, so it is not left to be sent again", async () => {
        await enqueueMail(t.db, msg("inflight@example.edu"));
        sink.pause();
        const stop = startMailWorker(async () => t.db, smtp(), { intervalMs: 60_000 });
        await waitUntil("the send in progress", async () => sink.waiting() === 1);
        const stopping = stop();
        sink.resume();
        await stopping;
        const [row] = await t.db.select().from(mailOutbox);
        expect(row).toMatchObject({ status: "sent", claim: null });
        expect(sink.messages).toHaveLength(1);
      });

      it("sets the SMTP timeouts: a relay that never greets fails the attempt instead of holding the lease", async () => {
        // A TCP server that accepts and stays silent.
        const net = await import("node:net");
        const silent = net.createServer(() => {});
        await new Promise<void>((r) => silent.listen(0, "127.0.0.1", () => r()));
        const port = (silent.address() as { port: number }).port;
        try {
          await enqueueMail(t.db, msg("silent@example.edu"));
          const s = createSender({
            smtpUrl: `smtp://127.0.0.1:${port}`,
            from: FROM,
            outboxDir: "",
            timeouts: { greetingTimeout: 300 },
          });
          senders.push(s);
          const r = await deliverDue(t.db, s);
          expect(r).toEqual({ sent: 0, failed: 1, lost: 0 });
          const [row] = await t.db.select().from(mailOutbox);
          expect(row.lastError).toMatch(/greeting/i);
        } finally {
          silent.close();
        }
      });
    });

    describe("explicit envelope", () => {
      it("the relay sees exactly one RCPT TO, the stored address, and MAIL FROM the bare sender", async () => {
        await enqueueMail(t.db, msg("envelope@example.edu"));
        expect(await deliverDue(t.db, smtp())).toMatchObject({ sent: 1 });
        expect(sink.messages).toHaveLength(1);
        expect(sink.messages[0].to).toEqual(["envelope@example.edu"]);
        expect(sink.messages[0].mailFrom).toBe("no-reply@example.edu");
      });

      it.each([
        ['"x@example.edu" <someone@elsewhere.example>'],
        ["someone@elsewhere.example,x@example.edu"],
        ["someone@elsewhere.example;x@example.edu"],
        ["x@example.edu\r\nBcc: someone@elsewhere.example"],
        ["x@example.edu someone@elsewhere.example"],
        ["<x@example.edu>"],
        ["X@Example.edu"],
        [""],
      ])("enqueueMail refuses %j and stores nothing", async (to) => {
        await expect(enqueueMail(t.db, msg(to))).rejects.toBeInstanceOf(MailAddressError);
        expect(await t.db.select().from(mailOutbox)).toHaveLength(0);
      });

      it("enqueueMany refuses the whole list when one address is not plain", async () => {
        await expect(
          enqueueMany(t.db, [msg("ok@example.edu"), msg("ok2@example.edu,evil@elsewhere.example")]),
        ).rejects.toBeInstanceOf(MailAddressError);
        expect(await t.db.select().from(mailOutbox)).toHaveLength(0);
      });

      it("a row stored before the rule is failed for good without being sent", async () => {
        await t.db.insert(mailOutbox).values({
          to: '"x@example.edu" <someone@elsewhere.example>, y@elsewhere.example',
          subject: "Old",
          text: "secret 123456",
          notice: "code 123456",
        });
        const logs: string[] = [];
        expect(await deliverDue(t.db, smtp(), (l) => logs.push(l))).toEqual({
          sent: 0,
          failed: 1,
          lost: 0,
        });
        expect(sink.messages).toHaveLength(0);
        const [row] = await t.db.select().from(mailOutbox);
        expect(row).toMatchObject({
          status: "failed",
          text: null,
          html: null,
          notice: null,
          claim: null,
        });
        expect(row.lastError).toMatch(/not one plain e-mail address/);
        // The log names the message, not the hostile address (no log injection).
        expect(logs.join("\n")).not.toContain("elsewhere");
      });

      it("no CR/LF from user data reaches a header: the subject stays one line, no header is added", async () => {
        await enqueueMail(t.db, {
          to: "headers@example.edu",
          subject: "Welcome Ana\r\nBcc: someone@elsewhere.example\r\nX-Evil: 1",
          text: "Hello",
        });
        const [stored] = await t.db.select().from(mailOutbox);
        expect(stored.subject).not.toMatch(/[\r\n]/);
        await deliverDue(t.db, smtp());
        expect(sink.messages).toHaveLength(1);
        const m = sink.messages[0];
        expect(m.to).toEqual(["headers@example.edu"]);
        const head = m.raw.split(/\r?\n\r?\n/)[0];
        expect(head).not.toMatch(/^(Bcc|X-Evil):/im);
        expect(m.subject).toBe("Welcome Ana Bcc: someone@elsewhere.example X-Evil: 1");
      });

      it("extra List-*/X-* headers reach the relay one line each, other names are refused, and they go when sent", async () => {
        const link = "https://runway.test/alerts/unsubscribe?alert=a&token=t";
        await enqueueMany(t.db, [
          {
            ...msg("list@example.edu"),
            headers: {
              "List-Unsubscribe": `<${link}>`,
              "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
              "X-Note": "one\r\nBcc: evil@elsewhere.example",
            },
          },
        ]);
        await expect(
          enqueueMail(t.db, {
            ...msg("x@example.edu"),
            headers: { Bcc: "evil@elsewhere.example" },
          }),
        ).rejects.toBeInstanceOf(MailHeaderError);
        await expect(
          enqueueMail(t.db, { ...msg("x@example.edu"), headers: { "List-Id\r\nBcc": "x" } }),
        ).rejects.toBeInstanceOf(MailHeaderError);
        await deliverDue(t.db, smtp());
        expect(sink.messages).toHaveLength(1);
        const head = sink.messages[0].raw.split(/\r?\n\r?\n/)[0];
        expect(head).toContain(`List-Unsubscribe: <${link}>`);
        expect(head).toContain("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
        expect(head).toMatch(/^X-Note: one Bcc: evil@elsewhere\.example$/m);
        expect(head).not.toMatch(/^Bcc:/im);
        expect(sink.messages[0].to).toEqual(["list@example.edu"]);
        const [row] = await t.db.select().from(mailOutbox);
        expect(row.headers).toBeNull();
      });
    });

    describe("no live secret at rest", () => {
      it("a verification code is delivered, then no column of the outbox holds it", async () => {
        const { user } = await createUser(t.db, { verified: false });
        await sendVerificationCode(authCtx(t.db), user);
        const [pending] = await t.db.select().from(mailOutbox);
        // The notice is no longer smuggled into last_error.
        expect(pending.lastError).toBeNull();
        await deliverDue(t.db, smtp());
        const code = codeFrom(await sink.waitFor(user.email));
        const [row] = await t.db.select().from(mailOutbox);
        expect(row).toMatchObject({
          to: user.email,
          template: "verify_email",
          status: "sent",
          attempts: 1,
          text: null,
          html: null,
          notice: null,
        });
        expect(row.subject).toContain("verification code");
        expect(row.sentAt).toBeInstanceOf(Date);
        expect(await outboxText(t)).not.toContain(code);
      });

      it("a password reset link is delivered and works, and the outbox keeps no token", async () => {
        const { user } = await createUser(t.db);
        await requestPasswordReset(authCtx(t.db), { email: user.email, ip: "10.0.0.9" });
        await deliverDue(t.db, smtp());
        const token = new URL(linkFrom(await sink.waitFor(user.email))).searchParams.get("token")!;
        const [live] = await t.db
          .select()
          .from(passwordTokens)
          .where(eq(passwordTokens.tokenHash, hashToken(token)));
        expect(live).toBeTruthy();
        const all = await outboxText(t);
        expect(all).not.toContain(token);
        expect(all).not.toContain(encodeURIComponent(token));
        expect(all).not.toContain("reset-password?");
      });

      it("an invitation that fails for good keeps no token either", async () => {
        const link =
          "https://runway.example.edu/reset-password?token=INVITE-SECRET-TOKEN-42&email=inv%40example.edu";
        await enqueueMany(t.db, [
          invitationMail({
            to: "inv@example.edu",
            firstName: "Ivy",
            collegeName: "Test College",
            link,
          }),
        ]);
        await t.db.update(mailOutbox).set({ attempts: MAX_ATTEMPTS - 1 });
        expect(await outboxText(t)).toContain("INVITE-SECRET-TOKEN-42"); // pending: the sender needs it
        sink.failNext(1);
        expect(await deliverDue(t.db, smtp())).toEqual({ sent: 0, failed: 1, lost: 0 });
        const [row] = await t.db.select().from(mailOutbox);
        expect(row).toMatchObject({
          status: "failed",
          attempts: MAX_ATTEMPTS,
          template: "invite",
          to: "inv@example.edu",
        });
        expect(await outboxText(t)).not.toContain("INVITE-SECRET-TOKEN-42");
      });

      it("a retry keeps the body (the next attempt needs it) and the delivered retry carries the code", async () => {
        const { user } = await createUser(t.db, { verified: false });
        await sendVerificationCode(authCtx(t.db), user);
        sink.failNext(1);
        await deliverDue(t.db, smtp());
        const [row] = await t.db.select().from(mailOutbox);
        expect(row.status).toBe("pending");
        expect(row.text).toMatch(/\d{6}/);
        await t.db.update(mailOutbox).set({ nextAttemptAt: sql`now()` });
        await deliverDue(t.db, smtp());
        const code = codeFrom(await sink.waitFor(user.email));
        expect(await outboxText(t)).not.toContain(code);
      });

      it("the sweep removes bodies left on finished rows by an older version", async () => {
        await t.db.insert(mailOutbox).values([
          {
            to: "old@example.edu",
            subject: "Old",
            text: "code 654321",
            status: "sent",
            sentAt: new Date(),
          },
          {
            to: "old2@example.edu",
            subject: "Old",
            text: "link token-xyz",
            html: "<a>token-xyz</a>",
            status: "failed",
          },
          { to: "new@example.edu", subject: "New", text: "pending 111111", notice: "code 111111" },
        ]);
        expect(await purgeFinishedMailBodies(t.db)).toBe(2);
        const all = await outboxText(t);
        expect(all).not.toContain("654321");
        expect(all).not.toContain("token-xyz");
        expect(all).toContain("111111"); // still pending
        expect(await purgeFinishedMailBodies(t.db)).toBe(0);
      });
    });

    describe("console notices and .eml files per mode", () => {
      it("prints codes and links only in development without SMTP", () => {
        expect(consoleNoticesFor({ NODE_ENV: "development" })).toBe(true);
        expect(consoleNoticesFor({ NODE_ENV: "production" })).toBe(false);
        expect(consoleNoticesFor({ NODE_ENV: "test" })).toBe(false);
        expect(consoleNoticesFor({ NODE_ENV: "development", SMTP_URL: "smtp://relay:25" })).toBe(
          false,
        );
      });

      it("the file transport writes a private .eml and prints the code only when notices are on", async () => {
        for (const notices of [true, false]) {
          const dir = fs.mkdtempSync(path.join(os.tmpdir(), "outbox-"));
          const { user } = await createUser(t.db, { verified: false });
          await sendVerificationCode(authCtx(t.db), user);
          const logs: string[] = [];
          const s = createSender({
            from: FROM,
            outboxDir: path.join(dir, "outbox"),
            consoleNotices: notices,
          });
          senders.push(s);
          expect(await deliverDue(t.db, s, (l) => logs.push(l))).toMatchObject({ sent: 1 });
          const [file] = fs.readdirSync(path.join(dir, "outbox"));
          const eml = fs.readFileSync(path.join(dir, "outbox", file), "utf8");
          const code = eml.match(/verification code is (\d{6})/)![1];
          expect(fs.statSync(path.join(dir, "outbox", file)).mode & 0o077).toBe(0);
          const printed = logs.join("\n");
          expect(printed).toContain(user.email);
          if (notices) expect(printed).toContain(code);
          else expect(printed).not.toContain(code);
          expect(await outboxText(t)).not.toContain(code);
        }
      });

      it("with SMTP the log never carries the code, even if notices were asked for", async () => {
        const { user } = await createUser(t.db, { verified: false });
        await sendVerificationCode(authCtx(t.db), user);
        const logs: string[] = [];
        const s = createSender({
          smtpUrl: sink.url,
          from: FROM,
          outboxDir: "",
          consoleNotices: true,
        });
        senders.push(s);
        await deliverDue(t.db, s, (l) => logs.push(l));
        const code = codeFrom(await sink.waitFor(user.email));
        expect(logs.join("\n")).not.toContain(code);
      });
    });
  });
});
