/**
 * Benchmark: tracer-study invitations (ADR 102) — one invitation batch to 20 000 alumni
 * (goal: enqueued in < 5 s, so the request returns at once), a reminder batch to the
 * non-responders, and the Progress view (response and knowledge rates by programme and year).
 * Figures are printed, never asserted.
 *
 *   npm run bench:tracer-invites                 # PostgreSQL (creates and drops runway_bench_invites_<pid>)
 *   npm run bench:tracer-invites -- --pglite     # PGlite in a temporary directory
 *   BENCH_ALUMNI=50000 BENCH_DATABASE_URL=postgres://… npm run bench:tracer-invites
 *
 * Seeds BENCH_ALUMNI alumni over every programme and graduation years 2018–2025 (1 % opted out
 * of survey mail), an active alumni survey with a question keyed employment_status, then times
 * `sendInvitations` (what POST /api/surveys/{id}/invitations and `runway surveys invite` do); makes
 * 40 % of them respondents (with an employment answer), backdates the invitations and times a
 * reminder batch; and times `computeProgress` (median of 5).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { openBenchDb } from "./bench-db";

const ALUMNI = Number(process.env.BENCH_ALUMNI ?? 20_000);
const usePglite = process.argv.includes("--pglite");
const PG_BASE =
  process.env.BENCH_DATABASE_URL ??
  process.env.BENCH_PG_URL ??
  "postgres://postgres@127.0.0.1:5432/postgres";
const DB_NAME = `runway_bench_invites_${process.pid}`;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "runway-bench-invites-"));
process.env.DATA_DIR = dataDir;
process.env.NODE_ENV = "production";
process.env.SESSION_SECRET ??= "bench-secret-bench-secret-bench-secret-00";
process.env.COLLEGE_EMAIL_DOMAIN ??= "example.edu";
delete process.env.DATABASE_URL;

const CONFIG = {
  publicUrl: "https://runway.example.edu",
  secret: "bench-secret",
  collegeName: "Bench Aeronautics College",
};
const secs = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

async function main() {
  const { migrate } = await import("../../db/migrate");
  const { seedCourses } = await import("../../db/seed/courses");
  const { sendInvitations, computeProgress } =
    await import("../../app/models/survey/invitations.server");
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
    console.log(`seeding (${usePglite ? "PGlite" : "PostgreSQL"}): ${ALUMNI} alumni…`);
    const t0 = performance.now();
    await db.execute(
      sql.raw(`insert into users (email, role, first_name, last_name, email_verified_at, course_id,
                                  graduation_year, survey_mail_opt_out_at)
        select 'alum.' || g || '@example.edu', 'alumni', 'Alum', 'Number ' || g, now(),
               (array(select id from courses order by code))[1 + g % (select count(*) from courses)::int],
               2018 + g % 8, case when g % 100 = 0 then now() end
        from generate_series(1, ${ALUMNI}) g`),
    );
    const [s] = await handle.rows<{ id: string }>(
      sql`insert into surveys (title, audience, status) values ('Graduate Tracer Study 2026', 'alumni', 'active')
          returning id`,
    );
    const [q] = await handle.rows<{ id: string }>(
      sql`insert into survey_questions (survey_id, text, type, options, position, key)
          values (${s.id}, 'What is your employment status?', 'multiple_choice',
                  array['Employed','Self-employed','Unemployed'], 0, 'employment_status')
          returning id`,
    );
    await db.execute(sql`analyze`);
    console.log(`seeded in ${secs(performance.now() - t0)}`);

    const ctx = { db, actor: null };
    const t1 = performance.now();
    const inv = await sendInvitations(ctx, s.id, { trigger: "cli", config: CONFIG });
    const enqueue = performance.now() - t1;
    console.log("");
    console.log(
      `invitation batch    ${inv.targeted} targeted, ${inv.queued} queued, ${inv.optedOut} opted out`,
    );
    console.log(`enqueue time        ${secs(enqueue)}  (goal < 5 s)`);
    console.log(`throughput          ${Math.round(inv.queued / (enqueue / 1000))} messages/s`);

    // 40 % answer (with an employment status); the rest get a reminder two days later.
    await db.execute(
      sql`insert into survey_respondents (survey_id, user_id)
          select ${s.id}::uuid, id from users where role = 'alumni' and abs(hashtext(id::text)) % 5 in (0, 1)`,
    );
    await db.execute(
      sql`insert into survey_responses (survey_id, user_id, role, course_id, graduation_year)
          select ${s.id}::uuid, u.id, 'alumni', u.course_id, u.graduation_year
          from survey_respondents r join users u on u.id = r.user_id where r.survey_id = ${s.id}`,
    );
    await db.execute(
      sql`insert into survey_answers (response_id, question_id, value)
          select id, ${q.id}::uuid, '"Employed"'::jsonb from survey_responses where survey_id = ${s.id}`,
    );
    await db.execute(
      sql`update survey_invitations set last_sent_at = now() - interval '2 days' where survey_id = ${s.id}`,
    );
    await db.execute(sql`analyze`);
    const t2 = performance.now();
    const rem = await sendInvitations(ctx, s.id, {
      reminder: true,
      trigger: "cli",
      config: CONFIG,
    });
    console.log(
      `reminder batch      ${rem.targeted} non-responders, ${rem.queued} queued in ${secs(performance.now() - t2)}`,
    );
    const again = await sendInvitations(ctx, s.id, {
      reminder: true,
      trigger: "cli",
      config: CONFIG,
    });
    console.log(`reminder again      ${again.queued} queued (everyone was just mailed)`);

    const times: number[] = [];
    let p = await computeProgress(db, s.id);
    for (let i = 0; i < 5; i++) {
      const t = performance.now();
      p = await computeProgress(db, s.id);
      times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    console.log(
      `progress view       ${times[2].toFixed(0)} ms median (min ${times[0].toFixed(0)}, max ${times[4].toFixed(0)}): ` +
        `${p.targeted} targeted, ${p.answered} answered (${((p.responseRate ?? 0) * 100).toFixed(1)} %), ` +
        `knowledge ${((p.knowledgeRate ?? 0) * 100).toFixed(1)} %, ${p.byCourse.length} programmes, ${p.byGraduationYear.length} years`,
    );
    const [o] = await handle.rows<{ n: number; mb: number }>(
      sql`select count(*)::int as n, (sum(octet_length(text) + octet_length(html)) / 1048576.0)::float as mb
          from mail_outbox`,
    );
    console.log(`outbox              ${o.n} pending messages, ${o.mb.toFixed(1)} MB of bodies`);
  } finally {
    await bench.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
