/**
 * Benchmark of `runway migrate aerojob` (ADR 115; goal: under 60 s on PostgreSQL, bcrypt excluded —
 * it runs only at each user's first sign-in).
 *
 *   npx tsx tests/bench/aerojob-migrate.ts [--users 20000] [--jobs 2000] [--responses 50000]
 *                                          [--only pglite|postgres] [--bson]
 *
 * Generates an AeroJob export with the fixture script (same defects as the tests, no uploads),
 * then imports it into a fresh PGlite directory and a fresh PostgreSQL database
 * runway_bench_aerojob on BENCH_DATABASE_URL's server (default postgres://postgres@127.0.0.1:5432),
 * dropped afterwards. Prints the generation time, each import's time and the second run's time
 * (the idempotent re-run a registrar does after fixing the export).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { openBenchDb } from "./bench-db";
import { makeFixtures } from "../fixtures/aerojob/make-fixtures";

const arg = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const users = Number(arg("users") ?? 20_000);
const jobs = Number(arg("jobs") ?? 2_000);
const responses = Number(arg("responses") ?? 50_000);
const only = arg("only");
const server = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "bench-aerojob-"));
try {
  let t0 = Date.now();
  const fx = await makeFixtures(path.join(tmp, "export"), {
    users,
    jobs,
    responses,
    companies: 300,
    surveys: 12,
    searches: 20_000,
    noUploads: true,
    bson: process.argv.includes("--bson"),
  });
  console.log(
    `generated ${JSON.stringify(fx.counts)} in ${s(Date.now() - t0)} ` +
      `(${process.argv.includes("--bson") ? "mongodump .bson" : "mongoexport JSON"})`,
  );

  const { migrate } = await import("../../db/migrate");
  const { seedCourses } = await import("../../db/seed/courses");
  const { authConfigFrom } = await import("../../app/models/auth/config");
  const { env } = await import("../../app/lib/env.server");
  const { migrateAerojob } = await import("../../app/models/migrate/aerojob.server");

  for (const driver of ["pglite", "postgres"] as const) {
    if (only && only !== driver) continue;
    // PGlite does not create parent folders.
    fs.mkdirSync(path.join(tmp, driver), { recursive: true });
    const bench = await openBenchDb({
      pglite: driver === "pglite",
      dataDir: path.join(tmp, driver),
      pgBase: server,
      name: "runway_bench_aerojob",
      max: 5,
    });
    try {
      await migrate(bench.handle);
      await seedCourses(bench.handle.db);
      // When each collection's last batch committed: the phases' share of the run.
      const phases = new Map<string, number>();
      const opts = {
        from: fx.dir,
        collegeEmailDomain: "example.edu",
        config: authConfigFrom(env()),
        onBatch: (p: { collection: string }) => phases.set(p.collection, Date.now()),
      };
      const phaseLine = (start: number) => {
        let prev = start;
        return [...phases]
          .map(([c, at]) => {
            const d = at - prev;
            prev = at;
            return `${c} ${s(d)}`;
          })
          .join(", ");
      };
      t0 = Date.now();
      const first = await migrateAerojob(bench.handle.db, opts);
      const firstMs = Date.now() - t0;
      const c = first.report.collections;
      console.log(
        `${driver.padEnd(8)} first run  ${s(firstMs).padStart(7)}  users ${c.users.created} (merged ${c.users.merged}), ` +
          `jobs ${c.jobs.created}, saved ${c.savedJobs.created}, responses ${c.surveyresponses.created}, ` +
          `searches ${c.searchlogs.created}, skipped lines ${first.report.skipped.length}`,
      );
      console.log(`${" ".repeat(9)}phases: reading and users ${phaseLine(t0)}`);
      phases.clear();
      t0 = Date.now();
      const second = await migrateAerojob(bench.handle.db, opts);
      const created = Object.values(second.report.collections).reduce((n, x) => n + x.created, 0);
      console.log(
        `${driver.padEnd(8)} second run ${s(Date.now() - t0).padStart(7)}  created ${created} (nothing twice)`,
      );
      console.log(`${" ".repeat(9)}phases: reading and users ${phaseLine(t0)}`);
    } finally {
      await bench.close();
    }
  }
} finally {
  fs.rmSync(tmp, { recursive: true, force: true });
}
