/**
 * createDb: postgres.js when a URL is given, else PGlite in a data directory. Both answer the same
 * drizzle API (PgDatabase), so models never know which one they run on.
 */
import fs from "node:fs";
import { drizzle as drizzlePg } from "drizzle-orm/postgres-js";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import type { PGlite } from "@electric-sql/pglite";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import type { SQL } from "drizzle-orm";
import postgres from "postgres";
import { acquireDataDirLock } from "./data-dir-lock";
import * as schema from "./schema";

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Driver = "postgres" | "pglite";
/** A transaction handle, as `db.transaction(async (tx) => …)` passes it. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
/** The database or a transaction: what helpers that may run inside one accept. */
export type DbOrTx = Db | Tx;

/**
 * Raw SQL rows on either driver: postgres.js returns an array, PGlite `{ rows }`. The one place
 * that knows, so models never cast `execute()` results themselves.
 */
export async function rowsOf<T = Record<string, unknown>>(db: DbOrTx, query: SQL): Promise<T[]> {
  const r = (await db.execute(query)) as unknown as T[] | { rows: T[] };
  return Array.isArray(r) ? r : r.rows;
}

/**
 * Whether a drizzle instance runs on PGlite (its client has PGlite's `exec` and `waitReady`). For
 * the few places that tune for it: PGlite runs one query at a time on the server's own thread.
 */
export function isPglite(db: DbOrTx): boolean {
  const client = (db as { $client?: unknown }).$client;
  return typeof client === "object" && client !== null && "exec" in client && "waitReady" in client;
}

export interface DbHandle {
  db: Db;
  driver: Driver;
  /** The configured connection pool size (PostgreSQL only), for /metrics. */
  poolSize?: number;
  /** The connection URL (PostgreSQL only), for work that needs a dedicated connection. */
  url?: string;
  /** Runs raw SQL and returns the rows, whichever driver is underneath. */
  rows<T = Record<string, unknown>>(query: SQL): Promise<T[]>;
  close(): Promise<void>;
}

export { DataDirLockedError } from "./data-dir-lock";

export interface CreateDbOptions {
  databaseUrl?: string;
  dataDir?: string;
  /** Max pool size for postgres.js. */
  max?: number;
  /** Seconds to wait for a PostgreSQL connection before failing (postgres.js default: 30). */
  connectTimeout?: number;
  /** Seconds any one statement may run on PostgreSQL (0 = no limit). */
  statementTimeout?: number;
  /** Reuse an already-open PGlite (tests clone a migrated template). */
  pglite?: PGlite;
}

export async function openPglite(dataDir?: string) {
  const { PGlite } = await import("@electric-sql/pglite");
  const { unaccent } = await import("@electric-sql/pglite/contrib/unaccent");
  const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
  return PGlite.create(dataDir ? dataDir : undefined, { extensions: { unaccent, pg_trgm } });
}

export async function createDb(opts: CreateDbOptions): Promise<DbHandle> {
  if (opts.databaseUrl) {
    const client = postgres(opts.databaseUrl, {
      max: opts.max ?? 10,
      onnotice: () => {},
      // Bounded waits: during an outage a request fails fast (503) instead of hanging for 30 s.
      ...(opts.connectTimeout ? { connect_timeout: opts.connectTimeout } : {}),
      // Short OLTP queries: the JIT compiler costs 10–80 ms per search and never pays back here.
      connection: {
        application_name: "runway",
        jit: "off",
        ...(opts.statementTimeout
          ? { statement_timeout: Math.round(opts.statementTimeout * 1000) }
          : {}),
      },
      // Dates come back as JS Dates; bytea as Buffer.
    });
    const db = drizzlePg(client, { schema }) as unknown as Db;
    return {
      db,
      driver: "postgres",
      poolSize: opts.max ?? 10,
      url: opts.databaseUrl,
      rows: <T>(q: SQL) => rowsOf<T>(db, q),
      close: () => client.end({ timeout: 5 }),
    };
  }
  let release = () => {};
  let pg = opts.pglite;
  if (!pg) {
    if (opts.dataDir) {
      fs.mkdirSync(opts.dataDir, { recursive: true });
      release = acquireDataDirLock(opts.dataDir);
    }
    try {
      pg = await openPglite(opts.dataDir);
    } catch (e) {
      release();
      throw e;
    }
  }
  const client = pg;
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    driver: "pglite",
    rows: <T>(q: SQL) => rowsOf<T>(db, q),
    close: async () => {
      if (!client.closed) await client.close();
      release();
    },
  };
}
