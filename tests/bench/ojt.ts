/**
 * Benchmark: the OJT screens at 3 000 placements × 600 entries (1.8 M entries) on PostgreSQL.
 *
 *   npm run build && npm run bench:ojt                 # creates and drops runway_bench_ojt_<pid>
 *   BENCH_PLACEMENTS=1000 BENCH_RUNS=50 npm run bench:ojt
 *
 * Seeds set-based (INSERT … SELECT generate_series): students in every programme, 50 host
 * companies, one placement each (deployed, started 121–140 days ago, so about half are quiet for
 * 10 days and at risk), their weeks (approved, the last one submitted, this one open) and 5 entries
 * a day for 120 days. Then starts the built server in-process on that database and prints the median
 * and p95 of sequential requests: /admin/ojt first page with the at-risk filter (an admin, and a
 * coordinator of two programmes) and a student's /ojt — figures, not assertions (goal < 100 ms).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { Server } from "node:http";
import { sql } from "drizzle-orm";
import { openBenchDb } from "./bench-db";

const PLACEMENTS = Number(process.env.BENCH_PLACEMENTS ?? 3000);
const DAYS = 120; // × 5 entries a day = 600 entries per placement
const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const PG_BASE =
  process.env.BENCH_DATABASE_URL ??
  process.env.BENCH_PG_URL ??
  "postgres://postgres@127.0.0.1:5432/postgres";
const DB_NAME = `runway_bench_ojt_${process.pid}`;
const root = path.resolve(".");
const PASSWORD = "bench-password-1";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "runway-bench-ojt-"));
process.env.DATA_DIR = dataDir;
process.env.NODE_ENV = "production";
process.env.SESSION_SECRET ??= "bench-secret-bench-secret-bench-secret-00";
process.env.COLLEGE_EMAIL_DOMAIN ??= "example.edu";
delete process.env.DATABASE_URL;

const ms = (n: number) => `${n.toFixed(1)} ms`;
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

  const bench = await openBenchDb({
    pglite: false,
    dataDir,
    pgBase: PG_BASE,
    name: DB_NAME,
    max: 10,
  });
  const { handle } = bench;
  const run = (q: ReturnType<typeof sql>) => handle.db.execute(q);
  let server: Server | undefined;
  try {
    await migrate(handle);
    await seedCourses(handle.db);
    const hash = await hashPassword(PASSWORD);
    const t0 = performance.now();
    await run(sql`insert into users (email, password_hash, role, first_name, last_name, student_id, course_id, year_level, email_verified_at)
      select 'student' || g || '@example.edu', ${hash}, 'student', 'Student', 'No ' || g, 'S-' || g,
        (select id from courses order by position, name offset (g % 6) limit 1), '4th Year', now()
      from generate_series(1, ${PLACEMENTS}::int) g`);
    await run(sql`insert into users (email, password_hash, role, first_name, last_name, email_verified_at) values
      ('bench.admin@example.edu', ${hash}, 'admin', 'Bench', 'Admin', now()),
      ('bench.coordinator@example.edu', ${hash}, 'coordinator', 'Bench', 'Coordinator', now())`);
    await run(sql`insert into coordinator_courses (user_id, course_id)
      select u.id, c.id from users u, (select id from courses order by position, name limit 2) c
      where u.email = 'bench.coordinator@example.edu'`);
    await run(sql`insert into companies (name) select 'Host ' || g from generate_series(1, 50) g`);
    await run(sql`insert into placements (student_id, company_id, supervisor_name, supervisor_email,
        start_date, expected_end_date, required_hours, status, status_changed_at, created_at)
      select u.id, (select id from companies order by name offset (n % 50) limit 1), 'Supervisor ' || n,
        'sup' || n || '@host.example', current_date - 121 - (n % 20), current_date - 121 - (n % 20) + 200,
        600, 'deployed', now(), now() - (n || ' minutes')::interval
      from (select id, row_number() over (order by email)::int as n from users where role = 'student') u`);
    await run(sql`insert into placement_weeks (placement_id, week_start, state, submitted_at, decided_at, decided_by_name, decided_by_email)
      select p.id, ws::date,
        case when ws::date >= date_trunc('week', current_date)::date then 'open'
             when ws::date >= date_trunc('week', current_date)::date - 7 then 'submitted' else 'approved' end,
        case when ws::date < date_trunc('week', current_date)::date then ws + interval '7 days' end,
        case when ws::date < date_trunc('week', current_date)::date - 7 then ws + interval '8 days' end,
        case when ws::date < date_trunc('week', current_date)::date - 7 then p.supervisor_name end,
        case when ws::date < date_trunc('week', current_date)::date - 7 then p.supervisor_email end
      from placements p,
        generate_series(date_trunc('week', p.start_date), p.start_date + ${DAYS - 1}::int, interval '7 days') ws`);
    // The lock trigger refuses entries of approved weeks: the seed writes history, so it is off
    // for the load and on again after.
    await run(sql`alter table placement_entries disable trigger user`);
    await run(sql`insert into placement_entries (placement_id, week_start, work_date, start_minute, end_minute, break_minutes, minutes, tasks, ata_chapter, involvement)
      select p.id, d - (extract(isodow from d)::int - 1), d, 480 + k * 60, 530 + k * 60, 0, 50,
        'Assisted with task card ' || k || ' on the A320 line', lpad((21 + k)::text, 2, '0'), 'assisted'
      from placements p, generate_series(0, ${DAYS - 1}::int) n, generate_series(0, 4) k,
        lateral (select p.start_date + n as d) x`);
    await run(sql`alter table placement_entries enable trigger user`);
    await run(sql`update placement_weeks w set minutes = s.m from (
        select placement_id, week_start, sum(minutes)::int m from placement_entries group by 1, 2) s
      where s.placement_id = w.placement_id and s.week_start = w.week_start`);
    await run(sql`update placements p set
        approved_minutes = s.a, pending_minutes = s.s, logged_minutes = s.l, last_entry_date = s.last
      from (select w.placement_id,
          sum(w.minutes) filter (where w.state = 'approved')::int a,
          coalesce(sum(w.minutes) filter (where w.state = 'submitted'), 0)::int s,
          sum(w.minutes)::int l,
          (select max(work_date) from placement_entries e where e.placement_id = w.placement_id) last
        from placement_weeks w group by w.placement_id) s
      where s.placement_id = p.id`);
    await run(sql`vacuum analyze`);
    const seeded = performance.now() - t0;
    const [{ n }] = await handle.rows<{ n: number }>(
      sql`select count(*)::int as n from placement_entries`,
    );
    const [{ risk }] = await handle.rows<{ risk: number }>(
      sql`select count(*)::int as risk from placements where last_entry_date <= current_date - 10`,
    );

    setDbHandle(handle);
    process.env.DATABASE_URL = bench.url!;
    const buildFile = path.join(root, "build", "index.js");
    if (!fs.existsSync(buildFile))
      throw new Error("build/index.js is missing: run `npm run build` first");
    const build = await import(pathToFileURL(buildFile).href);
    const { createApp } = await import(pathToFileURL(path.join(root, "server-app.mjs")).href);
    const app = createApp(build, build.entry.module.loadEnv());
    server = await new Promise<Server>((resolve) => {
      const s = app.listen(0, "127.0.0.1", () => resolve(s));
    });
    const base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
    const cookieOf = async (email: string) => {
      const r = await fetch(`${base}/login`, {
        method: "POST",
        redirect: "manual",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ email, password: PASSWORD }),
      });
      const c = r.headers.getSetCookie().find((x) => /runway_session=/.test(x));
      if (!c) throw new Error(`login of ${email} failed: ${r.status}`);
      return c.split(";")[0];
    };
    const admin = await cookieOf("bench.admin@example.edu");
    const coordinator = await cookieOf("bench.coordinator@example.edu");
    const student = await cookieOf(`student${Math.ceil(PLACEMENTS / 2)}@example.edu`);

    console.log(
      `\nRunway OJT benchmark — PostgreSQL, ${PLACEMENTS.toLocaleString("en-US")} placements, ${Number(n).toLocaleString("en-US")} entries, ${risk} quiet ≥ 10 days (seeded in ${(seeded / 1000).toFixed(1)} s), ${RUNS} sequential requests each\n`,
    );
    const cases: Array<[string, string, string]> = [
      ["GET /admin/ojt?atRisk=true (admin, page 1)", "/admin/ojt?atRisk=true", admin],
      [
        "GET /admin/ojt?atRisk=true (coordinator, 2 programmes)",
        "/admin/ojt?atRisk=true",
        coordinator,
      ],
      ["GET /admin/ojt (admin, page 1, no filter)", "/admin/ojt", admin],
      ["GET /ojt (student, 600 entries)", "/ojt", student],
      // A screen of the same frame without OJT data: what the machine gives any page right now.
      ["GET /stay-safe (baseline, student)", "/stay-safe", student],
    ];
    const rows: Array<Record<string, string>> = [];
    for (const [label, p, cookie] of cases) {
      const first = await fetch(base + p, { headers: { Cookie: cookie }, redirect: "manual" });
      if (first.status !== 200) throw new Error(`${p} answered ${first.status}`);
      const size = (await first.arrayBuffer()).byteLength;
      const times: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const t = performance.now();
        const r = await fetch(base + p, { headers: { Cookie: cookie } });
        await r.arrayBuffer();
        times.push(performance.now() - t);
      }
      const s = stats(times);
      rows.push({
        request: label,
        runs: String(RUNS),
        median: ms(s.median),
        p95: ms(s.p95),
        min: ms(s.min),
        bytes: size.toLocaleString("en-US"),
      });
    }
    console.table(rows);
  } finally {
    await new Promise<void>((r) => (server ? server.close(() => r()) : r()));
    server?.closeAllConnections?.();
    await bench.close();
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
