/**
 * Operations over HTTP, against the built server: /healthz and /readyz (with a missing migration),
 * request ids, /metrics (off = 404, token required, bounded route labels, outbox counts) and the
 * PGlite admission gate refusing a burst with 503 + Retry-After.
 */
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { mailOutbox } from "../../db/schema";
import { createJob, createUser } from "../factories";
import { forEachDb, type TestDb } from "../setup/db";
import { useServer } from "../setup/http";

const METRICS_TOKEN = "metrics-token-for-the-tests-0123456789";

forEachDb((t) => {
  const app = useServer(t, { mail: false });
  const metricsApp = useServer(t, { mail: false, env: { METRICS_TOKEN } });
  const proxied = useServer(t, { mail: false, env: { TRUST_PROXY: true } });

  describe("health", () => {
    it("/healthz is 200 without touching the database; /readyz reports database and migrations", async () => {
      const h = await app.api("/healthz");
      expect(h.status).toBe(200);
      expect(h.body).toMatchObject({ status: "ok", draining: false });
      const r = await app.api("/readyz");
      expect(r.status).toBe(200);
      expect(r.body).toMatchObject({
        status: "ready",
        draining: false,
        database: { ok: true },
        migrations: { ok: true, pending: [] },
      });
      expect(r.body.migrations.applied).toBe(r.body.migrations.expected);
      expect(r.headers.get("cache-control")).toBe("no-store");
    });

    it("/readyz is 503 while a committed migration is not recorded in the database", async () => {
      const [last] = await t.handle.rows<{ id: number; hash: string; created_at: string }>(
        sql`select id, hash, created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`,
      );
      await t.db.execute(sql`delete from drizzle.__drizzle_migrations where id = ${last.id}`);
      try {
        const r = await app.api("/readyz");
        expect(r.status).toBe(503);
        expect(r.headers.get("retry-after")).toBeTruthy();
        expect(r.body.status).toBe("not_ready");
        expect(r.body.database.ok).toBe(true);
        expect(r.body.migrations.ok).toBe(false);
        expect(r.body.migrations.pending).toHaveLength(1);
      } finally {
        await t.db.execute(
          sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${last.id}, ${last.hash}, ${last.created_at})`,
        );
      }
      expect((await app.api("/readyz")).status).toBe(200);
    });
  });

  describe("request ids", () => {
    it("every answer carries a fresh X-Request-Id; a client's own is ignored without TRUST_PROXY", async () => {
      const a = await app.fetch("/", { headers: { "X-Request-Id": "forged-id" } });
      const b = await app.fetch("/favicon.svg");
      const c = await app.fetch("/api/nope");
      const ids = [a, b, c].map((r) => r.headers.get("x-request-id"));
      for (const id of ids) expect(id).toMatch(/^[0-9a-f-]{36}$/);
      expect(new Set(ids).size).toBe(3);
    });

    it("behind a trusted proxy its X-Request-Id is kept when it is a short token", async () => {
      const a = await proxied.fetch("/healthz", { headers: { "X-Request-Id": "lb-7f3a.42" } });
      expect(a.headers.get("x-request-id")).toBe("lb-7f3a.42");
      const b = await proxied.fetch("/healthz", { headers: { "X-Request-Id": "<img src=x>" } });
      expect(b.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    });
  });

  describe("/metrics", () => {
    it("is 404 when METRICS_TOKEN is unset", async () => {
      expect((await app.fetch("/metrics")).status).toBe(404);
      expect(
        (await app.fetch("/metrics", { headers: { Authorization: `Bearer ${METRICS_TOKEN}` } }))
          .status,
      ).toBe(404);
    });

    it("needs the bearer token: missing, wrong, near-miss and other schemes are 401", async () => {
      for (const auth of [
        undefined,
        "Bearer wrong",
        `Bearer ${METRICS_TOKEN}x`,
        `Bearer ${METRICS_TOKEN.slice(0, -1)}`,
        `Basic ${METRICS_TOKEN}`,
      ]) {
        const r = await metricsApp.fetch("/metrics", {
          headers: auth ? { Authorization: auth } : {},
        });
        expect(r.status, auth).toBe(401);
        expect(await r.text()).not.toContain("runway_");
      }
    });

    it("reports requests by route id (never raw ids), outbox depth and failures, admission and process metrics", async () => {
      const { user } = await createUser(t.db, { role: "student" });
      const job = await createJob(t.db, { title: "Metrics Intern" });
      await t.db.insert(mailOutbox).values([
        { to: user.email, subject: "a", text: "a" },
        { to: user.email, subject: "b", text: "b" },
        { to: user.email, subject: "c", text: "c", status: "failed" },
      ]);
      // Bodies read to the end: a request is counted when its answer is complete.
      for (const p of [
        `/jobs/${job.id}`,
        `/jobs/00000000-0000-4000-8000-000000000000`,
        `/api/jobs/${job.id}`,
      ]) {
        await (await metricsApp.fetch(p)).text();
      }
      const r = await metricsApp.fetch("/metrics", {
        headers: { Authorization: `Bearer ${METRICS_TOKEN}` },
      });
      expect(r.status).toBe(200);
      expect(r.headers.get("content-type")).toMatch(/^text\/plain/);
      const text = await r.text();
      expect(text).toMatch(
        /runway_http_requests_total\{method="GET",route="routes\/jobs\+\/\$id",status="200"\} 1/,
      );
      expect(text).toMatch(
        /runway_http_requests_total\{method="GET",route="routes\/jobs\+\/\$id",status="404"\} 1/,
      );
      expect(text).toMatch(
        /runway_http_request_duration_seconds_bucket\{le="[^"]+",method="GET",route="routes\/api\+\/jobs\.\$id"\}/,
      );
      expect(text).not.toContain(job.id);
      expect(text).toMatch(/runway_mail_outbox_messages\{status="pending"\} 2/);
      expect(text).toMatch(/runway_mail_outbox_messages\{status="failed"\} 1/);
      expect(text).toMatch(/runway_db_up 1/);
      expect(text).toMatch(/runway_admission_queue_length \d+/);
      expect(text).toMatch(/process_resident_memory_bytes \d+/);
      expect(text).not.toContain("@example.edu");
    });
  });
});

/**
 * A login request held inside its route: the test's own transaction locks the users table first
 * (on PGlite, whose one connection it then holds, every query waits), so the request keeps its
 * admission slot until `finish()`. (A body left unfinished no longer holds one: a request takes a
 * slot only once its body has arrived.)
 */
async function holdSlot(t: TestDb, url: string) {
  let unlock = () => {};
  let locked = () => {};
  const isLocked = new Promise<void>((r) => (locked = r));
  const tx = t.db.transaction(async (tx) => {
    await tx.execute(sql`lock table users in access exclusive mode`);
    locked();
    await new Promise<void>((r) => (unlock = r));
  });
  await isLocked;
  const answer = fetch(`${url}/api/auth/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email: "nobody@example.edu", password: "x".repeat(16) }),
  });
  return {
    finish: async () => {
      unlock();
      await tx;
      const r = await answer;
      await r.text();
      return r.status;
    },
  };
}

describe("admission gate", () => {
  forEachDb((t) => {
    // The gate guards PGlite's single connection (PostgreSQL has a pool); the test servers run
    // without DATABASE_URL, so the gate is on whichever database is injected.
    const tight = useServer(t, {
      mail: false,
      env: { PGLITE_MAX_CONCURRENT: 1, PGLITE_QUEUE_LIMIT: 1, PGLITE_QUEUE_TIMEOUT: 0.3 },
    });

    it("beyond the limit and the queue, requests are refused at once with 503 + Retry-After; health and static files never queue", async () => {
      // The refusal's log line names who holds the slots (the server logs to this process's stderr).
      // Identical warnings are folded for 5 s: let the other driver's run of this test age out.
      await new Promise((r) => setTimeout(r, 5_100));
      const logged: string[] = [];
      const write = process.stderr.write.bind(process.stderr);
      process.stderr.write = ((chunk: string | Uint8Array, ...rest: never[]) => {
        logged.push(String(chunk));
        return write(chunk, ...rest);
      }) as typeof process.stderr.write;
      const holder = await holdSlot(t, tight.url);
      // Wait until the holder is inside (a request gets queued, then times out).
      let queued: Response | undefined;
      for (let i = 0; i < 50; i++) {
        queued = await tight.fetch("/api/public/jobs", { headers: { Accept: "application/json" } });
        if (queued.status === 503) break;
        await queued.text();
        await new Promise((r) => setTimeout(r, 50));
      }
      expect(queued!.status).toBe(503);
      expect(queued!.headers.get("retry-after")).toMatch(/^\d+$/);
      expect(await queued!.json()).toEqual({
        message: "The server is busy. Please try again in a moment.",
      });
      // One waits in the queue (and times out), the rest are refused without waiting.
      const burst = await Promise.all(Array.from({ length: 10 }, () => tight.fetch("/jobs")));
      expect(burst.map((r) => r.status)).toEqual(Array(10).fill(503));
      for (const r of burst) {
        expect(r.headers.get("retry-after")).toMatch(/^\d+$/);
        expect(await r.text()).toBe("The server is busy. Please try again in a moment.");
      }
      const side = await Promise.all([tight.fetch("/healthz"), tight.fetch("/favicon.svg")]);
      expect(side.map((r) => r.status)).toEqual([200, 200]);
      process.stderr.write = write;
      expect(logged.join("")).toMatch(
        /busy: request refused \(timeout\).*holding=POST routes\/api\+\/auth\.login \(run, \d+ s\)/,
      );
      expect(await holder.finish()).toBeGreaterThanOrEqual(400); // a bad login body, answered normally
      const after = await tight.fetch("/api/public/jobs");
      expect(after.status).toBe(200);
      expect((await tight.fetch("/readyz")).status).toBe(200);
    });
  });
});
