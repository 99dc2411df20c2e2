/**
 * Liveness and readiness. /healthz says the process is alive (no database, so an outage does not
 * get healthy instances restarted); /readyz says this instance should get traffic: the database
 * answers `select 1` within a short timeout, every committed migration is recorded in it, and the
 * instance is not draining.
 */
import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { DbHandle } from "#db/client";
import { findMigrationsFolder } from "#db/migrations-path";
import { summarizeError } from "./log.server";

export interface Readiness {
  status: "ready" | "not_ready";
  draining: boolean;
  database: { ok: boolean; driver?: string; latencyMs?: number; error?: string };
  migrations: { ok: boolean; expected: number; applied: number; pending: string[] };
}

interface JournalEntry {
  tag: string;
  when: number;
}

let journal: JournalEntry[] | undefined;
function committedMigrations(): JournalEntry[] {
  journal ??= (
    JSON.parse(
      fs.readFileSync(path.join(findMigrationsFolder(), "meta", "_journal.json"), "utf8"),
    ) as {
      entries: JournalEntry[];
    }
  ).entries;
  return journal;
}

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const t = setTimeout(
      () => reject(Object.assign(new Error(`no answer within ${ms} ms`), { code: "TIMEOUT" })),
      ms,
    );
    p.then(
      (v) => (clearTimeout(t), resolve(v)),
      (e) => (clearTimeout(t), reject(e)),
    );
  });
}

/** Checks the database and the migrations; never throws. */
export async function readiness(
  getHandle: () => Promise<DbHandle>,
  opts: { draining: boolean; timeoutMs?: number },
): Promise<Readiness> {
  const timeoutMs = opts.timeoutMs ?? 2000;
  const expected = committedMigrations();
  const result: Readiness = {
    status: "not_ready",
    draining: opts.draining,
    database: { ok: false },
    migrations: {
      ok: false,
      expected: expected.length,
      applied: 0,
      pending: expected.map((e) => e.tag),
    },
  };
  try {
    const t = performance.now();
    const handle = await withTimeout(getHandle(), timeoutMs);
    result.database.driver = handle.driver;
    await withTimeout(handle.rows(sql`select 1 as ok`), timeoutMs);
    result.database = {
      ok: true,
      driver: handle.driver,
      latencyMs: Math.round((performance.now() - t) * 10) / 10,
    };
    // drizzle records each applied migration with the journal's `when` as created_at.
    const rows = await withTimeout(
      handle.rows<{ created_at: string | number }>(
        sql`select created_at from drizzle.__drizzle_migrations`,
      ),
      timeoutMs,
    );
    const applied = new Set(rows.map((r) => Number(r.created_at)));
    const pending = expected.filter((e) => !applied.has(e.when)).map((e) => e.tag);
    result.migrations = {
      ok: pending.length === 0,
      expected: expected.length,
      applied: rows.length,
      pending,
    };
  } catch (e) {
    const s = summarizeError(e);
    result.database.error = s.code ?? s.name;
  }
  result.status =
    result.database.ok && result.migrations.ok && !opts.draining ? "ready" : "not_ready";
  return result;
}
