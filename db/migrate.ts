import { drizzle as drizzlePg } from "drizzle-orm/postgres-js";
import { migrate as migratePg } from "drizzle-orm/postgres-js/migrator";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import postgres from "postgres";
import type { DbHandle } from "./client";
import { findMigrationsFolder } from "./migrations-path";

/** Any fixed number: the advisory lock that serialises migrations across instances. */
const MIGRATION_LOCK = 727_079_290;

/**
 * Applies the committed SQL migrations (idempotent: applied ones are recorded and skipped). On
 * PostgreSQL it runs on one dedicated connection holding an advisory lock, so several instances
 * starting at once apply each migration exactly once instead of racing.
 */
export async function migrate(handle: DbHandle, folder = findMigrationsFolder()): Promise<void> {
  if (handle.driver === "pglite") {
    await migratePglite(handle.db as Parameters<typeof migratePglite>[0], {
      migrationsFolder: folder,
    });
    return;
  }
  if (!handle.url) {
    await migratePg(handle.db as Parameters<typeof migratePg>[0], { migrationsFolder: folder });
    return;
  }
  const client = postgres(handle.url, { max: 1, onnotice: () => {} });
  try {
    await client`select pg_advisory_lock(${MIGRATION_LOCK})`;
    await migratePg(drizzlePg(client), { migrationsFolder: folder });
    await client`select pg_advisory_unlock(${MIGRATION_LOCK})`;
  } finally {
    await client.end({ timeout: 5 });
  }
}
