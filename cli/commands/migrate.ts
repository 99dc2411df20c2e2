/**
 * `runway migrate aerojob --from DIR [--dry-run] [--jobs-approved] [--uploads DIR] [--send-resets]
 * [--json]` — a thin adapter over app/models/migrate (ADR 115): progress on stderr (a bar on a
 * terminal, one line per committed batch otherwise), the report on stdout.
 */
import type { Command } from "commander";
import { Option } from "commander";
import type { MigrateProgress, MigrateResult } from "~/models/migrate/aerojob.server";
import {
  CliError,
  EXIT_OK,
  EXIT_USAGE,
  finish,
  printJson,
  processIo,
  say,
  table,
  warn,
  withDb,
  type Io,
  type RunDeps,
} from "../support";

export interface MigrateAerojobOptions {
  from?: string;
  dryRun?: boolean;
  jobsApproved?: boolean;
  uploads?: string;
  sendResets?: boolean;
  json?: boolean;
  batchSize?: string;
  /** No progress output (tests). */
  quiet?: boolean;
}

const LABELS: Record<string, string> = {
  users: "Users",
  companies: "Companies",
  jobs: "Jobs",
  surveys: "Surveys",
  surveyresponses: "Responses",
  searchlogs: "Searches",
};

async function progressOf(io: Io, quiet: boolean, dryRun: boolean) {
  if (quiet) return { onProgress: (_p: MigrateProgress) => {}, stop: () => {} };
  if (!io.stderr.isTTY)
    return {
      // One line per committed batch: a log shows how far a stopped run had got.
      onProgress: (p: MigrateProgress) =>
        warn(
          io,
          `${LABELS[p.collection] ?? p.collection}: ${p.done}/${p.total} ${dryRun ? "checked" : "written"}`,
        ),
      stop: () => {},
    };
  const { default: cliProgress } = await import("cli-progress");
  let bar: InstanceType<typeof cliProgress.SingleBar> | null = null;
  let current = "";
  return {
    onProgress(p: MigrateProgress) {
      const label = LABELS[p.collection] ?? p.collection;
      if (current !== label) {
        bar?.stop();
        current = label;
        bar = new cliProgress.SingleBar(
          {
            stream: io.stderr as NodeJS.WritableStream,
            format: `${label.padEnd(10)} {bar} {percentage}% | {value}/{total}`,
            barsize: 30,
            hideCursor: true,
            clearOnComplete: false,
          },
          cliProgress.Presets.shades_classic,
        );
        bar.start(Math.max(p.total, 1), 0);
      }
      bar!.update(p.done);
    },
    stop() {
      bar?.stop();
      bar = null;
    },
  };
}

function printHuman(io: Io, r: MigrateResult): void {
  const rep = r.report;
  say(
    io,
    table(
      ["Collection", "Read", "Created", "Updated", "Skipped", "Merged"],
      Object.entries(rep.collections).map(([c, n]) => [
        c,
        String(n.read),
        String(n.created),
        String(n.updated),
        String(n.skipped),
        String(n.merged),
      ]),
    ),
  );
  if (r.missing.length) say(io, `\nNot in the folder (skipped): ${r.missing.join(", ")}`);
  if (rep.skipped.length) {
    say(io, `\nSkipped, merged or left out (${rep.skipped.length}):`);
    // The same reason many times over (short search terms…) is one line; --json keeps every id.
    const byReason = new Map<string, typeof rep.skipped>();
    for (const s of rep.skipped) {
      const key = `${s.collection}\u0000${s.reason}`;
      const list = byReason.get(key);
      if (list) list.push(s);
      else byReason.set(key, [s]);
    }
    for (const list of byReason.values()) {
      if (list.length > 5)
        say(
          io,
          `  ${list[0].collection}: ${list[0].reason} — ${list.length} documents (ids in --json)`,
        );
      else for (const s of list) say(io, `  ${s.collection} ${s.id ?? "-"}: ${s.reason}`);
    }
  }
  if (rep.admins.length) {
    say(io, `\nImported administrators — review them (AeroJob let anyone create accounts):`);
    for (const a of rep.admins) say(io, `  ${a}`);
  }
  if (rep.needsReset.length) {
    say(
      io,
      `\nAccounts without a working password (${rep.needsReset.length}) — they need a reset:`,
    );
    for (const a of rep.needsReset) say(io, `  ${a}`);
  }
  if (rep.unknownCourses.length) {
    say(io, `\nProgrammes Runway does not know (the users were imported without one):`);
    for (const c of rep.unknownCourses) say(io, `  ${c}`);
  }
  say(io, "");
  if (r.dryRun) warn(io, "Dry run: nothing was written.");
  else if (r.resetsQueued.length)
    warn(
      io,
      `${r.resetsQueued.length} “set your password” e-mail${r.resetsQueued.length === 1 ? " is" : "s are"} queued; ` +
        "the running server sends them (on PGlite: as soon as the server starts again).",
    );
  else if (rep.needsReset.length)
    warn(io, "Run again with --send-resets to e-mail those accounts a link to set a password.");
  warn(io, `Done in ${(r.durationMs / 1000).toFixed(1)} s.`);
}

/** Runs the migration; exit 0 when everything was imported or reported. */
export async function runMigrateAerojob(
  opts: MigrateAerojobOptions,
  deps: RunDeps = {},
): Promise<{ exitCode: number; result: MigrateResult }> {
  const io = deps.io ?? processIo;
  if (!opts.from) throw new CliError("--from DIR is required", EXIT_USAGE);
  const batchSize = opts.batchSize === undefined ? undefined : Number(opts.batchSize);
  if (batchSize !== undefined && !(Number.isInteger(batchSize) && batchSize > 0))
    throw new CliError("--batch-size must be a positive whole number", EXIT_USAGE);
  if (opts.dryRun && opts.sendResets)
    throw new CliError(
      "--send-resets sends mail: it cannot be combined with --dry-run",
      EXIT_USAGE,
    );
  const { env } = await import("~/lib/env.server");
  const { authConfigFrom } = await import("~/models/auth/config");
  const { migrateAerojob } = await import("~/models/migrate/aerojob.server");
  const e = env();
  const progress = await progressOf(io, !!(opts.quiet || opts.json), !!opts.dryRun);
  let result: MigrateResult;
  try {
    result = await withDb(deps, (h) =>
      migrateAerojob(h.db, {
        from: opts.from!,
        uploads: opts.uploads ?? null,
        dryRun: opts.dryRun,
        jobsApproved: opts.jobsApproved,
        sendResets: opts.sendResets,
        batchSize,
        collegeEmailDomain: e.COLLEGE_EMAIL_DOMAIN,
        config: authConfigFrom(e),
        onProgress: progress.onProgress,
      }),
    );
  } finally {
    progress.stop();
  }
  if (opts.json) printJson(io, result.report);
  else printHuman(io, result);
  return { exitCode: EXIT_OK, result };
}

export function configure(program: Command, deps: RunDeps = {}): void {
  const migrate = program
    .command("migrate")
    .description("Bring data across from the college's earlier system.");
  migrate
    .command("aerojob")
    .description(
      "Import AeroJob's users, passwords, companies, jobs, saved jobs, surveys, answers and searches " +
        "from mongoexport files or a mongodump folder. Safe to run again: it updates and never duplicates.",
    )
    .requiredOption(
      "--from <dir>",
      "folder with users.json, profiles.json, companies.json, jobs.json, surveys.json, " +
        "surveyresponses.json, searchlogs.json (mongoexport) or the .bson files of a mongodump",
    )
    .option("--dry-run", "do everything, print the report, then write nothing")
    .option(
      "--jobs-approved",
      "publish imported jobs as AeroJob had them (default: pending approval)",
    )
    .option("--uploads <dir>", "AeroJob's uploads/ folder (company logos, profile photos)")
    .option(
      "--send-resets",
      "queue a “set your password” e-mail to every imported account without a working password (once each)",
    )
    .option("--json", "print the report as JSON (no progress output)")
    .addOption(new Option("--batch-size <n>", "documents per transaction").hideHelp())
    .addHelpText(
      "after",
      `
The report counts, per collection, what was read, created, updated, skipped and merged, and lists
every skipped or merged record with its reason, the imported administrators (review them), the
accounts needing a password reset and the programmes Runway does not know. Exit code 0 when
everything was imported or reported; 1 when a file cannot be read or the database fails.

Examples:
  $ runway migrate aerojob --from ./aerojob-export --uploads ./aerojob/uploads --dry-run
  $ runway migrate aerojob --from ./aerojob-export --uploads ./aerojob/uploads
  $ runway migrate aerojob --from ./aerojob-export --send-resets
  $ runway migrate aerojob --from ./dump/aerojob --json > report.json`,
    )
    .action(async (opts: MigrateAerojobOptions) =>
      finish((await runMigrateAerojob(opts, deps)).exitCode),
    );
}
