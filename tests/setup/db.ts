/**
 * Real databases for integration tests: `forEachDb((t) => { ... t.db ... })` runs the enclosed
 * tests on PGlite and, when TEST_DATABASE_URL is set, on PostgreSQL too. One database per test file
 * and driver; every table but courses is truncated before each test.
 */
import fs from "node:fs";
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, inject } from "vitest";
import postgres from "postgres";
import { sql } from "drizzle-orm";
import { createDb, type Db, type DbHandle, type Driver } from "../../db/client";
import { setDbHandle } from "../../app/lib/db.server";

export function drivers(): Driver[] {
  return inject("pgTemplateUrl") ? ["pglite", "postgres"] : ["pglite"];
}

/** A fresh, migrated database of the given driver (the caller closes it with `drop`). */
export async function freshDb(driver: Driver): Promise<DbHandle & { drop(): Promise<void> }> {
  if (driver === "pglite") {
    const h = await createDb({ pglite: await loadPgliteTemplate() });
    return { ...h, drop: () => h.close() };
  }
  const copy = await copyPgTemplate();
  const h = await createDb({ databaseUrl: copy.url, max: 5 });
  return {
    ...h,
    drop: async () => {
      await h.close();
      await copy.drop();
    },
  };
}

/** A PGlite loaded from the migrated template (in memory, or in `dir` when given). */
export async function loadPgliteTemplate(dir?: string) {
  const { PGlite } = await import("@electric-sql/pglite");
  const { unaccent } = await import("@electric-sql/pglite/contrib/unaccent");
  const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
  const blob = new Blob([fs.readFileSync(inject("pgliteTemplate"))]);
  const opts = { loadDataDir: blob, extensions: { unaccent, pg_trgm } };
  return dir ? PGlite.create(dir, opts) : PGlite.create(opts);
}

/** A new PostgreSQL database copied from the migrated TEST_DATABASE_URL template. */
export async function copyPgTemplate(): Promise<{ url: string; drop(): Promise<void> }> {
  const template = inject("pgTemplateUrl")!;
  const u = new URL(template);
  const base = u.pathname.slice(1);
  const name = `${base}_f${randomBytes(5).toString("hex")}`;
  u.pathname = "/postgres";
  const admin = postgres(u.toString(), { max: 1, onnotice: () => {} });
  // CREATE DATABASE … TEMPLATE needs the template to be idle; retry briefly if another file is copying.
  for (let i = 0; ; i++) {
    try {
      await admin.unsafe(`create database "${name}" template "${base}"`);
      break;
    } catch (e) {
      if (i > 50) throw e;
      await new Promise((r) => setTimeout(r, 100 + Math.random() * 200));
    }
  }
  const dbUrl = new URL(template);
  dbUrl.pathname = `/${name}`;
  return {
    url: dbUrl.toString(),
    drop: async () => {
      await admin.unsafe(`drop database if exists "${name}" with (force)`);
      await admin.end();
    },
  };
}

const KEEP = new Set(["courses", "__drizzle_migrations"]);

const tablesOf = new WeakMap<DbHandle, Promise<string[]>>();

/**
 * Empties every table but the kept ones. Only the tables that hold rows are truncated: TRUNCATE
 * costs per table named (on PostgreSQL about 150 ms for all of them, against a few ms for the few a
 * test fills), and this runs before every test.
 */
export async function truncateAll(h: DbHandle): Promise<void> {
  let tables = tablesOf.get(h);
  if (!tables) {
    tables = h
      .rows<{ tablename: string }>(sql`select tablename from pg_tables where schemaname = 'public'`)
      .then((rows) => rows.map((t) => t.tablename).filter((t) => !KEEP.has(t)));
    tablesOf.set(h, tables);
  }
  const names = await tables;
  if (!names.length) return;
  const filled = await h.rows<{ t: string }>(
    sql.raw(
      names
        .map((n) => `select '${n}' as t where exists (select 1 from "${n}")`)
        .join(" union all "),
    ),
  );
  if (filled.length)
    await h.db.execute(
      sql.raw(`truncate ${filled.map((r) => `"${r.t}"`).join(", ")} restart identity cascade`),
    );
}

export interface TestDb {
  db: Db;
  handle: DbHandle;
  driver: Driver;
}

/** Runs `body` once per available driver, inside a describe named after the driver. */
export function forEachDb(body: (t: TestDb) => void, opts: { truncate?: boolean } = {}) {
  for (const driver of drivers()) {
    describe(`[${driver}]`, () => {
      const t = { driver } as TestDb;
      let h: Awaited<ReturnType<typeof freshDb>>;
      beforeAll(async () => {
        h = await freshDb(driver);
        t.handle = h;
        t.db = h.db;
        // Code that calls getDb() (lib helpers, loaders) sees this database too.
        setDbHandle(h);
      });
      afterAll(async () => {
        await h?.drop();
      });
      if (opts.truncate !== false) {
        beforeEach(async () => {
          setDbHandle(h);
          await truncateAll(h);
        });
      }
      body(t);
    });
  }
}

/** For code reading raw SQL rows on either driver. */
export async function rows<T = Record<string, unknown>>(
  t: TestDb,
  q: ReturnType<typeof sql>,
): Promise<T[]> {
  return t.handle.rows<T>(q);
}
