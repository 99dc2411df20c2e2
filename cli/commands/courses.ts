/** `runway courses seed` and `runway courses list [--json]`. */
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
  withDb,
  type RunDeps,
} from "../support";

/** Inserts or refreshes the 14 programmes of `COURSES` in db/constants.ts (idempotent). */
export async function runCoursesSeed(
  opts: { json?: boolean },
  deps: RunDeps = {},
): Promise<number> {
  const io = deps.io ?? processIo;
  const { seedCourses } = await import("#db/seed/courses");
  const r = await withDb(deps, (h) => seedCourses(h.db));
  if (opts.json) printJson(io, r);
  else say(io, `Courses: ${r.total} (${r.inserted} added, ${r.total - r.inserted} already there).`);
  return EXIT_OK;
}

/** The courses with the short codes an import file may use. */
export async function runCoursesList(
  opts: { json?: boolean },
  deps: RunDeps = {},
): Promise<number> {
  const io = deps.io ?? processIo;
  const { listCourses } = await import("~/models/course/course.server");
  const { INSTITUTES } = await import("#db/constants");
  const all = await withDb(deps, (h) => listCourses(h.db));
  const instituteName = (id: string) => INSTITUTES.find((i) => i.id === id)?.name ?? id;
  const rows = all.map((c) => ({
    code: c.code,
    name: c.name,
    institute: instituteName(c.institute),
    instituteId: c.institute,
  }));
  if (opts.json) printJson(io, rows);
  else
    say(
      io,
      table(
        ["Code", "Name", "Institute"],
        rows.map((r) => [r.code, r.name, r.institute]),
      ),
    );
  return EXIT_OK;
}

/** `runway courses set-hours CODE N`: a programme's required OJT hours ("none" clears them). */
export async function runCoursesSetHours(
  code: string,
  hours: string,
  opts: { json?: boolean },
  deps: RunDeps = {},
): Promise<number> {
  const io = deps.io ?? processIo;
  const n = /^none$/i.test(hours.trim()) ? null : Number(hours);
  if (n !== null && !Number.isInteger(n))
    throw new CliError("Hours must be a whole number (or none)", EXIT_USAGE);
  const { setRequiredOjtHours } = await import("~/models/course/course.server");
  const row = await withDb(deps, (h) =>
    setRequiredOjtHours({ db: h.db, actor: null, system: true }, code, n),
  );
  if (opts.json)
    printJson(io, { code: row.code, name: row.name, requiredOjtHours: row.requiredOjtHours });
  else
    say(
      io,
      row.requiredOjtHours === null
        ? `${row.code}: no required OJT hours (coordinators enter them per placement).`
        : `${row.code}: ${row.requiredOjtHours} required OJT hours.`,
    );
  return EXIT_OK;
}

export function configure(program: Command, deps: RunDeps = {}): void {
  const courses = program.command("courses").description("The college's programmes.");
  courses
    .command("seed")
    .description("Insert the 14 programmes with their institutes; safe to run again.")
    .option("--json", "print the counts as JSON")
    .addHelpText("after", "\nExample:\n  $ runway courses seed")
    .action(async (opts) => finish(await runCoursesSeed(opts, deps)));
  courses
    .command("list")
    .description(
      "List the courses: code, name, institute. An import file may use the code or the exact name.",
    )
    .option("--json", "print the courses as JSON")
    .addHelpText("after", "\nExample:\n  $ runway courses list\n  $ runway courses list --json")
    .action(async (opts) => finish(await runCoursesList(opts, deps)));
  courses
    .command("set-hours")
    .description(
      "Set a programme's required OJT hours, the default of its new placements (none clears them).",
    )
    .argument("<code>", "the programme's code (or exact name)")
    .argument("<hours>", "whole hours from 1 to 5000, or none")
    .option("--json", "print the programme as JSON")
    .addHelpText("after", "\nExample:\n  $ runway courses set-hours BSAMT 486")
    .action(async (code, hours, opts) => finish(await runCoursesSetHours(code, hours, opts, deps)));
}
