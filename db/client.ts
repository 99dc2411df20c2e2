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
 * Raw SQL rows parsed once, at the boundary, by a schema (a zod object: `z.coerce.date()` for a
 * time, `z.coerce.number()` for a count), so the rest of a model works on checked values.
 */
export async function parsedRows<T>(
  db: DbOrTx,
  schema: { parse(row: unknown): T },
  query: SQL,
): Promise<T[]> {
  return (await rowsOf(db, query)).map((row) => schema.parse(row));
}

/**
 * Whether a drizzle instance runs on PGlite (its client has PGlite's `exec` and `waitReady`). For
 * the few places that tune for it: PGlite runs one query at a time on the server's own thread.
 */
export function isPglite(db: DbOrTx): boolean {
  const client = (db as { $client?: unknown }).$client;
  return typeof client === "object" && client !== null && "exec" in client && "waitReady" in client;
}

/**
 * Lets other work in between the slices of a long job (an export, a digest run). PGlite runs each
 * query on the server's own thread and serves them in arrival order: between two slices, the
 * requests that arrived meanwhile are parsed and their queries queued ahead of the next slice, so
 * they wait for one slice, not for the whole job.
 */
export function yieldToOthers(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
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

/** A query or transaction abandoned because no database connection could be had in time. */
export class DatabaseUnavailableError extends Error {
  code: string;
  constructor(waitedMs: number) {
    super(`no database connection within ${waitedMs} ms`);
    // Classified with the connection errors (app/lib/request-context.server.ts): 503.
    this.code = "CONNECT_TIMEOUT";
    this.name = "DatabaseUnavailableError";
  }
}

type LazyQuery = Promise<unknown> & {
  then: Promise<unknown>["then"];
  catch: Promise<unknown>["catch"];
  finally: Promise<unknown>["finally"];
};

/** Errors that mean the server could not be reached (not that it refused a statement). */
function isConnectionError(e: unknown): boolean {
  const code = (e as { code?: unknown } | null)?.code;
  return (
    typeof code === "string" &&
    /^(E[A-Z_]+|CONNECT_TIMEOUT|CONNECTION_[A-Z_]+|08\d{3}|57P0\d|53300)$/.test(code)
  );
}

/**
 * A pool gate in front of postgres.js, so that no query waits for a connection longer than
 * `waitMs`. postgres.js queues a query while its connections are being opened and, during an
 * outage, keeps it queued through every reconnect attempt (each attempt takes one query off its
 * queue): with a pool of 10 and a hundred requests, most waited until the database came back.
 * Here at most `max` queries (or transactions) are handed to postgres.js at once — each then gets
 * a connection of its own, or opens one bounded by connect_timeout — and the rest wait in this
 * gate for at most `waitMs`, after which they fail with DatabaseUnavailableError (503 +
 * Retry-After) without ever having been sent. Once a query fails for want of a connection the
 * database counts as down: the waiting queries fail at once, and until a query succeeds again only
 * one at a time tries (the others fail at once), so an outage costs each request at most about
 * one connect timeout. Running queries are left to statement_timeout.
 */
export function guardPool(
  client: postgres.Sql,
  opts: { max: number; waitMs: number },
): postgres.Sql {
  let active = 0;
  let down = false;
  let probing = false;
  interface Waiter {
    grant(): void;
    fail(): void;
  }
  const queue: Waiter[] = [];
  const unavailable = () => new DatabaseUnavailableError(opts.waitMs);

  const acquire = (): Promise<boolean> => {
    if (down) {
      if (probing) return Promise.reject(unavailable());
      probing = true;
      active++;
      return Promise.resolve(true);
    }
    if (active < opts.max && queue.length === 0) {
      active++;
      return Promise.resolve(false);
    }
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        queue.splice(queue.indexOf(w), 1);
        reject(unavailable());
      }, opts.waitMs);
      const w: Waiter = {
        grant: () => (clearTimeout(timer), active++, resolve(false)),
        fail: () => (clearTimeout(timer), reject(unavailable())),
      };
      queue.push(w);
    });
  };
  const release = (probe: boolean, error: unknown) => {
    active--;
    if (probe) probing = false;
    // Any answer from the server, even an error, shows it is reachable.
    down = error !== undefined && isConnectionError(error);
    if (down) while (queue.length) queue.shift()!.fail();
    while (!down && active < opts.max && queue.length) queue.shift()!.grant();
  };
  const gated = async <T>(fn: () => PromiseLike<T>): Promise<T> => {
    const probe = await acquire();
    try {
      const v = await fn();
      release(probe, undefined);
      return v;
    } catch (e) {
      release(probe, e);
      throw e;
    }
  };

  // postgres.js queries are lazy promises: they start on the first then(). Each is started only
  // once the gate lets it through.
  const gate = (q: LazyQuery) => {
    const then = q.then;
    let started: Promise<unknown> | undefined;
    q.then = ((onFulfilled, onRejected) => {
      started ??= gated(() => new Promise((res, rej) => then.call(q, res, rej)));
      return started.then(onFulfilled, onRejected);
    }) as LazyQuery["then"];
    q.catch = ((onRejected) => q.then(undefined, onRejected)) as LazyQuery["catch"];
    q.finally = ((f) =>
      q.then(
        (v) => (f?.(), v),
        (e) => {
          f?.();
          throw e;
        },
      )) as LazyQuery["finally"];
    return q;
  };
  return new Proxy(client, {
    get(target, prop, receiver) {
      if (prop === "unsafe") {
        return (...args: Parameters<postgres.Sql["unsafe"]>) =>
          gate(target.unsafe(...args) as unknown as LazyQuery);
      }
      // A transaction holds its connection throughout: it holds its place in the gate too.
      if (prop === "begin") {
        return (...args: unknown[]) =>
          gated(() => (target.begin as (...a: unknown[]) => Promise<unknown>)(...args));
      }
      return Reflect.get(target, prop, receiver);
    },
  });
}

export async function createDb(opts: CreateDbOptions): Promise<DbHandle> {
  if (opts.databaseUrl) {
    const raw = postgres(opts.databaseUrl, {
      max: opts.max ?? 10,
      onnotice: () => {},
      // Bounded waits: during an outage a request fails fast (503) instead of hanging for 30 s.
      ...(opts.connectTimeout ? { connect_timeout: opts.connectTimeout } : {}),
      // A connection that closes with a query still waiting to be sent reconnects after a back-off
      // that postgres.js grows with every failure of the pool (up to 20 s): in an outage's burst
      // that query's request waited 3–7 s past the connect timeout. Capped at half a second, it
      // waits one short pause and one connect attempt, then fails (503) like the others.
      backoff: (retries: number) => Math.min((0.5 + Math.random() / 2) * (3 ** retries / 100), 0.5),
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
    // A query waits for a connection no longer than a connection may take to open.
    const client = guardPool(raw, {
      max: opts.max ?? 10,
      waitMs: (opts.connectTimeout ?? 30) * 1000,
    });
    const db = drizzlePg(client, { schema }) as unknown as Db;
    return {
      db,
      driver: "postgres",
      poolSize: opts.max ?? 10,
      url: opts.databaseUrl,
      rows: <T>(q: SQL) => rowsOf<T>(db, q),
      close: () => raw.end({ timeout: 5 }),
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
