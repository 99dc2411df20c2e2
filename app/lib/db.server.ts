/**
 * The process-wide database: opened once (PGlite or postgres.js), migrated, courses seeded.
 * Kept on globalThis so `remix dev` rebuilds, which restart the server on every edit, do not
 * reopen PGlite (about 1 s each).
 */
import { createDb, type Db, type DbHandle } from "#db/client";
import { migrate } from "#db/migrate";
import { seedCourses } from "#db/seed/courses";
import { env } from "./env.server";
import { checkSecretFingerprint } from "./secret-fingerprint.server";

declare global {
  var __runwayDb: Promise<DbHandle> | undefined;
}

/** Opens, migrates and seeds; used by the server, the CLI and the tests. */
export async function openDatabase(opts: {
  databaseUrl?: string;
  dataDir?: string;
  migrateAndSeed?: boolean;
  max?: number;
  connectTimeout?: number;
  statementTimeout?: number;
  /** SESSION_SECRET: compared with the fingerprint the database holds (recorded if none). */
  secret?: string;
}): Promise<DbHandle> {
  const handle = await createDb({
    databaseUrl: opts.databaseUrl,
    dataDir: opts.databaseUrl ? undefined : opts.dataDir,
    max: opts.max,
    connectTimeout: opts.connectTimeout,
    statementTimeout: opts.statementTimeout,
  });
  try {
    if (opts.migrateAndSeed !== false) {
      await migrate(handle);
      await seedCourses(handle.db);
    }
    if (opts.secret !== undefined) await checkSecretFingerprint(handle.db, opts.secret);
  } catch (e) {
    await handle.close();
    throw e;
  }
  return handle;
}

export function getDbHandle(): Promise<DbHandle> {
  if (!globalThis.__runwayDb) {
    const e = env();
    globalThis.__runwayDb = openDatabase({
      databaseUrl: e.DATABASE_URL,
      dataDir: `${e.DATA_DIR}/pglite`,
      max: e.DATABASE_POOL_SIZE,
      connectTimeout: e.DATABASE_CONNECT_TIMEOUT,
      statementTimeout: e.DATABASE_STATEMENT_TIMEOUT,
      secret: e.SESSION_SECRET,
    });
    globalThis.__runwayDb.catch(() => {
      globalThis.__runwayDb = undefined;
    });
  }
  return globalThis.__runwayDb;
}

export async function getDb(): Promise<Db> {
  return (await getDbHandle()).db;
}

/** Tests inject an already-open database. */
export function setDbHandle(handle: DbHandle) {
  globalThis.__runwayDb = Promise.resolve(handle);
}

export async function closeDb(): Promise<void> {
  const p = globalThis.__runwayDb;
  globalThis.__runwayDb = undefined;
  if (p) await (await p).close();
}
