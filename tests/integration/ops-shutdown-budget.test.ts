/**
 * The whole shutdown fits SHUTDOWN_TIMEOUT. The real `node server.mjs` on PGlite, a relay that
 * takes a message and never answers (a send in flight), more mail due, one request in flight that
 * never completes, and an idle keep-alive connection. On SIGTERM: the request on the keep-alive
 * connection gets 503 + `Connection: close` (not a reset), the sender claims nothing more, the
 * stalled send is abandoned unmarked at the deadline (its lease brings it back later), and the
 * process exits within SHUTDOWN_TIMEOUT + 1 s. The old server waited 20 s more for the send.
 */
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createDb, openPglite } from "../../db/client";
import { enqueueMail } from "../../app/models/mail/mail.server";
import { loadPgliteTemplate } from "../setup/db";
import { startSmtpSink } from "../setup/smtp-sink";
import { startServer } from "../setup/spawn-server";

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "runway-budget-"));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

/** 3 s keeps the test short; SHUTDOWN_BUDGET_SECONDS=25 measures the default. */
const SHUTDOWN_TIMEOUT = Number(process.env.SHUTDOWN_BUDGET_SECONDS || 3);
const MESSAGES = 5;

async function seed(dataDir: string, messages = MESSAGES) {
  fs.mkdirSync(dataDir, { recursive: true });
  const h = await createDb({ pglite: await loadPgliteTemplate(path.join(dataDir, "pglite")) });
  for (let i = 0; i < messages; i++)
    await enqueueMail(h.db, {
      to: `budget${i}@example.edu`,
      subject: `Budget ${String(i).padStart(2, "0")}`,
      text: `Message ${i}`,
    });
  await h.close();
}

/** A raw HTTP/1.1 connection: requests written by hand, so the same socket is reused. */
function connect(port: number) {
  const socket = net.connect(port, "127.0.0.1");
  let buffer = "";
  let closed = false;
  socket.setEncoding("utf8");
  socket.on("data", (d: string) => (buffer += d));
  socket.on("close", () => (closed = true));
  socket.on("error", () => (closed = true));
  return {
    socket,
    ready: new Promise<void>((r) => socket.once("connect", () => r())),
    /** Sends a GET and resolves with the status line and headers of the answer (or the error). */
    async get(p: string): Promise<{ status: number; headers: string } | { error: string }> {
      buffer = "";
      socket.write(`GET ${p} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n`);
      for (let i = 0; i < 200; i++) {
        const end = buffer.indexOf("\r\n\r\n");
        if (end !== -1) {
          const head = buffer.slice(0, end);
          return { status: Number(head.split(" ")[1]), headers: head.toLowerCase() };
        }
        if (closed) return { error: "connection closed without an answer" };
        await new Promise((r) => setTimeout(r, 25));
      }
      return { error: "no answer" };
    },
  };
}

describe("shutdown budget", { timeout: 120_000 }, () => {
  it("exits within SHUTDOWN_TIMEOUT + 1 s with a stalled send and a request in flight; keep-alive gets 503", async () => {
    const dataDir = path.join(tmp, "data");
    await seed(dataDir);
    const sink = await startSmtpSink();
    sink.pause(); // takes the message, never answers: a send in flight for as long as we like
    const { child, port, output } = await startServer(dataDir, {
      SMTP_URL: sink.url,
      SHUTDOWN_TIMEOUT: String(SHUTDOWN_TIMEOUT),
    });
    // "close", not "exit": the child's last log lines may still be in its pipes when it exits.
    const exited = new Promise<number | null>((r) => child.once("close", (code) => r(code)));
    try {
      // The sender has claimed the first message and is waiting for the relay's answer.
      await expect.poll(() => sink.waiting(), { timeout: 15_000 }).toBe(1);

      // An idle keep-alive connection, used once before the signal.
      const keepAlive = connect(port);
      await keepAlive.ready;
      const first = await keepAlive.get("/healthz");
      expect(first).toMatchObject({ status: 200 });

      // A request in flight that never completes: its body never arrives.
      const inFlight = connect(port);
      await inFlight.ready;
      inFlight.socket.write(
        "POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n" +
          "Content-Length: 200\r\n\r\n{",
      );
      await new Promise((r) => setTimeout(r, 200));

      const signalledAt = Date.now();
      child.kill("SIGTERM");
      await expect.poll(() => output(), { timeout: 5000 }).toMatch(/SIGTERM: draining/);

      // A request on the open keep-alive connection during the drain: told, not reset.
      const during = await keepAlive.get("/jobs");
      expect(during).toMatchObject({ status: 503 });
      expect((during as { headers: string }).headers).toMatch(/\r\nconnection: close/);
      expect((during as { headers: string }).headers).toMatch(/\r\nretry-after: \d+/);

      const code = await exited;
      const tookMs = Date.now() - signalledAt;
      // The figure docs/operations.md quotes ("Shutdown budget").
      console.info(`SIGTERM to exit: ${tookMs} ms for SHUTDOWN_TIMEOUT=${SHUTDOWN_TIMEOUT}`);
      expect(tookMs).toBeLessThan((SHUTDOWN_TIMEOUT + 1) * 1000);
      expect(code).toBe(0);
      expect(output()).toMatch(/abandoning the send of message/);
      keepAlive.socket.destroy();
      inFlight.socket.destroy();
    } finally {
      if (child.exitCode === null) child.kill("SIGKILL");
      sink.resume();
      await sink.close();
    }

    // The stalled message is still pending under its lease (retried once the lease runs out), with
    // no failed attempt counted; nothing else was claimed after the signal, nothing was sent.
    const pg = await openPglite(path.join(dataDir, "pglite"));
    try {
      const rows = (
        await pg.query<{ status: string; attempts: number; leased: boolean; claimed: boolean }>(
          `select status, attempts, locked_until > now() as leased, claim is not null as claimed
             from mail_outbox order by subject`,
        )
      ).rows;
      expect(rows.map((r) => r.status)).toEqual(Array(MESSAGES).fill("pending"));
      expect(rows.filter((r) => r.claimed && r.leased)).toHaveLength(1);
      expect(rows.filter((r) => !r.claimed)).toHaveLength(MESSAGES - 1);
      expect(rows.every((r) => r.attempts === 0)).toBe(true);
    } finally {
      await pg.close();
    }
  });
  it("claims nothing more once draining starts, with a slow relay and the drain held open", async () => {
    const N = 12;
    const dataDir = path.join(tmp, "slow");
    await seed(dataDir, N);
    const sink = await startSmtpSink({ delayMs: 400 }); // a slow relay: each message takes 0.4 s
    const { child, port, output } = await startServer(dataDir, {
      SMTP_URL: sink.url,
      SHUTDOWN_TIMEOUT: String(SHUTDOWN_TIMEOUT),
    });
    // "close", not "exit": the child's last log lines may still be in its pipes when it exits.
    const exited = new Promise<number | null>((r) => child.once("close", (code) => r(code)));
    let seenAtSignal = 0;
    try {
      await expect.poll(() => sink.messages.length, { timeout: 15_000 }).toBeGreaterThan(0);
      // A request that holds the drain open for the whole budget: its body never arrives.
      const inFlight = connect(port);
      await inFlight.ready;
      inFlight.socket.write(
        "POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n" +
          "Content-Length: 200\r\n\r\n{",
      );
      await new Promise((r) => setTimeout(r, 100));
      seenAtSignal = sink.messages.length + sink.waiting();
      child.kill("SIGTERM");
      expect(await exited).toBe(0);
      expect(output()).toMatch(/SIGTERM: draining 1 requests/);
      inFlight.socket.destroy();
    } finally {
      if (child.exitCode === null) child.kill("SIGKILL");
      await sink.close();
    }
    // At most the message already being sent at the signal went out after it; during the 3 s of
    // drain the old sender went on claiming and sending one message after another.
    const seen = sink.messages.length + sink.waiting();
    expect(seen).toBeLessThanOrEqual(seenAtSignal + 1);
    const pg = await openPglite(path.join(dataDir, "pglite"));
    try {
      const { rows } = await pg.query<{ n: number }>(
        `select count(*)::int as n from mail_outbox where status = 'pending' and claim is null`,
      );
      expect(rows[0].n).toBeGreaterThanOrEqual(N - seenAtSignal - 1);
      expect(rows[0].n).toBeGreaterThan(0);
    } finally {
      await pg.close();
    }
  });
});
