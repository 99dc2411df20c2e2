/** `runway export --out <dir>` — all the college's data as CSV and JSON with a README of the columns. */
import fs from "node:fs";
import path from "node:path";
import type { Command } from "commander";
import {
  CliError,
  EXIT_OK,
  finish,
  printJson,
  processIo,
  say,
  table,
  warn,
  withDb,
  type RunDeps,
} from "../support";

export async function runExport(
  opts: { out: string; json?: boolean },
  deps: RunDeps = {},
): Promise<number> {
  const io = deps.io ?? processIo;
  const dir = path.resolve(opts.out);
  if (fs.existsSync(dir) && !fs.statSync(dir).isDirectory())
    throw new CliError(`${opts.out} exists and is not a folder`);
  const { exportAll } = await import("~/models/export/export.server");
  const { env } = await import("~/lib/env.server");
  const summary = await withDb(deps, (h) =>
    exportAll(h.db, dir, {
      collegeName: env().COLLEGE_NAME,
      onTable: opts.json ? undefined : (file, rows) => warn(io, `${file}: ${rows} rows`),
    }),
  );
  if (opts.json) {
    printJson(io, summary);
    return EXIT_OK;
  }
  say(
    io,
    table(
      ["File", "Rows"],
      summary.tables.map((t) => [`${t.file}.csv / .json`, String(t.rows)]),
    ),
  );
  say(
    io,
    `Exported to ${dir} (${summary.files} uploaded files, README.md describes every column) in ${(summary.durationMs / 1000).toFixed(1)} s.`,
  );
  return EXIT_OK;
}

export function configure(program: Command, deps: RunDeps = {}): void {
  program
    .command("export")
    .description(
      "Export everything the college owns — users (without secrets), courses, companies, jobs, surveys, " +
        "questions, responses with answers, audit log, uploaded images — as CSV and JSON.",
    )
    .requiredOption(
      "--out <dir>",
      "folder to write to (created if missing; existing export files are overwritten)",
    )
    .option("--json", "print the summary as JSON")
    .addHelpText("after", "\nExample:\n  $ runway export --out ./runway-export-$(date +%F)")
    .action(async (opts: { out: string; json?: boolean }) => finish(await runExport(opts, deps)));
}
