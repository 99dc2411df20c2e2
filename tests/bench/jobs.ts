/**
 * Jobs benchmark, on PostgreSQL:
 *
 *  1. Seeds 100 000 jobs across 300 companies (realistic aviation titles and descriptions) into
 *     its own database, starts the real server (server.mjs) and a floor server (jobs-floor.tsx:
 *     node:http + postgres.js running the identical SQL), and measures with autocannon on loopback
 *     GET /api/jobs?approvedOnly=true&status=active&q=<term> and /jobs?q=<term>: requests per
 *     second and p50/p95/p99 latency, alternating app and floor over several rounds (medians).
 *  2. Seeds 1 000 000 jobs into a second database and prints query times of the public search for
 *     common, prefix, mid, rare and absent terms and filters — first page and a deep page — plus
 *     what the planner does with the naive query, for comparison.
 *
 *   npm run bench:jobs -- [--jobs 100000] [--big 1000000] [--companies 300] [--duration 8]
 *                         [--rounds 3] [--connections 10] [--skip-http] [--skip-big] [--reuse] [--keep]
 *                         [--cpu-prof <dir>] [--only api|page]
 *
 * --cpu-prof writes the app server's V8 CPU profile of the whole HTTP run into <dir> (summarise it
 * with tests/bench/cpuprofile-top.ts); the floor server is not profiled. --only api or --only page
 * runs that one target (three terms) instead of both, so a profile holds one kind of request. The
 * last line gives the app server's CPU time (from /proc) per request answered, start-up excluded.
 *
 * Databases are named runway_bench_jobs_<size> (or $BENCH_DB_PREFIX_<size>) on BENCH_DATABASE_URL's
 * server (default postgres://postgres@127.0.0.1:5432/postgres) and dropped at the end unless --keep;
 * --reuse keeps a database of the right size and applies newer migrations to it.
 */
import { fork, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import { PgDialect } from "drizzle-orm/pg-core";
import postgres from "postgres";
import { createDb } from "../../db/client";
import { migrate } from "../../db/migrate";
import { publicSearchSql, searchAllJobs, type JobFilters } from "../../app/models/job/job.server";
import { seedCompanies, seedJobs, TERMS } from "./jobs-data";

const { values: opt } = parseArgs({
  options: {
    jobs: { type: "string", default: "100000" },
    big: { type: "string", default: "1000000" },
    companies: { type: "string", default: "300" },
    duration: { type: "string", default: "8" },
    rounds: { type: "string", default: "3" },
    connections: { type: "string", default: "10" },
    "skip-http": { type: "boolean", default: false },
    "skip-big": { type: "boolean", default: false },
    reuse: { type: "boolean", default: false },
    keep: { type: "boolean", default: false },
    "cpu-prof": { type: "string" },
    only: { type: "string" },
  },
});
const N = Number(opt.jobs);
const BIG = Number(opt.big);
const COMPANIES = Number(opt.companies);
const DURATION = Number(opt.duration);
const ROUNDS = Number(opt.rounds);
const CONNECTIONS = Number(opt.connections);
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "../..");

const dbUrl = (name: string) => {
  const u = new URL(ADMIN_URL);
  u.pathname = `/${name}`;
  return u.toString();
};
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length
    ? s.length % 2
      ? s[(s.length - 1) / 2]
      : (s[s.length / 2 - 1] + s[s.length / 2]) / 2
    : NaN;
};
const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
const fmt = (n: number, d = 1) => (Number.isFinite(n) ? n.toFixed(d) : "—");
const log = (...a: unknown[]) => console.log(...a);

// ─── Databases ──────────────────────────────────────────────────────────────────────────────────

async function prepareDb(name: string, jobs: number): Promise<string> {
  const admin = postgres(ADMIN_URL, { max: 1, onnotice: () => {} });
  const url = dbUrl(name);
  try {
    const exists = (await admin`select 1 from pg_database where datname = ${name}`).length > 0;
    if (exists && opt.reuse) {
      const c = postgres(url, { max: 1, onnotice: () => {} });
      const [{ n }] = await c`select count(*)::int as n from jobs`;
      await c.end();
      if (n === jobs) {
        log(`  reusing ${name} (${n.toLocaleString("en")} jobs)`);
        // Newer migrations (search document changes) apply to a kept database as well.
        const h = await createDb({ databaseUrl: url, max: 1 });
        await migrate(h);
        await h.close();
        return url;
      }
    }
    await admin.unsafe(`drop database if exists "${name}" with (force)`);
    await admin.unsafe(`create database "${name}"`);
  } finally {
    await admin.end();
  }
  const h = await createDb({ databaseUrl: url, max: 1 });
  await migrate(h);
  await h.close();
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  const t0 = Date.now();
  await seedCompanies(sql, COMPANIES);
  // Bulk loads build the GIN/trigram indexes once at the end (much faster than row by row).
  const bulk = jobs >= 200_000;
  const rebuild: string[] = [];
  if (bulk) {
    for (const r of await sql`select indexname, indexdef from pg_indexes where tablename = 'jobs' and indexdef ilike '%using gin%'`) {
      rebuild.push(r.indexdef as string);
      await sql.unsafe(`drop index "${r.indexname}"`);
    }
  }
  let last = 0;
  await seedJobs(sql, jobs, {
    onProgress: (d) => {
      if (d - last >= 100_000 || d === jobs) {
        last = d;
        log(
          `  ${name}: ${d.toLocaleString("en")} jobs (${((Date.now() - t0) / 1000).toFixed(0)} s)`,
        );
      }
    },
  });
  if (rebuild.length) {
    await sql.unsafe(`set maintenance_work_mem = '256MB'`);
    for (const def of rebuild) await sql.unsafe(def);
  }
  await sql.unsafe("vacuum analyze jobs");
  await sql.unsafe("vacuum analyze companies");
  log(`  ${name}: seeded in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
  await sql.end();
  return url;
}

async function dropDb(name: string) {
  const admin = postgres(ADMIN_URL, { max: 1, onnotice: () => {} });
  await admin.unsafe(`drop database if exists "${name}" with (force)`);
  await admin.end();
}

// ─── Servers ────────────────────────────────────────────────────────────────────────────────────

function waitReady(child: ChildProcess, what: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${what} did not start`)), 120_000);
    child.on("message", (m: { ready?: boolean; port?: number }) => {
      if (m?.ready) {
        clearTimeout(timer);
        resolve(m.port!);
      }
    });
    child.on("exit", (code) => reject(new Error(`${what} exited with ${code}`)));
  });
}

async function startApp(url: string): Promise<{ port: number; child: ChildProcess }> {
  if (!fs.existsSync(path.join(root, "build", "index.js")))
    throw new Error("Run `npm run build` first.");
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "runway-bench-"));
  const child = fork(path.join(root, "server.mjs"), [], {
    cwd: root,
    execArgv: opt["cpu-prof"] ? ["--cpu-prof", "--cpu-prof-dir", opt["cpu-prof"]] : [],
    env: {
      ...process.env,
      DATABASE_URL: url,
      PORT: "0",
      HOST: "127.0.0.1",
      NODE_ENV: "production",
      RUNWAY_SKIP_BUILD_CHECK: "1",
      DATA_DIR: dataDir,
      SESSION_SECRET: "bench-secret-bench-secret-bench-secret-00",
      LOG_REQUESTS: "false",
    },
    stdio: ["ignore", "ignore", "inherit", "ipc"],
  });
  return { port: await waitReady(child, "app server"), child };
}

async function startFloor(url: string): Promise<{ port: number; child: ChildProcess }> {
  const child = fork(path.join(root, "tests", "bench", "jobs-floor.tsx"), [], {
    cwd: root,
    execArgv: ["--import", "tsx"],
    env: {
      ...process.env,
      DATABASE_URL: url,
      PORT: "0",
      SESSION_SECRET: "bench-secret-bench-secret-bench-secret-00",
    },
    stdio: ["ignore", "ignore", "inherit", "ipc"],
  });
  return { port: await waitReady(child, "floor server"), child };
}

const stop = (c: ChildProcess) =>
  new Promise<void>((r) => {
    if (c.exitCode !== null) return r();
    c.once("exit", () => r());
    c.kill("SIGTERM");
  });

// ─── Load ───────────────────────────────────────────────────────────────────────────────────────

interface Run {
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
}

/** Requests answered per port over the whole run (warm-ups included). */
const served = new Map<string, number>();

/**
 * CPU time (user + system) a child process has used so far, in ms, from /proc (Linux; NaN
 * elsewhere): on a busy machine a profile's sampled time also counts the time the process waited
 * for a core, this does not.
 */
function cpuMs(pid: number | undefined): number {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime, stime at 100 Hz
  } catch {
    return NaN;
  }
}

function load(url: string, duration: number): Promise<Run> {
  return new Promise((resolve, reject) => {
    const lat: number[] = [];
    let errors = 0;
    const inst = autocannon(
      { url, connections: CONNECTIONS, duration, pipelining: 1 },
      (err, result) => {
        if (err) return reject(err);
        const port = new URL(url).port;
        served.set(port, (served.get(port) ?? 0) + result.requests.total);
        lat.sort((a, b) => a - b);
        resolve({
          rps: (result.requests.total - errors) / result.duration,
          p50: pct(lat, 50),
          p95: pct(lat, 95),
          p99: pct(lat, 99),
          errors: errors + result.errors + result.timeouts,
        });
      },
    );
    inst.on("response", (_client: unknown, status: number, _bytes: number, ms: number) => {
      if (status === 200) lat.push(ms);
      else errors++;
    });
  });
}

async function httpBench(url: string) {
  log(
    `\n== HTTP: ${N.toLocaleString("en")} jobs, ${CONNECTIONS} connections, ${DURATION} s × ${ROUNDS} rounds per side (medians)`,
  );
  const app = await startApp(url);
  const floor = await startFloor(url);
  const terms = [TERMS.common, TERMS.rare, TERMS.absent];
  const targets = [
    {
      name: "API ",
      path: (q: string) => `/api/jobs?approvedOnly=true&status=active&q=${q}`,
      goal: 0.6,
    },
    { name: "page", path: (q: string) => `/jobs?q=${q}`, goal: 0.5 },
  ].filter((t) => !opt.only || t.name.trim() === opt.only);
  const rows: string[] = [];
  const cpuAtStart = cpuMs(app.child.pid);
  let cpuUsed = NaN;
  try {
    for (const target of targets) {
      for (const term of terms) {
        const a: Run[] = [];
        const f: Run[] = [];
        await load(`http://127.0.0.1:${app.port}${target.path(term)}`, 2); // warm-up
        await load(`http://127.0.0.1:${floor.port}${target.path(term)}`, 2);
        for (let r = 0; r < ROUNDS; r++) {
          const order = r % 2 ? ["floor", "app"] : ["app", "floor"];
          for (const side of order) {
            const port = side === "app" ? app.port : floor.port;
            (side === "app" ? a : f).push(
              await load(`http://127.0.0.1:${port}${target.path(term)}`, DURATION),
            );
          }
        }
        const m = (xs: Run[], k: keyof Run) => median(xs.map((x) => x[k]));
        const ratio = m(a, "rps") / m(f, "rps");
        const line =
          `${target.name} q=${term.padEnd(9)} app ${fmt(m(a, "rps"), 0).padStart(6)} req/s p50 ${fmt(m(a, "p50"))} p95 ${fmt(m(a, "p95"))} p99 ${fmt(m(a, "p99"))} ms | ` +
          `floor ${fmt(m(f, "rps"), 0).padStart(6)} req/s p50 ${fmt(m(f, "p50"))} p95 ${fmt(m(f, "p95"))} p99 ${fmt(m(f, "p99"))} ms | ` +
          `ratio ${fmt(ratio, 2)} (goal ≥ ${target.goal}${target.name.trim() === "API" ? ", p95 < 50 ms" : ""})` +
          (a.some((x) => x.errors) || f.some((x) => x.errors)
            ? `  errors app ${a.map((x) => x.errors).join("/")} floor ${f.map((x) => x.errors).join("/")}`
            : "");
        rows.push(line);
        log(line);
      }
    }
    cpuUsed = cpuMs(app.child.pid) - cpuAtStart;
  } finally {
    await stop(app.child);
    await stop(floor.child);
  }
  const appServed = served.get(String(app.port)) ?? 0;
  const line =
    `app served ${appServed} requests, floor ${served.get(String(floor.port)) ?? 0} (warm-ups included); ` +
    `app CPU ${fmt(cpuUsed / 1000, 1)} s after start-up = ${fmt(cpuUsed / appServed)} ms per request`;
  rows.push(line);
  log(line);
  return rows;
}

// ─── Query times ────────────────────────────────────────────────────────────────────────────────

async function queryTimes(url: string, size: number) {
  log(
    `\n== Query times at ${size.toLocaleString("en")} jobs (median of 7 after 2 warm-ups; page size 10)`,
  );
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  const dialect = new PgDialect();
  const time = async (text: string, params: unknown[]) => {
    const ms: number[] = [];
    let last: Array<Record<string, unknown>> = [];
    for (let i = 0; i < 9; i++) {
      const t = performance.now();
      last = (await sql.unsafe(text, params as never[])) as unknown as Array<
        Record<string, unknown>
      >;
      if (i >= 2) ms.push(performance.now() - t);
    }
    return { ms: median(ms), max: Math.max(...ms), rows: last };
  };
  const cases: Array<[string, JobFilters]> = [
    ["no term", {}],
    [`common "${TERMS.common}"`, { q: TERMS.common }],
    [`prefix "${TERMS.prefix}"`, { q: TERMS.prefix }],
    [`mid "${TERMS.mid}"`, { q: TERMS.mid }],
    [`rare "${TERMS.rare}"`, { q: TERMS.rare }],
    [`absent "${TERMS.absent}"`, { q: TERMS.absent }],
    [`common+rare "${TERMS.common} ${TERMS.rare}"`, { q: `${TERMS.common} ${TERMS.rare}` }],
    [`common+absent "${TERMS.common} ${TERMS.absent}"`, { q: `${TERMS.common} ${TERMS.absent}` }],
    ['3 words "aircraft mechanic cebu"', { q: "aircraft mechanic cebu" }],
    ['location "baguio"', { location: "baguio" }],
    ['category "Avionics"', { category: "Avionics" }],
    ['"engineer" + contract', { q: "engineer", jobType: "contract" }],
  ];
  const out: string[] = [];
  let worst = 0;
  for (const [name, f] of cases) {
    const first = dialect.sqlToQuery(publicSearchSql(f, { offset: 0, limit: 10 }));
    const a = await time(first.sql, first.params);
    const total = Number(a.rows[0]?.total ?? 0);
    const mode = String(a.rows[0]?.mode ?? "");
    const deepOffset = Math.max(0, Math.floor((total - 1) / 10) * 10);
    const deep = dialect.sqlToQuery(publicSearchSql(f, { offset: deepOffset, limit: 10 }));
    const b = await time(deep.sql, deep.params);
    worst = Math.max(worst, a.ms, b.ms);
    const line = `${name.padEnd(40)} ${mode.padEnd(7)} ${String(total).padStart(6)}${mode === "capped" ? "+" : " "} matches  page 1 ${fmt(a.ms).padStart(6)} ms  page ${String(deepOffset / 10 + 1).padStart(3)} ${fmt(b.ms).padStart(6)} ms  (max ${fmt(Math.max(a.max, b.max))})`;
    out.push(line);
    log(line);
  }
  log(
    `  worst median: ${fmt(worst)} ms (goal: every term under 100 ms, deep pages no slower than the first)`,
  );

  // For comparison: what the planner does with the obvious single query (ranked, exact count).
  for (const [name, q] of [
    ["naive ranked, common", `${TERMS.common}:*`],
    ["naive ranked, rare", `${TERMS.rare}:*`],
  ] as const) {
    const text = `select j.id, ts_rank_cd(j.search_vector, q) r, count(*) over () total
      from jobs j, to_tsquery('simple', runway_unaccent($1)) q
      where j.search_vector @@ q and j.is_approved and j.status = 'active'
      order by r desc, j.created_at desc limit 10`;
    const t = await time(text, [q]);
    const line = `${name.padEnd(40)} (for comparison)          ${fmt(t.ms).padStart(6)} ms`;
    out.push(line);
    log(line);
  }
  await sql.end();

  const h = await createDb({ databaseUrl: url, max: 2 });
  const ms: number[] = [];
  for (let i = 0; i < 5; i++) {
    const t = performance.now();
    await searchAllJobs(h.db, {}, { offset: 0, limit: 10 }, { by: "posted", dir: "desc" });
    ms.push(performance.now() - t);
  }
  const adminLine = `admin list (every job, exact count), page 1          ${fmt(median(ms)).padStart(6)} ms`;
  out.push(adminLine);
  log(adminLine);
  await h.close();
  return out;
}

// ─── Main ───────────────────────────────────────────────────────────────────────────────────────

async function main() {
  const started = Date.now();
  log(
    `Runway jobs benchmark — ${os.cpus().length} CPUs, load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(" ")}`,
  );
  // BENCH_DB_PREFIX keeps two checkouts benchmarking on one server out of each other's databases.
  const prefix = process.env.BENCH_DB_PREFIX ?? "runway_bench_jobs";
  const small = `${prefix}_${N}`;
  const big = `${prefix}_${BIG}`;
  try {
    log(`\n== Seeding ${N.toLocaleString("en")} jobs / ${COMPANIES} companies`);
    const smallUrl = await prepareDb(small, N);
    if (!opt["skip-http"]) await httpBench(smallUrl);
    await queryTimes(smallUrl, N);
    if (!opt["skip-big"]) {
      log(`\n== Seeding ${BIG.toLocaleString("en")} jobs / ${COMPANIES} companies`);
      const bigUrl = await prepareDb(big, BIG);
      await queryTimes(bigUrl, BIG);
    }
  } finally {
    if (!opt.keep) {
      await dropDb(small);
      if (!opt["skip-big"]) await dropDb(big);
    }
  }
  log(
    `\nDone in ${((Date.now() - started) / 60000).toFixed(1)} min; load average now ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(" ")}.`,
  );
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
