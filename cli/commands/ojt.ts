/**
 * `runway ojt import|remind|list`: OJT placements from the registrar's side. The CLI acts
 * for the whole college (`system`), like an administrator.
 */
import fs from "node:fs";
import type { Command } from "commander";
import type { Db } from "#db/client";
import {
  CliError,
  EXIT_ERROR,
  EXIT_OK,
  EXIT_USAGE,
  finish,
  printJson,
  processIo,
  say,
  table,
  warn,
  withDb,
  type RunDeps,
} from "../support";

async function systemCtx(db: Db) {
  const { env } = await import("~/lib/env.server");
  const { ojtConfigFrom } = await import("~/models/ojt/config");
  return { db, actor: null, system: true, ojt: ojtConfigFrom(env()) };
}

/** `runway ojt import --file placements.csv [--dry-run] [--json]`. */
export async function runOjtImport(
  opts: { file: string; dryRun?: boolean; json?: boolean },
  deps: RunDeps = {},
): Promise<number> {
  const io = deps.io ?? processIo;
  let csv: string;
  try {
    csv = fs.readFileSync(opts.file, "utf8");
  } catch {
    throw new CliError(`Cannot read ${opts.file}`, EXIT_USAGE);
  }
  const { importPlacements } = await import("~/models/ojt/import.server");
  const r = await withDb(deps, async (h) =>
    importPlacements(await systemCtx(h.db), csv, { dryRun: opts.dryRun }),
  );
  if (opts.json) printJson(io, r);
  else {
    for (const e of r.errors) warn(io, `Line ${e.line}: ${e.message}`);
    if (r.errors.length)
      say(io, `${r.errors.length} row(s) refused; nothing was imported (${r.rows} row(s) read).`);
    else if (r.dryRun) say(io, `Dry run: ${r.rows} placement(s) would be created.`);
    else say(io, `Imported ${r.created} placement(s).`);
  }
  return r.errors.length ? EXIT_ERROR : EXIT_OK;
}

/** `runway ojt remind [--dry-run] [--json]`. */
export async function runOjtRemind(
  opts: { dryRun?: boolean; json?: boolean },
  deps: RunDeps = {},
): Promise<number> {
  const io = deps.io ?? processIo;
  const { runOjtReminders } = await import("~/models/ojt/reminders.server");
  const r = await withDb(deps, async (h) =>
    runOjtReminders(h.db, (await systemCtx(h.db)).ojt, { dryRun: opts.dryRun }),
  );
  if (opts.json) printJson(io, { dryRun: !!opts.dryRun, ...r });
  else {
    for (const i of r.items)
      say(
        io,
        `${i.kind === "supervisor" ? `Supervisor (week of ${i.weekStart})` : i.kind === "evaluation" ? `Supervisor (${i.stage} evaluation)` : "Student"}: ${i.to}`,
      );
    say(
      io,
      `${opts.dryRun ? "Dry run: would remind" : "Reminded"} ${r.supervisors} supervisor(s) and ${r.students} student(s).`,
    );
    say(
      io,
      `${opts.dryRun ? "Dry run: would ask" : "Asked"} ${r.evaluations} supervisor(s) for an evaluation.`,
    );
  }
  return EXIT_OK;
}

/** `runway ojt list [--course CODE] [--at-risk] [--json]`. */
export async function runOjtList(
  opts: { course?: string; atRisk?: boolean; json?: boolean },
  deps: RunDeps = {},
): Promise<number> {
  const io = deps.io ?? processIo;
  const { listPlacements } = await import("~/models/ojt/placement.server");
  const { resolveCourse } = await import("~/models/course/course.server");
  const items = await withDb(deps, async (h) => {
    if (opts.course && !(await resolveCourse(h.db, opts.course)))
      throw new CliError(`Unknown programme: ${opts.course}`, EXIT_USAGE);
    const ctx = await systemCtx(h.db);
    const all = [];
    for (let page = 1; ; page++) {
      const r = await listPlacements(
        ctx,
        { course: opts.course ?? null, atRisk: !!opts.atRisk, page, limit: 500 },
        { weeks: !!opts.json },
      );
      all.push(...r.items);
      if (page * r.limit >= r.total) break;
    }
    return all;
  });
  if (opts.json) printJson(io, items);
  else if (!items.length) say(io, "No placements.");
  else
    say(
      io,
      table(
        [
          "Student",
          "Programme",
          "Company",
          "Status",
          "Approved/required h",
          "Pending h",
          "Projected",
          "At risk",
        ],
        items.map((p) => [
          p.student.name,
          p.student.course ?? "",
          p.company.name,
          p.status,
          `${p.approvedHours}/${p.requiredHours}`,
          String(p.pendingHours),
          p.projectedFinish ?? "",
          p.atRisk ? "yes" : "",
        ]),
      ),
    );
  return EXIT_OK;
}

/** `runway ojt report --format csv|json [--course CODE] [--from YYYY-MM-DD] [--to YYYY-MM-DD]`. */
export async function runOjtReport(
  opts: { format?: string; course?: string; from?: string; to?: string },
  deps: RunDeps = {},
): Promise<number> {
  const io = deps.io ?? processIo;
  const format = opts.format ?? "csv";
  if (format !== "csv" && format !== "json")
    throw new CliError("--format must be csv or json", EXIT_USAGE);
  const { ojtReport, ojtReportCsv } = await import("~/models/ojt/report.server");
  const { ValidationError } = await import("~/lib/errors");
  const report = await withDb(deps, async (h) => {
    try {
      return await ojtReport(await systemCtx(h.db), {
        course: opts.course ?? null,
        from: opts.from ?? null,
        to: opts.to ?? null,
      });
    } catch (e) {
      if (e instanceof ValidationError) throw new CliError(e.message, EXIT_USAGE);
      throw e;
    }
  });
  if (format === "json") printJson(io, report);
  else io.stdout.write(ojtReportCsv(report));
  return EXIT_OK;
}

export function configure(program: Command, deps: RunDeps = {}): void {
  const ojt = program.command("ojt").description("OJT placements and their hours (internships).");
  ojt
    .command("import")
    .description(
      "Create placements from a CSV file (columns: studentEmail, companyName, supervisorName, supervisorEmail, supervisorPosition, supervisorPhone, startDate, expectedEndDate, requiredHours). Nothing is imported when any row is refused.",
    )
    .requiredOption("--file <path>", "the CSV file")
    .option("--dry-run", "check every row and report, write nothing")
    .option("--json", "print the result as JSON")
    .addHelpText("after", "\nExample:\n  $ runway ojt import --file placements.csv --dry-run")
    .action(async (opts) => finish(await runOjtImport(opts, deps)));
  ojt
    .command("remind")
    .description(
      "Queue the reminders due now: supervisors with a week waiting over 3 days (once a week per week), deployed students with no entry for 7 days (once). The server also runs this hourly.",
    )
    .option("--dry-run", "list who would be reminded, send nothing")
    .option("--json", "print the result as JSON")
    .addHelpText("after", "\nExample:\n  $ runway ojt remind --dry-run")
    .action(async (opts) => finish(await runOjtRemind(opts, deps)));
  ojt
    .command("list")
    .description(
      "List placements with their progress: approved and pending hours, projected finish, at risk.",
    )
    .option("--course <code>", "only this programme (code, name or id)")
    .option("--at-risk", "only placements at risk")
    .option("--json", "print the placements as JSON (the /api shape)")
    .addHelpText(
      "after",
      "\nExamples:\n  $ runway ojt list --course BSAMT --at-risk\n  $ runway ojt list --json",
    )
    .action(async (opts) => finish(await runOjtList(opts, deps)));
  ojt
    .command("report")
    .description(
      "The internship report: per host company its MOA (state and dates) and interns per programme; per placement the student, programme, host, period, required and approved hours, status, evaluation average and hired-by-host. Placements overlapping --from..--to.",
    )
    .option("--format <format>", "csv (two tables: host companies, then placements) or json", "csv")
    .option("--course <code>", "only this programme (code, name or id)")
    .option("--from <date>", "placements still running on or after this date (YYYY-MM-DD)")
    .option("--to <date>", "placements started on or before this date (YYYY-MM-DD)")
    .addHelpText(
      "after",
      "\nExamples:\n  $ runway ojt report --format csv --course BSAMT --from 2026-01-01 --to 2026-12-31 > ojt.csv\n  $ runway ojt report --format json",
    )
    .action(async (opts) => finish(await runOjtReport(opts, deps)));
}
