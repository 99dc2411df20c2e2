/**
 * Benchmark: `runway export` (exportAll) of a board with 100 000 users, on PostgreSQL and PGlite.
 * Prints, for each driver, the users table's rows per second and the whole export's time and memory
 * growth — with the tables the database writes itself (ADR 093) and, for comparison in the same
 * run, with every row shaped in JavaScript (the writer before the database wrote the tables).
 *
 *   npm run bench:data-export
 *   BENCH_DRIVERS=pglite USERS=50000 npx tsx tests/bench/data-export.ts
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { exportAll } from "../../app/models/export/export.server";
import { benchDrivers, mb, measure, openBenchDb, perSecond } from "./export-seed";

const N = Number(process.env.USERS ?? 100_000);
const summary: string[] = [];

for (const driver of benchDrivers()) {
  const { handle, drop } = await openBenchDb(driver, "runway_bench_export");
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "runway-bench-export-"));
  try {
    const t = performance.now();
    await handle.db.execute(sql`
      insert into users (email, role, first_name, last_name, student_id, course_id, year_level, phone,
                         address, bio, email_verified_at, last_login_at)
      select 'bench' || g || '@example.edu', case when g % 2 = 0 then 'student' else 'alumni' end,
             'Ñame' || g, 'Surname, "Q"', 'S-' || g, (select id from courses order by code limit 1),
             '4th Year', '+63 917 ' || g, 'Line 1' || chr(10) || 'Pasay City', 
             case when g % 3 = 0 then null else '=Bio with, commas and "quotes" ' || g end, now(),
             case when g % 2 = 0 then now() end
      from generate_series(1, ${N}) g`);
    await handle.db.execute(sql`analyze`);
    console.log(
      `[${driver}] seeded ${N} users in ${((performance.now() - t) / 1000).toFixed(1)} s`,
    );
    // Alternated twice: the first run also warms the cache.
    for (const shapeInJs of [true, false, true, false]) {
      let usersMs = 0;
      let last = 0;
      const start = performance.now();
      const m = await measure(() =>
        exportAll(handle.db, path.join(dir, shapeInJs ? "js" : "db"), {
          shapeInJs,
          onTable: (file) => {
            const now = performance.now() - start;
            if (file === "users") usersMs = now - last;
            last = now;
          },
        }),
      );
      const bytes = fs.statSync(path.join(dir, shapeInJs ? "js" : "db", "users.csv")).size;
      const line =
        `[${driver}] runway export (${shapeInJs ? "rows shaped in JavaScript" : "database-written tables"}): ` +
        `users ${(usersMs / 1000).toFixed(2)} s (${perSecond(N, usersMs)}, users.csv ${mb(bytes)}), ` +
        `all ${(m.ms / 1000).toFixed(2)} s; ${m.memory}`;
      console.log(line);
      summary.push(line);
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
    await handle.close();
    await drop();
  }
}
console.log(`\nSummary (${N} users):\n${summary.join("\n")}`);
