/**
 * The `runway` program (commander). Exit codes: 0 success, 1 validation or domain error, 2 usage
 * error. Data goes to stdout, messages to stderr; a user error never prints a stack trace.
 * Each noun lives in cli/commands/<noun>.ts with exported run functions (tested in-process) and
 * a `configure(program)` that adds its commands here.
 */
import { Command, CommanderError } from "commander";
import * as admin from "./commands/admin";
import * as alertsCmd from "./commands/alerts";
import * as courses from "./commands/courses";
import * as db from "./commands/db";
import * as exportCmd from "./commands/export";
import * as ojtCmd from "./commands/ojt";
import * as surveysCmd from "./commands/surveys";
import * as usersCmd from "./commands/users";
import {
  CliExit,
  EXIT_OK,
  EXIT_USAGE,
  describeError,
  processIo,
  warn,
  type Io,
  type RunDeps,
} from "./support";

/** `handle` (tests): every command runs on this open database instead of opening the configured one. */
export function buildProgram(io: Io = processIo, handle?: RunDeps["handle"]): Command {
  const deps: RunDeps = { io, handle };
  const program = new Command("runway");
  program
    .description(
      "Runway's command line for registrars and operators: users, courses, data and the database.",
    )
    .version("0.1.0", "-V, --version", "print the version")
    .helpOption("-h, --help", "show help for a command")
    .exitOverride()
    .showHelpAfterError("(add --help for usage)")
    .configureOutput({
      writeOut: (s) => io.stdout.write(s),
      writeErr: (s) => io.stderr.write(s),
    })
    .addHelpText(
      "after",
      `
Database: PostgreSQL when DATABASE_URL is set, else the embedded PGlite in DATA_DIR/pglite
(the same settings as the server). Exit codes: 0 ok, 1 validation or domain error, 2 usage error.

Examples:
  $ runway admin create --email registrar@example.edu --first-name Ada --last-name Reyes
  $ runway users import students.csv --dry-run
  $ runway courses list --json
  $ npm run cli -- users list --role student`,
    );
  db.configure(program, deps);
  courses.configure(program, deps);
  admin.configure(program, deps);
  usersCmd.configure(program, deps);
  surveysCmd.configure(program, deps);
  exportCmd.configure(program, deps);
  alertsCmd.configure(program, deps);
  ojtCmd.configure(program, deps);
  return program;
}

/** Runs the program on argv (without node and script) and returns the exit code. */
export async function main(
  argv: string[],
  io: Io = processIo,
  handle?: RunDeps["handle"],
): Promise<number> {
  const program = buildProgram(io, handle);
  if (argv.length === 0) {
    program.outputHelp({ error: true });
    return EXIT_USAGE;
  }
  try {
    await program.parseAsync(argv, { from: "user" });
    return EXIT_OK;
  } catch (e) {
    if (e instanceof CliExit) return e.exitCode;
    if (e instanceof CommanderError) {
      // Commander has already printed its message (or the help / version).
      if (
        e.code === "commander.helpDisplayed" ||
        e.code === "commander.version" ||
        e.exitCode === 0
      )
        return EXIT_OK;
      return EXIT_USAGE;
    }
    const d = describeError(e);
    warn(io, d.message);
    if (d.unexpected && process.env.RUNWAY_DEBUG) warn(io, (e as Error)?.stack ?? "");
    else if (d.unexpected) warn(io, "(set RUNWAY_DEBUG=1 for details)");
    return d.exitCode;
  }
}
