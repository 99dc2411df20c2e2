/**
 * Prometheus metrics (prom-client) on a registry of our own. Labels stay bounded: the route is the
 * Remix route id (never a raw path with ids), the status a code. Database figures (the mail
 * outbox by status) are read at scrape time, with a short timeout.
 */
import crypto from "node:crypto";
import { sql } from "drizzle-orm";
import client from "prom-client";
import type { DbHandle } from "#db/client";
import { MAIL_STATUSES } from "#db/constants";
import type { Admission } from "./admission.server";

export interface Metrics {
  registry: client.Registry;
  requests: client.Counter<"method" | "route" | "status">;
  duration: client.Histogram<"method" | "route">;
  dbUnavailable: client.Counter;
  admissionRejected: client.Counter<"reason">;
  admissionWait: client.Histogram;
  loadShed: client.Counter;
}

/** One set per process (kept on globalThis: `remix dev` rebuilds must not register twice). */
export function createMetrics(deps: {
  getHandle: () => Promise<DbHandle>;
  admission: Admission;
  draining: () => boolean;
  eventLoopDelayMs?: () => number;
}): Metrics {
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry });
  const requests = new client.Counter({
    name: "runway_http_requests_total",
    help: "HTTP requests answered, by method, route (Remix route id) and status code.",
    labelNames: ["method", "route", "status"] as const,
    registers: [registry],
  });
  const duration = new client.Histogram({
    name: "runway_http_request_duration_seconds",
    help: "Time to the end of the answer, by method and route.",
    labelNames: ["method", "route"] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [registry],
  });
  const dbUnavailable = new client.Counter({
    name: "runway_db_unavailable_total",
    help: "Requests answered 503 because the database was unreachable or timed out.",
    registers: [registry],
  });
  const admissionRejected = new client.Counter({
    name: "runway_admission_rejected_total",
    help: "Requests refused with 503 by the PGlite admission gate, by reason (queue_full, timeout).",
    labelNames: ["reason"] as const,
    registers: [registry],
  });
  const admissionWait = new client.Histogram({
    name: "runway_admission_wait_seconds",
    help: "Time requests waited in the PGlite admission queue before running.",
    buckets: [0.001, 0.01, 0.05, 0.1, 0.25, 0.5, 1, 2, 5],
    registers: [registry],
  });
  new client.Gauge({
    name: "runway_admission_queue_length",
    help: "Requests waiting for the PGlite admission gate.",
    registers: [registry],
    collect() {
      this.set(deps.admission.queueLength);
    },
  });
  new client.Gauge({
    name: "runway_admission_in_flight",
    help: "Requests holding a PGlite admission slot.",
    registers: [registry],
    collect() {
      this.set(deps.admission.activeCount);
    },
  });
  new client.Gauge({
    name: "runway_draining",
    help: "1 while this instance drains for shutdown.",
    registers: [registry],
    collect() {
      this.set(deps.draining() ? 1 : 0);
    },
  });
  // Database figures are read once per scrape (each gauge's collect awaits the same read).
  let reading: Promise<void> | null = null;
  const readDatabase = () =>
    (reading ??= (async () => {
      const t = performance.now();
      try {
        const h = await deps.getHandle();
        figures.poolSize = h.driver === "pglite" ? 1 : (h.poolSize ?? 0);
        const rows = await withTimeout(
          h.rows<{ status: string; n: string | number; oldest: string | number | null }>(
            sql`select status, count(*) as n,
                  extract(epoch from now() - min(created_at) filter (where status = 'pending')) as oldest
                from mail_outbox group by status`,
          ),
          2000,
        );
        figures.outbox = Object.fromEntries(MAIL_STATUSES.map((s) => [s, 0]));
        figures.oldest = 0;
        for (const r of rows) {
          figures.outbox[r.status] = Number(r.n);
          if (r.oldest !== null && r.oldest !== undefined)
            figures.oldest = Math.max(figures.oldest, Number(r.oldest));
        }
        figures.up = 1;
      } catch {
        // No stale figures: an outage shows as runway_db_up 0 and no outbox series.
        figures.outbox = null;
        figures.up = 0;
      }
      figures.seconds = (performance.now() - t) / 1000;
    })().finally(() => setTimeout(() => (reading = null), 500).unref()));
  const figures: {
    poolSize: number;
    up: number;
    outbox: Record<string, number> | null;
    oldest: number;
    seconds: number;
  } = {
    poolSize: 0,
    up: 0,
    outbox: null,
    oldest: 0,
    seconds: 0,
  };
  new client.Gauge({
    name: "runway_db_pool_size",
    help: "Configured PostgreSQL connection pool size (PGlite: 1). postgres.js does not report busy connections.",
    registers: [registry],
    async collect() {
      await readDatabase();
      this.set(figures.poolSize);
    },
  });
  new client.Gauge({
    name: "runway_db_up",
    help: "1 when the database answered the scrape's queries, else 0.",
    registers: [registry],
    async collect() {
      await readDatabase();
      this.set(figures.up);
    },
  });
  new client.Gauge({
    name: "runway_mail_outbox_messages",
    help: "Messages in the mail outbox by status (pending = depth, failed = given up).",
    labelNames: ["status"] as const,
    registers: [registry],
    async collect() {
      await readDatabase();
      this.reset();
      for (const [status, n] of Object.entries(figures.outbox ?? {})) this.set({ status }, n);
    },
  });
  new client.Gauge({
    name: "runway_mail_outbox_oldest_pending_seconds",
    help: "Age of the oldest pending message (0 when none).",
    registers: [registry],
    async collect() {
      await readDatabase();
      this.set(figures.oldest);
    },
  });
  new client.Gauge({
    name: "runway_scrape_database_seconds",
    help: "Time the scrape spent reading database figures.",
    registers: [registry],
    async collect() {
      await readDatabase();
      this.set(figures.seconds);
    },
  });
  const loadShed = new client.Counter({
    name: "runway_load_shed_total",
    help: "Requests refused with 503 at once because the event loop's delay was over EVENT_LOOP_MAX_DELAY.",
    registers: [registry],
  });
  new client.Gauge({
    name: "runway_event_loop_delay_seconds",
    help: "The event loop's delay in the last sample (what load shedding compares with EVENT_LOOP_MAX_DELAY).",
    registers: [registry],
    collect() {
      this.set((deps.eventLoopDelayMs?.() ?? 0) / 1000);
    },
  });
  return {
    registry,
    requests,
    duration,
    dbUnavailable,
    admissionRejected,
    admissionWait,
    loadShed,
  };
}

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const t = setTimeout(() => reject(new Error("timeout")), ms);
    p.then(
      (v) => (clearTimeout(t), resolve(v)),
      (e) => (clearTimeout(t), reject(e)),
    );
  });
}

/** Constant-time check of `Authorization: Bearer <token>` (digests, so lengths never leak). */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const m = header?.match(/^Bearer[ \t]+(\S+)[ \t]*$/i);
  const given = crypto
    .createHash("sha256")
    .update(m ? m[1] : "")
    .digest();
  const expected = crypto.createHash("sha256").update(token).digest();
  return crypto.timingSafeEqual(given, expected) && !!m;
}
