/**
 * `runway surveys list [--json]`, `runway surveys export <id> [--role] [--out]` and
 * `runway surveys outcomes --survey ID [--format json|csv]`.
 */
import fs from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { Command } from "commander";
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
  type RunDeps,
} from "../support";
import { configureInvite } from "./surveys-invite";

/** Every survey with its status, audience, question and response counts. */
export async function runSurveysList(
  opts: { json?: boolean },
  deps: RunDeps = {},
): Promise<number> {
  const io = deps.io ?? processIo;
  const { listAllSurveys } = await import("~/models/survey/survey.server");
  const { cohortLabel } = await import("~/models/survey/survey.rules");
  const list = await withDb(deps, (h) => listAllSurveys(h.db));
  const rows = list.map((s) => ({
    id: s._id,
    title: s.title,
    status: s.status,
    audience: s.audience,
    // The cohort in words: "Alumni · BS Aeronautical Engineering · 2023, 2024".
    cohort: cohortLabel(s),
    anonymous: s.anonymous,
    questions: s.questions.length,
    responses: s.responseCount ?? 0,
  }));
  if (opts.json) printJson(io, rows);
  else if (!rows.length) say(io, "No surveys yet.");
  else
    say(
      io,
      table(
        ["ID", "Title", "Status", "Audience", "Questions", "Responses"],
        rows.map((r) => [
          r.id,
          r.title,
          r.status,
          r.anonymous ? `${r.cohort} (anonymous)` : r.cohort,
          String(r.questions),
          String(r.responses),
        ]),
      ),
    );
  return EXIT_OK;
}

/**
 * Streams the responses CSV — the very bytes of the web export (same generator) — to stdout, or to
 * `--out` (a file, or a folder where the export's own file name is used).
 */
export async function runSurveysExport(
  id: string,
  opts: { role?: string; out?: string },
  deps: RunDeps = {},
): Promise<number> {
  const io = deps.io ?? processIo;
  if (opts.role !== undefined && opts.role !== "student" && opts.role !== "alumni")
    throw new CliError(`--role must be student or alumni, not "${opts.role}"`, EXIT_USAGE);
  const role = opts.role as "student" | "alumni" | undefined;
  const { getSurveyForAdmin } = await import("~/models/survey/survey.server");
  const { exportFileName, responsesCsv } = await import("~/models/survey/export.server");
  return withDb(deps, async (h) => {
    const { survey } = await getSurveyForAdmin(h.db, id.trim());
    const chunks = responsesCsv(h.db, survey._id, { role });
    if (!opts.out) {
      await pipeline(Readable.from(chunks), io.stdout, { end: false });
      return EXIT_OK;
    }
    let file = path.resolve(opts.out);
    if (fs.existsSync(file) && fs.statSync(file).isDirectory())
      file = path.join(file, exportFileName(survey));
    const tmp = `${file}.part`;
    try {
      await pipeline(Readable.from(chunks), fs.createWriteStream(tmp));
      fs.renameSync(tmp, file);
    } catch (e) {
      fs.rmSync(tmp, { force: true });
      throw e;
    }
    warn(io, `Wrote ${file}`);
    return EXIT_OK;
  });
}

/**
 * The computed tracer outcomes of a survey (ADR 101) on stdout: the JSON of
 * GET /api/surveys/{id}/outcomes, or its CSV (one row per group).
 */
export async function runSurveysOutcomes(
  opts: { survey?: string; format?: string },
  deps: RunDeps = {},
): Promise<number> {
  const io = deps.io ?? processIo;
  const format = opts.format ?? "json";
  if (format !== "json" && format !== "csv")
    throw new CliError(`--format must be json or csv, not "${format}"`, EXIT_USAGE);
  if (!opts.survey?.trim()) throw new CliError("--survey ID is required", EXIT_USAGE);
  const { outcomesCsv, surveyOutcomes } = await import("~/models/survey/outcomes.server");
  const outcomes = await withDb(deps, (h) => surveyOutcomes(h.db, opts.survey!.trim()));
  if (format === "json") printJson(io, outcomes);
  else io.stdout.write(outcomesCsv(outcomes));
  return EXIT_OK;
}

export function configure(program: Command, deps: RunDeps = {}): void {
  const surveys = program
    .command("surveys")
    .description("Graduate tracer surveys and their responses.");
  surveys
    .command("list")
    .description("List every survey with its id, status, audience, questions and responses.")
    .option("--json", "print the surveys as JSON")
    .addHelpText("after", "\nExample:\n  $ runway surveys list --json")
    .action(async (opts) => finish(await runSurveysList(opts, deps)));
  surveys
    .command("export")
    .argument("<id>", "the survey id (see `runway surveys list`)")
    .description(
      "Export the responses as CSV (UTF-8 with BOM), byte for byte the web export; stdout by default.",
    )
    .option("--role <role>", "only responses of students or alumni: student | alumni")
    .option("--out <file>", "write to this file (or into this folder under the export's own name)")
    .addHelpText(
      "after",
      "\nExamples:\n  $ runway surveys export 6f1c…e2 > tracer.csv\n  $ runway surveys export 6f1c…e2 --role alumni --out exports/",
    )
    .action(async (id, opts) => finish(await runSurveysExport(id, opts, deps)));
  surveys
    .command("outcomes")
    .description(
      "Print a survey's computed tracer outcomes (employment rate, months to first job, …) overall, by programme and by graduation year.",
    )
    .requiredOption("--survey <id>", "the survey id (see `runway surveys list`)")
    .option("--format <format>", "json | csv", "json")
    .addHelpText(
      "after",
      "\nExamples:\n  $ runway surveys outcomes --survey 6f1c…e2\n  $ runway surveys outcomes --survey 6f1c…e2 --format csv > outcomes.csv",
    )
    .action(async (opts) => finish(await runSurveysOutcomes(opts, deps)));
  configureInvite(surveys, deps);
}
