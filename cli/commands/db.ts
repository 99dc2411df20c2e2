/** `runway db migrate`, `runway db seed [--demo]`, `db copy` and `db accept-secret`. */
import type { Command } from "commander";
import type { DbHandle } from "#db/client";
import {
  CliError,
  EXIT_OK,
  EXIT_USAGE,
  describeTarget,
  finish,
  printJson,
  processIo,
  say,
  table,
  warn,
  withDb,
  type RunDeps,
} from "../support";

async function appliedMigrations(handle: DbHandle): Promise<number> {
  const { sql } = await import("drizzle-orm");
  const [r] = await handle.rows<{ exists: boolean }>(
    sql`select to_regclass('drizzle.__drizzle_migrations') is not null as "exists"`,
  );
  if (!r?.exists) return 0;
  const [c] = await handle.rows<{ n: number | string }>(
    sql`select count(*) as n from drizzle.__drizzle_migrations`,
  );
  return Number(c?.n ?? 0);
}

/** Applies the pending migrations and seeds the 14 courses; safe to run again. */
export async function runDbMigrate(opts: { json?: boolean }, deps: RunDeps = {}): Promise<number> {
  const io = deps.io ?? processIo;
  const { migrate } = await import("#db/migrate");
  const { seedCourses } = await import("#db/seed/courses");
  const target = deps.handle ? deps.handle.driver : await describeTarget();
  const result = await withDb(
    deps,
    async (h) => {
      const before = await appliedMigrations(h);
      await migrate(h);
      const after = await appliedMigrations(h);
      const courses = await seedCourses(h.db);
      return { applied: after - before, total: after, courses };
    },
    { migrateAndSeed: false },
  );
  if (opts.json) printJson(io, { database: target, ...result });
  else {
    say(
      io,
      result.applied
        ? `Applied ${result.applied} migration${result.applied === 1 ? "" : "s"} (${result.total} in total) on ${target}.`
        : `The database is up to date (${result.total} migrations) on ${target}.`,
    );
    say(io, `Courses: ${result.courses.total} (${result.courses.inserted} added).`);
  }
  return EXIT_OK;
}

/** Seeds the courses and, with `demo`, a lived-in board (companies, jobs, users, surveys, answers). */
export async function runDbSeed(
  opts: { demo?: boolean; json?: boolean },
  deps: RunDeps = {},
): Promise<number> {
  const io = deps.io ?? processIo;
  const { seedCourses } = await import("#db/seed/courses");
  const { env } = await import("~/lib/env.server");
  return withDb(deps, async (h) => {
    const courses = await seedCourses(h.db);
    if (!opts.demo) {
      if (opts.json) printJson(io, { courses });
      else {
        say(io, `Courses: ${courses.total} (${courses.inserted} added).`);
        warn(io, "Add --demo for demo companies, jobs, users and surveys.");
      }
      return EXIT_OK;
    }
    const { seedDemo, DemoAlreadySeeded } = await import("../demo-seed");
    let result;
    try {
      result = await seedDemo(h.db, { domain: env().COLLEGE_EMAIL_DOMAIN });
    } catch (e) {
      if (e instanceof DemoAlreadySeeded) throw new CliError(e.message);
      throw e;
    }
    if (opts.json) {
      printJson(io, result);
      return EXIT_OK;
    }
    say(
      io,
      `Demo data added: ${result.companies} companies, ${result.jobs.approved} approved and ` +
        `${result.jobs.pending} pending jobs, ${result.surveys} surveys with ${result.responses} responses.`,
    );
    say(io, "");
    say(io, "Demo accounts (passwords are random; this is the only time they are shown):");
    say(
      io,
      table(
        ["Email", "Role", "Password"],
        result.users.map((u) => [u.email, u.role, u.password]),
      ),
    );
    return EXIT_OK;
  });
}

/**
 * Copies everything from the configured database (normally the PGlite directory) into an empty
 * PostgreSQL database, which is migrated first. `target` is injected by tests.
 */
export async function runDbCopy(
  opts: { to: string; json?: boolean },
  deps: RunDeps & { target?: DbHandle } = {},
): Promise<number> {
  const io = deps.io ?? processIo;
  if (!/^postgres(ql)?:\/\//.test(opts.to))
    throw new CliError("--to must be a PostgreSQL URL (postgres://…)", EXIT_USAGE);
  const { env } = await import("~/lib/env.server");
  if (!deps.handle && env().DATABASE_URL === opts.to)
    throw new CliError("The source and the target are the same database", EXIT_USAGE);
  const { createDb } = await import("#db/client");
  const { migrate } = await import("#db/migrate");
  const { copyDatabase, CopyTargetNotEmpty } = await import("#db/copy");
  const source = deps.handle ? deps.handle.driver : await describeTarget();
  const result = await withDb(deps, async (h) => {
    const target = deps.target ?? (await createDb({ databaseUrl: opts.to, max: 2 }));
    try {
      await migrate(target);
      return await copyDatabase(h, target, {
        onTable: opts.json ? undefined : (table, rows) => warn(io, `${table}: ${rows} rows`),
      });
    } catch (e) {
      if (e instanceof CopyTargetNotEmpty) throw new CliError(e.message);
      throw e;
    } finally {
      if (!deps.target) await target.close();
    }
  });
  const total = result.tables.reduce((n, t) => n + t.rows, 0);
  if (opts.json) printJson(io, { source, ...result });
  else {
    say(
      io,
      `Copied ${total} rows in ${result.tables.length} tables from ${source} to the PostgreSQL database.`,
    );
    say(
      io,
      "Now start Runway with DATABASE_URL set to that database (and the same SESSION_SECRET to keep sessions).",
    );
  }
  return EXIT_OK;
}

/**
 * Makes this process's SESSION_SECRET the database's (after a deliberate change of secret): every
 * server and CLI must then run with it, and what the old one signed stops working.
 */
export async function runDbAcceptSecret(
  opts: { json?: boolean },
  deps: RunDeps = {},
): Promise<number> {
  const io = deps.io ?? processIo;
  const { env } = await import("~/lib/env.server");
  const { acceptSecret, secretFingerprint } = await import("~/lib/secret-fingerprint.server");
  const e = env();
  await withDb(deps, (h) => acceptSecret(h.db, e.SESSION_SECRET), { checkSecret: false });
  const fingerprint = `${secretFingerprint(e.SESSION_SECRET).slice(0, 12)}…`;
  if (opts.json) printJson(io, { fingerprint });
  else
    say(
      io,
      `This database now belongs to the SESSION_SECRET of this process (fingerprint ${fingerprint}). ` +
        "Start every server and CLI with it; sessions and links signed with the old secret no longer work.",
    );
  return EXIT_OK;
}

export function configure(program: Command, deps: RunDeps = {}): void {
  const db = program.command("db").description("Database maintenance: migrations and seed data.");
  db.command("migrate")
    .description("Apply pending migrations and seed the 14 courses (idempotent).")
    .option("--json", "print the result as JSON")
    .addHelpText(
      "after",
      "\nExample:\n  $ runway db migrate\n  $ DATABASE_URL=postgres://localhost/runway runway db migrate",
    )
    .action(async (opts) => finish(await runDbMigrate(opts, deps)));
  db.command("seed")
    .description(
      "Seed the courses; with --demo also companies, jobs, users and surveys for a first look.",
    )
    .option(
      "--demo",
      "add demo companies, approved and pending jobs, users of each role and surveys with answers",
    )
    .option("--json", "print the result (including the demo passwords) as JSON")
    .addHelpText("after", "\nExample:\n  $ runway db seed --demo")
    .action(async (opts) => finish(await runDbSeed(opts, deps)));
  db.command("copy")
    .description(
      "Copy every row of this database (normally the PGlite directory) into an empty PostgreSQL database, " +
        "migrating it first — to move a board from PGlite to PostgreSQL. One transaction: all or nothing.",
    )
    .requiredOption("--to <url>", "the target PostgreSQL database (postgres://…), empty")
    .option("--json", "print the row counts as JSON")
    .addHelpText(
      "after",
      "\nExample:\n  $ runway db copy --to postgres://postgres@127.0.0.1:5432/runway\n" +
        "Stop a server running on the PGlite directory first; create the empty database with createdb.",
    )
    .action(async (opts) => finish(await runDbCopy(opts, deps)));
  db.command("accept-secret")
    .description(
      "Record this process's SESSION_SECRET as the database's, after changing the secret on purpose " +
        "(servers and CLIs with another secret refuse to start).",
    )
    .option("--json", "print the new fingerprint as JSON")
    .addHelpText("after", "\nExample:\n  $ SESSION_SECRET=<the new secret> runway db accept-secret")
    .action(async (opts) => finish(await runDbAcceptSecret(opts, deps)));
}
