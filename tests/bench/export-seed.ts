/**
 * Shared by the export benchmarks: opening a fresh database on either driver, seeding N survey
 * responses (8 questions, awkward text) and measuring a run's time, memory and first chunk.
 */
import { sql } from "drizzle-orm";
import postgres from "postgres";
import { openDatabase } from "../../app/lib/db.server";
import type { Db, DbHandle, Driver } from "../../db/client";
import { createSurvey } from "../factories";

export const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;

/** The drivers to run: BENCH_DRIVERS=postgres,pglite (the default: both). */
export const benchDrivers = (): Driver[] =>
  (process.env.BENCH_DRIVERS ?? "postgres,pglite").split(",").map((d) => d.trim() as Driver);

/**
 * A fresh database: on PostgreSQL the one named in BENCH_DATABASE_URL (created and dropped at the
 * end unless KEEP=1; its name must start with `prefix`, or with BENCH_DB_PREFIX when that is set, so
 * that two checkouts benchmarking on one server keep out of each other's databases), on PGlite an
 * in-memory one.
 */
export async function openBenchDb(
  driver: Driver,
  prefix: string,
): Promise<{ handle: DbHandle; drop(): Promise<void> }> {
  if (driver === "pglite") {
    const handle = await openDatabase({});
    return { handle, drop: async () => {} };
  }
  const url = new URL(
    process.env.BENCH_DATABASE_URL ?? `postgres://postgres@127.0.0.1:5432/${prefix}`,
  );
  const dbName = url.pathname.slice(1);
  const own = process.env.BENCH_DB_PREFIX ?? prefix;
  if (!dbName.startsWith(own) || !/^\w+$/.test(dbName))
    throw new Error(`use a database named ${own}*`);
  const adminUrl = new URL(url);
  adminUrl.pathname = "/postgres";
  const admin = postgres(adminUrl.toString(), { max: 1, onnotice: () => {} });
  await admin.unsafe(`drop database if exists "${dbName}" with (force)`);
  await admin.unsafe(`create database "${dbName}"`);
  const handle = await openDatabase({ databaseUrl: url.toString() });
  return {
    handle,
    drop: async () => {
      if (!process.env.KEEP) await admin.unsafe(`drop database if exists "${dbName}" with (force)`);
      await admin.end();
    },
  };
}

/** N users (half students, half alumni) each answering one 8-question survey. */
export async function seedSurveyResponses(db: Db, n: number) {
  const { survey, questions } = await createSurvey(db, {
    questions: [
      { text: "Current job title", type: "short_text", required: true },
      { text: "Describe your work", type: "long_text" },
      {
        text: "Are you employed?",
        type: "multiple_choice",
        options: ["Yes", "No", "Self-employed"],
      },
      {
        text: "Useful skills",
        type: "checkbox",
        options: ["Communication", "Safety", "IT", "=Formulas"],
      },
      { text: "Rate the programme", type: "rating" },
      { text: "Company", type: "short_text" },
      {
        text: "Time to first job",
        type: "multiple_choice",
        options: ["< 1 month", "1-6 months", "> 6 months"],
      },
      { text: "Suggestions", type: "long_text" },
    ],
  });
  await db.execute(sql`
    insert into users (email, role, first_name, last_name, course_id, email_verified_at)
    select 'bench' || g || '@example.edu', case when g % 2 = 0 then 'student' else 'alumni' end,
           'Ñame' || g, 'Surname, "Q"', (select id from courses order by code limit 1), now()
    from generate_series(1, ${n}) g`);
  await db.execute(sql`
    insert into survey_responses (survey_id, user_id, role, created_at)
    select ${survey.id}::uuid, u.id, u.role, now() - (row_number() over (order by u.id)) * interval '1 second'
    from users u where u.email like 'bench%'`);
  const [short, long, mc, cb, rating, company, ttj, sugg] = questions.map((q) => q.id);
  await db.execute(sql`
    insert into survey_answers (response_id, question_id, value)
    select r.id, q.qid, case q.kind
        when 'short' then to_jsonb('Technician ' || left(r.id::text, 8))
        when 'long' then to_jsonb('Line 1, with "quotes"' || chr(10) || 'line 2 — ñ é ' || left(r.id::text, 4))
        when 'mc' then to_jsonb((array['Yes','No','Self-employed'])[1 + (abs(hashtext(r.id::text)) % 3)])
        when 'cb' then to_jsonb(array['Communication','=Formulas'])
        when 'rating' then to_jsonb(1 + abs(hashtext(r.id::text)) % 5)
        when 'company' then to_jsonb('-Airline ' || left(r.id::text, 4))
        when 'ttj' then to_jsonb('1-6 months'::text)
        else to_jsonb('@mention and more text to make the row a realistic size'::text) end
    from survey_responses r
    cross join (values (${short}::uuid, 'short'), (${long}::uuid, 'long'), (${mc}::uuid, 'mc'), (${cb}::uuid, 'cb'),
                       (${rating}::uuid, 'rating'), (${company}::uuid, 'company'), (${ttj}::uuid, 'ttj'), (${sugg}::uuid, 'sugg')) as q(qid, kind)
    where r.survey_id = ${survey.id}`);
  // As autovacuum leaves a settled database: statistics, and hint bits and the visibility map set,
  // so the first export does not pay for the bulk load (it measured ~10 % slower than the next).
  await db.execute(sql`vacuum (analyze) users, survey_responses, survey_answers`);
  // And the bulk load's dirty pages written out now, not by a checkpoint in the middle of a run.
  await db.execute(sql`checkpoint`);
  return { survey, questions };
}

/** Runs fn while sampling the process's RSS and heap every 20 ms; returns the time and growth. */
export async function measure<T>(fn: () => Promise<T>) {
  global.gc?.();
  const base = process.memoryUsage();
  let peakRss = base.rss;
  let peakHeap = base.heapUsed;
  const sample = setInterval(() => {
    const m = process.memoryUsage();
    peakRss = Math.max(peakRss, m.rss);
    peakHeap = Math.max(peakHeap, m.heapUsed);
  }, 20);
  const t = performance.now();
  try {
    const result = await fn();
    const ms = performance.now() - t;
    const m = process.memoryUsage();
    peakRss = Math.max(peakRss, m.rss);
    peakHeap = Math.max(peakHeap, m.heapUsed);
    return {
      result,
      ms,
      rssGrowth: peakRss - base.rss,
      heapGrowth: peakHeap - base.heapUsed,
      memory: `RSS ${mb(base.rss)} → peak ${mb(peakRss)} (+${mb(peakRss - base.rss)}), heap +${mb(peakHeap - base.heapUsed)}`,
    };
  } finally {
    clearInterval(sample);
  }
}

export const perSecond = (rows: number, ms: number) =>
  `${(((rows / ms) * 1000) / 1000).toFixed(1)}k rows/s`;
