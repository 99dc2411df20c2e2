/**
 * Benchmark: /api/admin/stats and the Manage Users page with 50 000 users.
 *
 *   npm run build && npx tsx tests/bench/people.ts            # PostgreSQL (creates and drops runway_bench_people)
 *   npx tsx tests/bench/people.ts --pglite                      # PGlite in a temporary directory
 *   BENCH_USERS=100000 BENCH_DATABASE_URL=postgres://… npx tsx tests/bench/people.ts
 *
 * Seeds users (all roles, courses, 20 % inactive, created over two years), companies, jobs and
 * search events, starts the built server in-process on that database, and prints sequential
 * latencies (median, p95) and one concurrent run (autocannon) — figures, not assertions. Last, the
 * unpaged GET /api/admin/users on the built server in a process of its own: first byte, time, the
 * server's own RSS growth, and whether the bytes are the one-array answer's (./unpaged-users.ts).
 * `--unpaged-only` seeds and runs that part alone (with BENCH_KEEP=1 the database stays for
 * `npx tsx tests/bench/unpaged-users.ts <its URL>`).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { Server } from "node:http";
import { openBenchDb } from "./bench-db";
import { expectedUnpaged, unpagedInChild } from "./unpaged-users";
import type { Role } from "../../db/constants";
import { sql } from "drizzle-orm";

const USERS = Number(process.env.BENCH_USERS ?? 50_000);
const COMPANIES = Number(process.env.BENCH_COMPANIES ?? 2_000);
/** OJT placements, one per student from the first (the /admin/ojt list). */
const PLACEMENTS = Number(process.env.BENCH_PLACEMENTS ?? 5_000);
/** Sequential runs per deep-page case (median and p95 of these). */
const DEEP_RUNS = Number(process.env.BENCH_DEEP_RUNS ?? 10);
const usePglite = process.argv.includes("--pglite");
/** Only the seeding and the unpaged /api/admin/users measurement (with BENCH_KEEP, a database to rerun it on). */
const unpagedOnly = process.argv.includes("--unpaged-only");
const PG_BASE =
  process.env.BENCH_DATABASE_URL ??
  process.env.BENCH_PG_URL ??
  "postgres://postgres@127.0.0.1:5432/postgres";
const DB_NAME = `runway_bench_people${usePglite ? "" : `_${process.pid}`}`;
const root = path.resolve(".");

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "runway-bench-people-"));
process.env.DATA_DIR = dataDir;
process.env.NODE_ENV = "production";
process.env.SESSION_SECRET ??= "bench-secret-bench-secret-bench-secret-00";
process.env.COLLEGE_EMAIL_DOMAIN ??= "example.edu";
delete process.env.DATABASE_URL;

const FIRST = [
  "Maria",
  "Jose",
  "Ana",
  "Juan",
  "Carlo",
  "Bea",
  "Paolo",
  "Liza",
  "Miguel",
  "Sofia",
  "Rafael",
  "Isabel",
  "Marco",
  "Grace",
  "Paul",
  "Joy",
];
const LAST = [
  "Santos",
  "Reyes",
  "Cruz",
  "Bautista",
  "Ocampo",
  "Garcia",
  "Mendoza",
  "Torres",
  "Flores",
  "Villanueva",
  "Ramos",
  "Aquino",
  "Castillo",
  "Rivera",
];
const TERMS = [
  "pilot",
  "mechanic",
  "avionics",
  "cabin crew",
  "dispatcher",
  "logistics",
  "ground crew",
  "air traffic",
  "safety",
  "engineer",
  "intern",
  "ojt",
];

/** 503s answered (and retried) during the run: the database's pool gate on a loaded machine. */
let unavailable = 0;
/** fetch, retried after a 503 (the pool gate fails a request fast while a connection is slow). */
async function fetchRetry(url: string, init: RequestInit): Promise<Response> {
  for (let attempt = 0; ; attempt++) {
    const r = await fetch(url, init);
    if (r.status !== 503 || attempt === 5) return r;
    unavailable++;
    await r.arrayBuffer();
    await new Promise((res) => setTimeout(res, 1000));
  }
}

function ms(n: number) {
  return `${n.toFixed(1)} ms`;
}
function stats(xs: number[]) {
  const s = [...xs].sort((a, b) => a - b);
  const q = (p: number) => s[Math.min(s.length - 1, Math.floor(p * s.length))];
  return { median: q(0.5), p95: q(0.95), min: s[0] };
}

async function main() {
  const { migrate } = await import("../../db/migrate");
  const { seedCourses } = await import("../../db/seed/courses");
  const { setDbHandle } = await import("../../app/lib/db.server");
  const { hashPassword } = await import("../../app/models/auth/password.server");
  const schema = await import("../../db/schema");

  const bench = await openBenchDb({
    pglite: usePglite,
    dataDir,
    pgBase: PG_BASE,
    name: DB_NAME,
    max: 10,
  });
  const { handle } = bench;
  const db = handle.db;
  let server: Server | undefined;
  let closed = false;
  try {
    await migrate(handle);
    await seedCourses(db);
    const courses = await db.select({ id: schema.courses.id }).from(schema.courses);

    const t0 = performance.now();
    const hash = await hashPassword("bench-password-1");
    const now = Date.now();
    const BATCH = 1000;
    for (let i = 0; i < USERS; i += BATCH) {
      const rows = [];
      for (let j = i; j < Math.min(USERS, i + BATCH); j++) {
        const r = j % 50;
        const role: Role = r === 0 ? "admin" : r < 15 ? "alumni" : "student";
        const first = FIRST[j % FIRST.length];
        const last = LAST[Math.floor(j / FIRST.length) % LAST.length];
        rows.push({
          email: `${first}.${last}.${j}@example.edu`.toLowerCase(),
          passwordHash: hash,
          role,
          firstName: first,
          lastName: last,
          studentId: role === "admin" ? null : `S-${j}`,
          courseId: role === "admin" || j % 23 === 0 ? null : courses[j % courses.length].id,
          yearLevel:
            role === "admin"
              ? null
              : role === "alumni"
                ? "Graduate"
                : ["1st Year", "2nd Year", "3rd Year", "4th Year"][j % 4],
          isActive: j % 5 !== 0,
          emailVerifiedAt: new Date(now),
          createdAt: new Date(now - (j % 730) * 864e5),
        });
      }
      await db.insert(schema.users).values(rows);
    }
    const [company] = await db.insert(schema.companies).values({ name: "Bench Air" }).returning();
    // Enough companies for deep pages (2 000 at size 10 = 200 pages), with and without locations.
    for (let i = 0; i < COMPANIES; i += 500)
      await db.insert(schema.companies).values(
        Array.from({ length: Math.min(500, COMPANIES - i) }, (_, k) => ({
          name: `Company ${LAST[(i + k) % LAST.length]} ${i + k}`,
          location: (i + k) % 3 === 0 ? null : `City ${(i + k) % 37}`,
        })),
      );
    for (let i = 0; i < 2000; i += 500) {
      await db.insert(schema.jobs).values(
        Array.from({ length: 500 }, (_, k) => ({
          title: `Job ${i + k}`,
          companyId: company.id,
          isApproved: (i + k) % 7 !== 0,
          status: (i + k) % 11 === 0 ? ("inactive" as const) : ("active" as const),
        })),
      );
    }
    // Placements of the first students at the companies, in every status (one open placement each).
    const students = await handle.rows<{ id: string }>(
      sql`select id from users where role = 'student' order by created_at, id limit ${PLACEMENTS}`,
    );
    const hosts = await handle.rows<{ id: string }>(sql`select id from companies order by id`);
    const STATUSES = ["planned", "deployed", "completed", "withdrawn", "terminated"] as const;
    for (let i = 0; i < students.length; i += 1000)
      await db.insert(schema.placements).values(
        students.slice(i, i + 1000).map((st, k) => ({
          studentId: st.id,
          companyId: hosts[(i + k) % hosts.length].id,
          supervisorName: "Bench Supervisor",
          supervisorEmail: `supervisor${i + k}@example.com`,
          startDate: "2025-06-01",
          expectedEndDate: "2025-09-30",
          requiredHours: 486,
          status: STATUSES[(i + k) % STATUSES.length],
          statusReason: (i + k) % STATUSES.length >= 3 ? "Bench reason" : null,
          createdAt: new Date(now - ((i + k) % 400) * 864e5),
        })),
      );
    const events = [];
    for (let i = 0; i < 20_000; i++) {
      events.push({
        term: `${TERMS[i % TERMS.length]}${i % 97 === 0 ? "" : ` ${i % 40}`}`,
        actorKey: `a${i}`,
        day: "2025-01-01",
      });
    }
    for (let i = 0; i < events.length; i += 2000)
      await db.insert(schema.searchEvents).values(events.slice(i, i + 2000));
    // As autovacuum leaves a table: statistics and the visibility map (index-only scans need it).
    await handle.db.execute(sql`vacuum analyze`);
    const seeded = performance.now() - t0;

    const adminEmail = "bench.admin@example.edu";
    await db.insert(schema.users).values({
      email: adminEmail,
      passwordHash: hash,
      role: "admin",
      firstName: "Bench",
      lastName: "Admin",
      emailVerifiedAt: new Date(),
    });

    // The built server, in-process, on this database (the app's getDb() sees the injected handle).
    setDbHandle(handle);
    // The app configures itself for the database it serves: on PostgreSQL no PGlite admission gate.
    if (bench.url) process.env.DATABASE_URL = bench.url;
    const buildFile = path.join(root, "build", "index.js");
    if (!fs.existsSync(buildFile))
      throw new Error("build/index.js is missing: run `npm run build` first");
    const build = await import(pathToFileURL(buildFile).href);
    const envValues = build.entry.module.loadEnv();
    const { createApp } = await import(pathToFileURL(path.join(root, "server-app.mjs")).href);
    const app = createApp(build, envValues);
    server = await new Promise<Server>((resolve) => {
      const s = app.listen(0, "127.0.0.1", () => resolve(s));
    });
    const base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;

    const login = await fetch(`${base}/api/auth/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email: adminEmail, password: "bench-password-1" }),
    });
    const { token } = (await login.json()) as { token: string };
    const form = await fetch(`${base}/login`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ email: adminEmail, password: "bench-password-1" }),
    });
    const cookie = form.headers
      .getSetCookie()
      .find((c) => c.startsWith("runway_session="))!
      .split(";")[0];

    const [{ n }] = await handle.rows<{ n: number }>(sql`select count(*)::int as n from users`);
    console.log(
      `\nRunway people benchmark — ${usePglite ? "PGlite" : "PostgreSQL"}, ${n.toLocaleString("en-US")} users, 2,000 jobs, 20,000 search events (seeded in ${(seeded / 1000).toFixed(1)} s)\n`,
    );

    const cases: Array<[string, string, Record<string, string>, number]> = [
      ["GET /api/admin/stats", "/api/admin/stats", { Authorization: `Bearer ${token}` }, 30],
      ["GET /admin/users (HTML page 1)", "/admin/users", { Cookie: cookie }, 30],
      ["GET /admin/users?q=maria santos", "/admin/users?q=maria%20santos", { Cookie: cookie }, 30],
      [
        "GET /admin/users filters + page 20",
        "/admin/users?role=student&status=active&course=BSAE&page=20",
        { Cookie: cookie },
        30,
      ],
      [
        "GET /admin/users?size=50&sort=name&page=500",
        "/admin/users?size=50&sort=name&dir=asc&page=500",
        { Cookie: cookie },
        30,
      ],
      [
        "GET /api/admin/users?page=1&size=50",
        "/api/admin/users?page=1&size=50",
        { Authorization: `Bearer ${token}` },
        30,
      ],
      [
        "GET /api/admin/users (full array)",
        "/api/admin/users",
        { Authorization: `Bearer ${token}` },
        3,
      ],
    ];
    const rows: Array<Record<string, string>> = [];
    for (const [label, p, headers, runs] of unpagedOnly ? [] : cases) {
      const first = await fetchRetry(base + p, { headers });
      if (first.status !== 200) throw new Error(`${p} answered ${first.status}`);
      const size = (await first.arrayBuffer()).byteLength;
      const times: number[] = [];
      for (let i = 0; i < runs; i++) {
        const t = performance.now();
        const r = await fetchRetry(base + p, { headers });
        await r.arrayBuffer();
        times.push(performance.now() - t);
      }
      const s = stats(times);
      rows.push({
        request: label,
        runs: String(runs),
        median: ms(s.median),
        p95: ms(s.p95),
        min: ms(s.min),
        bytes: size.toLocaleString("en-US"),
      });
    }
    if (rows.length) console.table(rows);

    // Every admin list at page 1, a middle page and the last page under each sort (HTML screens at
    // their largest page size, /api at size 50). The goal is under 100 ms at every depth.
    const [{ companiesN, jobsN, placementsN }] = await handle.rows<{
      companiesN: number;
      jobsN: number;
      placementsN: number;
    }>(
      sql`select (select count(*)::int from companies) as "companiesN",
                 (select count(*)::int from jobs) as "jobsN",
                 (select count(*)::int from placements) as "placementsN"`,
    );
    const deep: Array<{
      list: string;
      total: number;
      size: number;
      sorts: string[];
      url: (sort: string, page: number) => string;
      headers: Record<string, string>;
    }> = [
      {
        list: "/admin/users",
        total: n,
        size: 50,
        sorts: ["createdAt", "name", "email", "role", "status"],
        url: (s, p) => `/admin/users?size=50&sort=${s}&dir=asc&page=${p}`,
        headers: { Cookie: cookie },
      },
      {
        list: "/api/admin/users",
        total: n,
        size: 50,
        sorts: ["createdAt", "name", "email", "role", "status"],
        url: (s, p) => `/api/admin/users?size=50&sort=${s}&dir=desc&page=${p}`,
        headers: { Authorization: `Bearer ${token}` },
      },
      {
        list: "/admin/jobs",
        total: jobsN,
        size: 50,
        sorts: ["posted", "title", "company", "type", "location", "category", "status", "approval"],
        url: (s, p) => `/admin/jobs?size=50&sort=${s}&dir=asc&page=${p}`,
        headers: { Cookie: cookie },
      },
      {
        list: "/admin/companies",
        total: companiesN,
        size: 10,
        sorts: ["name", "location", "jobs"],
        url: (s, p) => `/admin/companies?size=10&sort=${s}&page=${p}`,
        headers: { Cookie: cookie },
      },
      {
        // One order (newest first); "all" and "deployed" are the unfiltered and a filtered view.
        list: "/admin/ojt",
        total: placementsN,
        size: 50,
        sorts: ["all"],
        url: (_s, p) => `/admin/ojt?size=50&page=${p}`,
        headers: { Cookie: cookie },
      },
      {
        list: "/admin/reports",
        total: 1,
        size: 1,
        sorts: ["open", "resolved", "all"],
        url: (s) => `/admin/reports?status=${s}`,
        headers: { Cookie: cookie },
      },
    ];
    const deepRows: Array<Record<string, string>> = [];
    for (const l of unpagedOnly ? [] : deep) {
      const last = Math.max(1, Math.ceil(l.total / l.size));
      const pages = [...new Set([1, Math.ceil(last / 2), last])];
      for (const sort of l.sorts) {
        for (const page of pages) {
          const p = l.url(sort, page);
          const first = await fetchRetry(base + p, { headers: l.headers });
          if (first.status !== 200) throw new Error(`${p} answered ${first.status}`);
          await first.arrayBuffer();
          const times: number[] = [];
          for (let i = 0; i < DEEP_RUNS; i++) {
            const t = performance.now();
            const r = await fetchRetry(base + p, { headers: l.headers });
            await r.arrayBuffer();
            times.push(performance.now() - t);
          }
          const s = stats(times);
          deepRows.push({
            list: l.list,
            sort,
            page: `${page}/${last}`,
            median: ms(s.median),
            p95: ms(s.p95),
          });
        }
      }
    }
    if (deepRows.length) {
      console.log(
        `\nAdmin lists by depth (${DEEP_RUNS} sequential runs each; ${unavailable} answers of 503 retried):`,
      );
      console.table(deepRows);
    }

    // autocannon ships no types; a variable specifier keeps tsc from needing them.
    const specifier = "autocannon";
    type Cannon = (o: {
      url: string;
      headers: Record<string, string>;
      connections: number;
      duration: number;
    }) => Promise<{
      requests: { average: number };
      latency: { p50: number; p99: number };
      errors: number;
      non2xx: number;
    }>;
    const autocannon = ((await import(specifier)) as { default: Cannon }).default;
    for (const [label, p, headers] of unpagedOnly ? [] : [cases[0], cases[1]]) {
      const r = await autocannon({ url: base + p, headers, connections: 10, duration: 5 });
      console.log(
        `${label}: ${r.requests.average.toFixed(0)} req/s with 10 connections, latency p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms, errors ${r.errors + r.non2xx}`,
      );
    }

    // The unpaged array, measured on a server of its own (tests/bench/unpaged-users.ts): the bytes
    // it must answer are the one-array builder's, computed here before the in-process server goes.
    const want = await expectedUnpaged(handle, adminEmail);
    await new Promise<void>((r) => server!.close(() => r()));
    server.closeAllConnections?.();
    server = undefined;
    // PGlite's directory opens in one process at a time: the child takes it over.
    if (usePglite) await bench.close();
    await unpagedInChild({
      databaseUrl: bench.url,
      // On PostgreSQL the child's DATA_DIR is its own (uploads, the data directory's lock).
      dataDir: usePglite ? dataDir : path.join(dataDir, "child"),
      email: adminEmail,
      password: "bench-password-1",
      want,
    });
    if (usePglite) closed = true;
  } finally {
    await new Promise<void>((r) => (server ? server.close(() => r()) : r()));
    server?.closeAllConnections?.();
    if (!closed) await bench.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (e) => {
    console.error(e);
    process.exit(1);
  },
);
