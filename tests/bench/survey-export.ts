/**
 * Benchmark: CSV export of 100 000 survey responses (8 questions each) on PostgreSQL and on PGlite.
 * Prints, for each driver, the export time, responses per second, the bytes written, the first
 * chunk's delay and the memory growth while exporting; and the export's time against the database's
 * own `COPY (same rows and cells) TO STDOUT WITH CSV` (PGlite: TO '/dev/blob') in the same run, at
 * 1, 2 and 4 exports at once (goal: ≤ 2× COPY on PostgreSQL, ≤ 3× on PGlite).
 *
 *   npm run bench:survey-export
 *   BENCH_DRIVERS=postgres BENCH_BATCH=5000 BENCH_PARALLEL=3 RESPONSES=100000 BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/runway_bench_surveys npx tsx tests/bench/survey-export.ts
 *
 * PostgreSQL: the database named in the URL is created fresh and dropped at the end (KEEP=1 keeps
 * it). PGlite: an in-memory database. When build/index.js exists, the export is also fetched over
 * HTTP from the built server running in this process (GET /api/surveys/{id}/responses/export with
 * an admin token).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Server } from "node:http";
import { pathToFileURL } from "node:url";
import postgres from "postgres";
import { setDbHandle } from "../../app/lib/db.server";
import { createSession } from "../../app/models/auth/session.server";
import { responsesCsv } from "../../app/models/survey/export.server";
import { createUser } from "../factories";
import {
  benchDrivers,
  mb,
  measure,
  openBenchDb,
  perSecond,
  seedSurveyResponses,
} from "./export-seed";

const N = Number(process.env.RESPONSES ?? 100_000);

interface PGliteLike {
  query(q: string): Promise<{ blob?: Blob }>;
}

/**
 * The COPY floor's query: the export's rows (a response, its user and course; oldest first) and
 * cells (respondent, e-mail, role, course, submitted at, then each question's answer as text),
 * left to COPY to quote. Bench-only SQL with the survey's ids written in (COPY takes no parameters).
 */
function copyQuery(surveyId: string, questionIds: string[]): string {
  const answers = questionIds.map((id) => `coalesce(a.answers ->> '${id}', '')`).join(", ");
  return `select coalesce(nullif(btrim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), ''),
                          nullif(u.email, ''), 'Anonymous'),
                 u.email, r.role, c.name,
                 to_char(r.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), ${answers}
          from survey_responses r
          left join users u on u.id = r.user_id
          left join courses c on c.id = u.course_id
          cross join lateral (select jsonb_object_agg(x.question_id, x.value #>> '{}') as answers
                              from survey_answers x where x.response_id = r.id) a
          where r.survey_id = '${surveyId}'
          order by r.created_at, r.id`;
}
/** BENCH_BATCH / BENCH_PARALLEL override the export's batch size and batches in flight. */
const tuning = {
  ...(process.env.BENCH_BATCH ? { batchSize: Number(process.env.BENCH_BATCH) } : {}),
  ...(process.env.BENCH_PARALLEL ? { parallel: Number(process.env.BENCH_PARALLEL) } : {}),
};
const summary: string[] = [];
const loadAverage = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(" ");
console.log(
  `Survey export benchmark — ${N} responses × 8 questions, ${os.cpus().length} CPUs, load average ${loadAverage()}`,
);

for (const driver of benchDrivers()) {
  const { handle, drop } = await openBenchDb(driver, "runway_bench_surveys");
  const db = handle.db;
  try {
    const t = performance.now();
    const { survey, questions } = await seedSurveyResponses(db, N);
    console.log(
      `[${driver}] seeded ${N} responses × ${questions.length} answers in ${((performance.now() - t) / 1000).toFixed(1)} s`,
    );

    // A first run, printed apart: the next ones find the tables in the cache, as exports of a survey
    // people use do. Its memory line is the one to hold against the goal (the heap grows here).
    const first = await measure(async () => {
      for await (const _chunk of responsesCsv(db, survey.id, tuning));
    });
    const firstLine = `[${driver}] export all roles, first run: ${(first.ms / 1000).toFixed(2)} s, ${perSecond(N, first.ms)}; ${first.memory}`;
    console.log(firstLine);
    summary.push(firstLine);
    for (const role of [undefined, "alumni"] as const) {
      let bytes = 0;
      let chunks = 0;
      let firstChunkMs = 0;
      const start = performance.now();
      const m = await measure(async () => {
        for await (const chunk of responsesCsv(db, survey.id, { role, ...tuning })) {
          if (!chunks) firstChunkMs = performance.now() - start;
          bytes += Buffer.byteLength(chunk);
          chunks++;
        }
      });
      const rows = role ? N / 2 : N;
      const line =
        `[${driver}] export ${role ?? "all roles"}: ${(m.ms / 1000).toFixed(2)} s, ${perSecond(rows, m.ms)}, ` +
        `${mb(bytes)} in ${chunks} chunks, first chunk after ${firstChunkMs.toFixed(0)} ms; ${m.memory}`;
      console.log(line);
      summary.push(line);
    }

    // The floor: the database's own COPY of the same rows and cells (the same joins, one row per
    // response in the same order, the five fixed cells and one cell per question, CSV-quoted by
    // COPY), read to the end by the client, at 1, 2 and 4 at once against as many exports at once.
    // The ratio is export time ÷ COPY time, both measured here, one after the other.
    const copySql = copyQuery(
      survey.id,
      questions.map((q) => q.id),
    );
    // postgres.js leaves a connection unusable after a COPY read as a stream: each COPY gets its
    // own connection, opened before the clock starts and closed after it stops.
    const copyOnce = async (pg: postgres.Sql | null): Promise<number> => {
      if (!pg) {
        const lite = (db as unknown as { $client: PGliteLike }).$client;
        const r = await lite.query(`copy (${copySql}) to '/dev/blob' with csv`);
        return r.blob?.size ?? 0;
      }
      let n = 0;
      const stream = await pg.unsafe(`copy (${copySql}) to stdout with csv`).readable();
      for await (const part of stream as AsyncIterable<Buffer>) n += part.byteLength;
      return n;
    };
    const exportOnce = async (): Promise<number> => {
      let n = 0;
      for await (const chunk of responsesCsv(db, survey.id, tuning)) n += Buffer.byteLength(chunk);
      return n;
    };
    {
      for (const k of [1, 2, 4]) {
        const timeOf = async (fn: () => Promise<number>) => {
          const t0 = performance.now();
          const sizes = await Promise.all(Array.from({ length: k }, fn));
          return { ms: performance.now() - t0, bytes: sizes[0] };
        };
        const timeCopies = async () => {
          const clients =
            driver === "postgres"
              ? Array.from({ length: k }, () =>
                  postgres(handle.url!, { max: 1, onnotice: () => {} }),
                )
              : [];
          await Promise.all(clients.map((c) => c`select 1`));
          let i = 0;
          const r = await timeOf(() => copyOnce(clients[i++] ?? null));
          await Promise.all(clients.map((c) => c.end()));
          return r;
        };
        // Alternated twice, the better of each: the machine is shared and its load moves.
        const copies = [await timeCopies()];
        const exports = [await timeOf(exportOnce)];
        copies.push(await timeCopies());
        exports.push(await timeOf(exportOnce));
        const c = Math.min(...copies.map((x) => x.ms));
        const e = Math.min(...exports.map((x) => x.ms));
        const line =
          `[${driver}] ${k} at once: export ${(e / 1000).toFixed(2)} s (${mb(exports[0].bytes)} each), ` +
          `COPY ${(c / 1000).toFixed(2)} s (${mb(copies[0].bytes)} each) — export ÷ COPY = ${(e / c).toFixed(2)}× ` +
          `(goal ≤ ${driver === "pglite" ? 3 : 2}×)`;
        console.log(line);
        summary.push(line);
      }
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
      let status = 0;
      let bytes = 0;
      let firstByteMs = 0;
      const start = performance.now();
      const m = await measure(async () => {
        const res = await fetch(
          `http://127.0.0.1:${port}/api/surveys/${survey.id}/responses/export`,
          { headers: { Authorization: `Bearer ${token}`, "Accept-Encoding": "identity" } },
        );
        status = res.status;
        for await (const part of res.body as unknown as AsyncIterable<Uint8Array>) {
          if (!bytes) firstByteMs = performance.now() - start;
          bytes += part.byteLength;
        }
      });
      const line =
        `[${driver}] HTTP export (status ${status}): ${(m.ms / 1000).toFixed(2)} s, ${perSecond(N, m.ms)}, ${mb(bytes)}, ` +
        `first byte after ${firstByteMs.toFixed(0)} ms; ${m.memory} (server and client in one process)`;
      console.log(line);
      summary.push(line);
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    }
  } finally {
    await handle.close();
    await drop();
  }
}
console.log(
  `\nSummary (${N} responses × 8 questions; load average now ${loadAverage()}):\n${summary.join("\n")}`,
);
