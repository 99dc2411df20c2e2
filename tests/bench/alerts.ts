/**
 * Benchmark: job-alert digests — 20 000 due alerts against 1 000 new jobs (goal < 30 s on
 * PostgreSQL with flat memory). Figures are printed, never asserted.
 *
 *   npm run bench:alerts                                   # PostgreSQL (creates and drops runway_bench_alerts_<pid>)
 *   npm run bench:alerts -- --pglite                       # PGlite in a temporary directory
 *   BENCH_ALERTS=50000 BENCH_NEW_JOBS=2000 BENCH_DATABASE_URL=postgres://… npm run bench:alerts
 *
 * Seeds 10 000 older jobs (published before every alert's window), BENCH_NEW_JOBS new ones (in the
 * window) across 300 companies, 4 000 students and alumni and BENCH_ALERTS weekly/daily alerts
 * whose filters mix words, types, locations and categories like real saved searches. Then one
 * `runDueAlerts` (what the server's timer and `runway alerts run` do): lock, match with the board's
 * rule, close the windows and queue the digests — time, throughput, digests queued, and the
 * process's heap and RSS sampled every 100 ms (peak and end vs start).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { openBenchDb } from "./bench-db";
import { sql } from "drizzle-orm";

const ALERTS = Number(process.env.BENCH_ALERTS ?? 20_000);
const NEW_JOBS = Number(process.env.BENCH_NEW_JOBS ?? 1_000);
const OLD_JOBS = Number(process.env.BENCH_OLD_JOBS ?? 10_000);
const USERS = 4_000;
const usePglite = process.argv.includes("--pglite");
const PG_BASE =
  process.env.BENCH_DATABASE_URL ??
  process.env.BENCH_PG_URL ??
  "postgres://postgres@127.0.0.1:5432/postgres";
const DB_NAME = `runway_bench_alerts_${process.pid}`;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "runway-bench-alerts-"));
process.env.DATA_DIR = dataDir;
process.env.NODE_ENV = "production";
process.env.SESSION_SECRET ??= "bench-secret-bench-secret-bench-secret-00";
process.env.COLLEGE_EMAIL_DOMAIN ??= "example.edu";
delete process.env.DATABASE_URL;

const TITLES = [
  "Pilot",
  "First Officer",
  "Aircraft Mechanic",
  "Avionics Technician",
  "Cabin Crew",
  "Flight Dispatcher",
  "Ramp Agent",
  "Logistics Assistant",
  "Safety Officer",
  "Air Traffic Assistant",
  "IT Support",
  "Ground Crew",
  "Maintenance Planner",
  "Customer Service Agent",
  "Travel Consultant",
];
const WORDS = [
  "pilot",
  "mechanic",
  "avionics",
  "cabin crew",
  "dispatch",
  "ramp",
  "logistics",
  "safety",
  "air traffic",
  "support",
  "maintenance plan",
  "travel",
  "aircraft tech",
  "officer",
  "ground",
];
const SECOND = [
  "work",
  "licensed",
  "engineers",
  "real",
  "shift",
  "carrier",
  "1",
  "2",
  "3",
  "aircraft",
  "w",
];
const LOCATIONS = [
  "Manila",
  "Pasay City",
  "Parañaque",
  "Cebu",
  "Clark",
  "Davao",
  "Iloilo",
  "Remote",
];
const CATEGORIES = ["Maintenance", "Avionics", "Flight Ops", "Ground Ops", "IT", "Logistics"];
const TYPES = ["internship", "ojt", "part-time", "full-time", "contract"];
const lit = (xs: string[]) => `array[${xs.map((x) => `'${x.replace(/'/g, "''")}'`).join(",")}]`;

const mb = (n: number) => `${(n / 1024 / 1024).toFixed(0)} MB`;

async function main() {
  const { migrate } = await import("../../db/migrate");
  const { seedCourses } = await import("../../db/seed/courses");
  const { runDueAlerts } = await import("../../app/models/alert/alert.server");

  const bench = await openBenchDb({
    pglite: usePglite,
    dataDir,
    pgBase: PG_BASE,
    name: DB_NAME,
    max: 5,
  });
  const { handle } = bench;
  const { db } = handle;
  try {
    await migrate(handle);
    await seedCourses(db);
    console.log(
      `seeding (${usePglite ? "PGlite" : "PostgreSQL"}): ${USERS} users, ${OLD_JOBS} older jobs, ` +
        `${NEW_JOBS} new jobs, ${ALERTS} alerts…`,
    );
    const t0 = Date.now();
    await db.execute(
      sql.raw(`insert into users (email, role, first_name, last_name, email_verified_at)
        select 'bench.' || g || '@example.edu', case when g % 3 = 0 then 'alumni' else 'student' end,
               'Bench', 'User ' || g, now()
        from generate_series(1, ${USERS}) g`),
    );
    await db.execute(
      sql.raw(`insert into companies (name, location)
        select 'Carrier ' || g, (${lit(LOCATIONS)})[1 + g % ${LOCATIONS.length}]
        from generate_series(1, 300) g`),
    );
    // Jobs: title, type, location and categories vary with g; published_at is set explicitly so the
    // older jobs fall before every alert's window and the new ones inside it.
    const jobs = (from: number, n: number, published: string) =>
      sql.raw(`insert into jobs (title, company_id, job_type, location, categories, description,
                                 status, is_approved, published_at, created_at)
        select (${lit(TITLES)})[1 + g % ${TITLES.length}] || ' ' || g,
               (array(select id from companies order by name))[1 + (g * 7) % 300],
               (${lit(TYPES)})[1 + (g / 3) % ${TYPES.length}],
               (${lit(LOCATIONS)})[1 + (g / 5) % ${LOCATIONS.length}],
               array[(${lit(CATEGORIES)})[1 + g % ${CATEGORIES.length}]],
               'Work with licensed engineers on real aircraft. Shift ' || g,
               'active', true, ${published}, ${published}
        from generate_series(${from}, ${from + n - 1}) g`);
    await db.execute(jobs(1, OLD_JOBS, `now() - interval '30 days' + make_interval(secs => g)`));
    await db.execute(
      jobs(
        OLD_JOBS + 1,
        NEW_JOBS,
        `now() - interval '6 days' + make_interval(secs => (g - ${OLD_JOBS}) * 60)`,
      ),
    );
    // Alerts: 80 % with words (a third of them two words), 30 % a type, 30 % a location, 20 % a
    // category, drawn independently so that few alerts share exactly the same search; all due.
    await db.execute(
      sql.raw(`insert into job_alerts (user_id, name, q, job_type, location, category, frequency, watermark)
        select (array(select id from users order by email))[1 + g % ${USERS}],
               'Alert ' || g,
               case when g % 5 <> 0 then (${lit(WORDS)})[1 + (g * 7) % ${WORDS.length}]
                 || case when g % 3 = 0 then ' ' || (${lit(SECOND)})[1 + (g / 3) % ${SECOND.length}] else '' end
               else '' end,
               case when (g / 2) % 10 < 3 then (${lit(TYPES)})[1 + (g / 7) % ${TYPES.length}] end,
               case when (g / 3) % 10 between 3 and 5 then (${lit(LOCATIONS)})[1 + (g / 11) % ${LOCATIONS.length}] end,
               case when (g / 5) % 5 = 1 then (${lit(CATEGORIES)})[1 + (g / 13) % ${CATEGORIES.length}] end,
               case when g % 2 = 0 then 'weekly' else 'daily' end,
               now() - interval '8 days'
        from generate_series(1, ${ALERTS}) g`),
    );
    await db.execute(sql`analyze`);
    console.log(`seeded in ${((Date.now() - t0) / 1000).toFixed(1)} s`);

    global.gc?.();
    const start = process.memoryUsage();
    let peakHeap = start.heapUsed;
    let peakRss = start.rss;
    const sampler = setInterval(() => {
      const m = process.memoryUsage();
      peakHeap = Math.max(peakHeap, m.heapUsed);
      peakRss = Math.max(peakRss, m.rss);
    }, 100);
    const [distinct] = await handle.rows<{ n: number }>(
      sql`select count(distinct (q, job_type, location, category))::int as n from job_alerts`,
    );
    if (process.env.BENCH_SEED_ONLY) return;
    const t1 = performance.now();
    const r = await runDueAlerts(db, {
      settleMs: 0,
      batchSize: process.env.BENCH_BATCH ? Number(process.env.BENCH_BATCH) : undefined,
      config: { publicUrl: "https://runway.example.edu", secret: "bench" },
    });
    const seconds = (performance.now() - t1) / 1000;
    clearInterval(sampler);
    const end = process.memoryUsage();
    const [q] = await handle.rows<{ n: number }>(
      sql`select count(*)::int as n from mail_outbox where template = 'job_alert'`,
    );
    console.log("");
    console.log(`alerts due          ${ALERTS}`);
    console.log(`alerts checked      ${r.checked}`);
    console.log(`distinct searches   ${distinct.n}`);
    console.log(`digests queued      ${r.sent} (outbox rows: ${q.n})`);
    console.log(`time                ${seconds.toFixed(1)} s  (goal < 30 s)`);
    console.log(`throughput          ${Math.round(r.checked / seconds)} alerts/s`);
    console.log(
      `heap                start ${mb(start.heapUsed)}, peak ${mb(peakHeap)}, end ${mb(end.heapUsed)}`,
    );
    console.log(
      `rss                 start ${mb(start.rss)}, peak ${mb(peakRss)}, end ${mb(end.rss)}`,
    );

    // A second run right after: nothing is due, nothing is queued.
    const t2 = performance.now();
    const again = await runDueAlerts(db, {
      settleMs: 0,
      config: { publicUrl: "https://runway.example.edu", secret: "bench" },
    });
    console.log(
      `second run          ${again.checked} checked, ${again.sent} queued in ${((performance.now() - t2) / 1000).toFixed(2)} s`,
    );
  } finally {
    await bench.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
