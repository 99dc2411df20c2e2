/**
 * Vitest global setup: migrate once, then every test file clones.
 * - PGlite: a migrated data directory dumped to a tarball, loaded per file (≈0.3 s instead of 2 s).
 * - PostgreSQL (TEST_DATABASE_URL): that database is migrated and used as the TEMPLATE for a fresh
 *   database per test file.
 */
import fs from "node:fs";
import path from "node:path";
import type { TestProject } from "vitest/node";
import postgres from "postgres";
import { createDb, openPglite } from "../../db/client";
import { migrate } from "../../db/migrate";
import { seedCourses } from "../../db/seed/courses";

const tmp = path.resolve("tests/.tmp");

declare module "vitest" {
  export interface ProvidedContext {
    pgliteTemplate: string;
    pgTemplateUrl: string | null;
  }
}

export async function setup(project: TestProject) {
  fs.mkdirSync(tmp, { recursive: true });
  const pg = await openPglite();
  const handle = await createDb({ pglite: pg });
  await migrate(handle);
  await seedCourses(handle.db);
  const dump = await pg.dumpDataDir("none");
  const file = path.join(tmp, `pglite-template-${process.pid}.tar`);
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await pg.close();
  project.provide("pgliteTemplate", file);

  const url = process.env.TEST_DATABASE_URL;
  project.provide("pgTemplateUrl", url ?? null);
  if (url) {
    const h = await createDb({ databaseUrl: url, max: 1 });
    await migrate(h);
    await seedCourses(h.db);
    await h.close();
  }
  return async () => {
    fs.rmSync(file, { force: true });
    if (url) {
      // Drop any per-file databases left behind by a crashed worker.
      const u = new URL(url);
      const base = u.pathname.slice(1);
      u.pathname = "/postgres";
      const sql = postgres(u.toString(), { max: 1, onnotice: () => {} });
      const rows = await sql`select datname from pg_database where datname like ${base + "_f%"}`;
      for (const r of rows) await sql.unsafe(`drop database if exists "${r.datname}" with (force)`);
      await sql.end();
    }
  };
}
