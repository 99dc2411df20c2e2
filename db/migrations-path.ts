import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * Finds db/migrations whether this code runs from source (db/, app/, cli/) or from the bundled
 * server build (build/): walk up from the caller until the journal is found.
 */
export function findMigrationsFolder(from = path.dirname(fileURLToPath(import.meta.url))): string {
  let dir = from;
  for (let i = 0; i < 6; i++) {
    for (const candidate of [path.join(dir, "migrations"), path.join(dir, "db", "migrations")]) {
      if (fs.existsSync(path.join(candidate, "meta", "_journal.json"))) return candidate;
    }
    dir = path.dirname(dir);
  }
  throw new Error("db/migrations not found");
}
