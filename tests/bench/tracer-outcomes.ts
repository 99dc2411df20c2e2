/**
 * Benchmark (ADR 101): the tracer outcomes of a survey with 20 000 responses (the tracer
 * template's 12 questions answered, 24 000 alumni targeted over all programmes and five graduation
 * years, 40 board companies) on PostgreSQL and on PGlite. Prints the seeding time and, over RUNS
 * runs after one warm-up, the median time of `surveyOutcomes` (goal: < 500 ms on PostgreSQL).
 *
 *   npm run bench:tracer-outcomes
 *   BENCH_DRIVERS=postgres RESPONSES=20000 RUNS=7 BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/runway_bench_outcomes npx tsx tests/bench/tracer-outcomes.ts
 *
 * PostgreSQL: the database named in the URL (its name must start with runway_bench_outcomes) is
 * created fresh and dropped at the end (KEEP=1 keeps it). PGlite: an in-memory database.
 */
import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { surveys } from "../../db/schema";
import { ctxOf } from "../../app/models/context";
import { createSurveyFromTemplate } from "../../app/models/survey/survey.server";
import { surveyOutcomes } from "../../app/models/survey/outcomes.server";
import { createUser } from "../factories";
import { benchDrivers, openBenchDb } from "./export-seed";

const N = Number(process.env.RESPONSES ?? 20_000);
const RUNS = Math.max(1, Number(process.env.RUNS ?? 7));
const summary: string[] = [];

/** A random-looking but repeatable choice among `options` for response `r` and salt `k`. */
const pick = (options: readonly string[], k: string) =>
  sql`(${sql.raw(`array[${options.map((o) => `'${o.replace(/'/g, "''")}'`).join(",")}]`)})[1 + abs(hashtext(r.id::text || ${k})) % ${options.length}]`;

/** The tracer survey, N answering alumni (and a fifth more who do not answer), their answers. */
async function seed(db: Db) {
  const { user: admin } = await createUser(db, { role: "admin" });
  const s = await createSurveyFromTemplate(ctxOf(db, admin));
  await db.update(surveys).set({ status: "active" }).where(eq(surveys.id, s.id));
  await db.execute(sql`
    insert into companies (name, location)
    select 'Bench Airline ' || g, 'Pasay City' from generate_series(1, 40) g`);
  await db.execute(sql`
    insert into users (email, role, first_name, last_name, course_id, graduation_year, email_verified_at)
    select 'grad' || g || '@example.edu', 'alumni', 'Grad', 'No. ' || g,
           (select id from courses order by code offset g % (select count(*) from courses) limit 1),
           2020 + g % 5, now()
    from generate_series(1, ${Math.round(N * 1.2)}) g`);
  await db.execute(sql`
    insert into survey_responses (survey_id, user_id, role, course_id, graduation_year)
    select ${s.id}::uuid, u.id, 'alumni', u.course_id, u.graduation_year
    from users u where u.email like 'grad%' order by u.email limit ${N}`);
  const q = (key: string) => s.questions.find((x) => x.key === key)!;
  const value = (key: string, salt: string) => sql`to_jsonb(${pick(q(key).options, salt)})`;
  const answers: Array<[string, ReturnType<typeof sql>]> = [
    ["employment_status", value("employment_status", "e")],
    ["months_to_first_job", value("months_to_first_job", "m")],
    ["job_related_to_course", value("job_related_to_course", "r")],
    ["first_job_salary_band", value("first_job_salary_band", "s")],
    [
      "job_found_via",
      sql`jsonb_build_array(${pick(q("job_found_via").options, "v")}, ${pick(q("job_found_via").options, "w")})`,
    ],
    [
      "first_job_company",
      sql`to_jsonb('Bench Airline ' || (abs(hashtext(r.id::text || 'c')) % 80))`,
    ],
    ["job_title", sql`to_jsonb('Technician'::text)`],
    ["programme_rating", sql`to_jsonb(1 + abs(hashtext(r.id::text)) % 5)`],
  ];
  for (const [key, v] of answers)
    await db.execute(sql`
      insert into survey_answers (response_id, question_id, value)
      select r.id, ${q(key).id}::uuid, ${v} from survey_responses r where r.survey_id = ${s.id}`);
  await db.execute(sql`analyze`);
  return s.id;
}

for (const driver of benchDrivers()) {
  const { handle, drop } = await openBenchDb(driver, "runway_bench_outcomes");
  try {
    const t = performance.now();
    const surveyId = await seed(handle.db);
    console.log(
      `[${driver}] seeded ${N} responses in ${((performance.now() - t) / 1000).toFixed(1)} s`,
    );
    const first = await surveyOutcomes(handle.db, surveyId); // warm-up
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const start = performance.now();
      await surveyOutcomes(handle.db, surveyId);
      times.push(performance.now() - start);
    }
    times.sort((a, b) => a - b);
    const median = times[Math.floor(times.length / 2)];
    const line =
      `[${driver}] outcomes of ${first.responded} responses (${first.targeted} targeted, ` +
      `${first.byCourse.length} programmes, ${first.byGraduationYear.length} years): median ${median.toFixed(0)} ms ` +
      `over ${RUNS} runs (min ${times[0].toFixed(0)}, max ${times[times.length - 1].toFixed(0)}); ` +
      `employment ${first.employmentRate}, median months ${first.medianMonthsToFirstJob}, placed ${first.placedThroughRunway}` +
      (driver === "postgres"
        ? median < 500
          ? " — within the 500 ms goal"
          : " — OVER the 500 ms goal"
        : "");
    console.log(line);
    summary.push(line);
  } finally {
    await drop();
  }
}
console.log(`\n${summary.join("\n")}`);
process.exit(0);
