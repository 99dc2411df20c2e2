/**
 * Benchmark: CSV export of 100 000 survey responses (8 questions each) on PostgreSQL.
 * Prints the export time, the bytes written and the peak memory while exporting.
 *
 *   npx tsx tests/bench/survey-export.ts
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/runway_bench_surveys RESPONSES=100000 npx tsx tests/bench/survey-export.ts
 *
 * The database named in the URL is created fresh and dropped at the end (KEEP=1 keeps it).
 * When build/index.js exists, the export is also fetched over HTTP from the built server running
 * in this process (GET /api/surveys/{id}/responses/export with an admin token).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Server } from "node:http";
import { pathToFileURL } from "node:url";
import { sql } from "drizzle-orm";
import postgres from "postgres";
import { openDatabase, setDbHandle } from "../../app/lib/db.server";
import { createSession } from "../../app/models/auth/session.server";
import { responsesCsv } from "../../app/models/survey/export.server";
import { createSurvey, createUser } from "../factories";

const url = new URL(
  process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/runway_bench_surveys",
);
const N = Number(process.env.RESPONSES ?? 100_000);
const dbName = url.pathname.slice(1);
if (!/^runway_bench_surveys\w*$/.test(dbName))
  throw new Error("use a database named runway_bench_surveys*");

const adminUrl = new URL(url);
adminUrl.pathname = "/postgres";
const admin = postgres(adminUrl.toString(), { max: 1, onnotice: () => {} });
await admin.unsafe(`drop database if exists "${dbName}" with (force)`);
await admin.unsafe(`create database "${dbName}"`);

const handle = await openDatabase({ databaseUrl: url.toString() });
const db = handle.db;
const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;

try {
  let t = performance.now();
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
    from generate_series(1, ${N}) g`);
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
  await db.execute(sql`analyze`);
  console.log(
    `seeded ${N} responses × ${questions.length} answers in ${((performance.now() - t) / 1000).toFixed(1)} s`,
  );

  for (const role of [undefined, "alumni"] as const) {
    global.gc?.();
    const base = process.memoryUsage();
    let peakRss = base.rss;
    let peakHeap = base.heapUsed;
    const sample = setInterval(() => {
      const m = process.memoryUsage();
      peakRss = Math.max(peakRss, m.rss);
      peakHeap = Math.max(peakHeap, m.heapUsed);
    }, 20);
    t = performance.now();
    let bytes = 0;
    let chunks = 0;
    let firstChunkMs = 0;
    for await (const chunk of responsesCsv(db, survey.id, { role })) {
      if (!chunks) firstChunkMs = performance.now() - t;
      bytes += Buffer.byteLength(chunk);
      chunks++;
    }
    const ms = performance.now() - t;
    clearInterval(sample);
    const m = process.memoryUsage();
    peakRss = Math.max(peakRss, m.rss);
    peakHeap = Math.max(peakHeap, m.heapUsed);
    console.log(
      `export ${role ?? "all roles"}: ${(ms / 1000).toFixed(2)} s, ${mb(bytes)} in ${chunks} chunks, first chunk after ${firstChunkMs.toFixed(0)} ms; ` +
        `RSS ${mb(base.rss)} → peak ${mb(peakRss)} (+${mb(peakRss - base.rss)}), heap ${mb(base.heapUsed)} → peak ${mb(peakHeap)} (+${mb(peakHeap - base.heapUsed)})`,
    );
  }

  const buildFile = path.resolve("build/index.js");
  if (fs.existsSync(buildFile) && !process.env.NO_HTTP) {
    process.env.DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), "runway-bench-"));
    process.env.SESSION_SECRET ??= "bench-secret-bench-secret-bench-secret-00";
    setDbHandle(handle);
    const build = (await import(pathToFileURL(buildFile).href)) as {
      entry: { module: { loadEnv(): unknown } };
    };
    const { createApp } = await import(pathToFileURL(path.resolve("server-app.mjs")).href);
    const server: Server = await new Promise((resolve) => {
      const s = createApp(build, build.entry.module.loadEnv()).listen(0, "127.0.0.1", () =>
        resolve(s),
      );
    });
    const { user } = await createUser(db, { role: "admin" });
    const { token } = await createSession(db, user.id, "api");
    const port = (server.address() as { port: number }).port;
    global.gc?.();
    const base = process.memoryUsage();
    let peakRss = base.rss;
    const sample = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 20);
    t = performance.now();
    const res = await fetch(`http://127.0.0.1:${port}/api/surveys/${survey.id}/responses/export`, {
      headers: { Authorization: `Bearer ${token}`, "Accept-Encoding": "identity" },
    });
    let bytes = 0;
    let firstByteMs = 0;
    for await (const part of res.body as unknown as AsyncIterable<Uint8Array>) {
      if (!bytes) firstByteMs = performance.now() - t;
      bytes += part.byteLength;
    }
    const ms = performance.now() - t;
    clearInterval(sample);
    console.log(
      `HTTP export (status ${res.status}): ${(ms / 1000).toFixed(2)} s, ${mb(bytes)}, first byte after ${firstByteMs.toFixed(0)} ms; ` +
        `RSS ${mb(base.rss)} → peak ${mb(peakRss)} (+${mb(peakRss - base.rss)}) (server and client in one process)`,
    );
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  }
} finally {
  await handle.close();
  if (!process.env.KEEP) await admin.unsafe(`drop database if exists "${dbName}" with (force)`);
  await admin.end();
}
