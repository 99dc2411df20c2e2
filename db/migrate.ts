import { migrate as migratePg } from "drizzle-orm/postgres-js/migrator";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import type { DbHandle } from "./client";

import { findMigrationsFolder } from "./migrations-path";

/** Applies the committed SQL migrations (idempotent: applied ones are recorded and skipped). */
export async function migrate(handle: DbHandle, folder = findMigrationsFolder()): Promise<void> {
  if (handle.driver === "postgres") {
     
    await migratePg(handle.db as any, { migrationsFolder: folder });
  } else {
     
    await migratePglite(handle.db as any, { migrationsFolder: folder });
  }
}
