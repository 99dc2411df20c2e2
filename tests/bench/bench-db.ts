/**
 * A fresh database for a benchmark: a new PostgreSQL database `name` on `pgBase` (dropped again by
 * `close()` unless BENCH_KEEP is set), or a PGlite directory under `dataDir`.
 */
import path from "node:path";
import postgres from "postgres";

export async function openBenchDb(opts: {
  pglite: boolean;
  dataDir: string;
  pgBase: string;
  name: string;
  max: number;
}) {
  const { createDb, openPglite } = await import("../../db/client");
  let admin: ReturnType<typeof postgres> | null = null;
  let url: string | null = null;
  if (!opts.pglite) {
    admin = postgres(opts.pgBase, { max: 1, onnotice: () => {} });
    await admin.unsafe(`drop database if exists "${opts.name}" with (force)`);
    await admin.unsafe(`create database "${opts.name}"`);
    const u = new URL(opts.pgBase);
    u.pathname = `/${opts.name}`;
    url = u.toString();
  }
  const handle = opts.pglite
    ? await createDb({ pglite: await openPglite(path.join(opts.dataDir, "pglite")) })
    : await createDb({ databaseUrl: url!, max: opts.max });
  return {
    handle,
    /** The PostgreSQL URL of the bench database (null on PGlite). */
    url,
    async close() {
      await handle.close();
      if (admin && process.env.BENCH_KEEP) console.log(`kept database ${opts.name}`);
      else if (admin) await admin.unsafe(`drop database if exists "${opts.name}" with (force)`);
      await admin?.end();
    },
  };
}
