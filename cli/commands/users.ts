/** `runway users import | list | deactivate` — thin adapters over app/models/user. */
import fs from "node:fs";
import path from "node:path";
import type { Command } from "commander";
import { Option } from "commander";
import type { Role } from "#db/constants";
import { neutralise } from "~/lib/csv";
import type { ImportReport } from "~/models/user/import.server";
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

export interface UsersImportOptions {
  partial?: boolean;
  dryRun?: boolean;
  update?: boolean;
  /** commander's --no-invite sets this to false. */
  invite?: boolean;
  rejects?: string;
  json?: boolean;
  /** No progress output (tests). */
  quiet?: boolean;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** Writes the rejected rows as CSV with the file's own header plus a `reason` column, neutralised. */
async function writeRejects(file: string, report: ImportReport): Promise<void> {
  const { stringify } = await import("csv-stringify/sync");
  const header = report.header.filter((h) => h.toLowerCase() !== "reason");
  const rows = report.rejected.map((r) => [...header.map((h) => r.values[h] ?? ""), r.reason]);
  // The rows are the file's own text, echoed: neutralised like every CSV Runway writes.
  const cells = [[...header, "reason"], ...rows].map((r) => r.map(neutralise));
  fs.writeFileSync(file, stringify(cells, { record_delimiter: "unix" }));
}

/**
 * Imports students and alumni from a CSV file. Returns the exit code and the report:
 * 0 when no row was rejected, 1 otherwise (in --partial the valid rows are still written).
 */
export async function runUsersImport(
  file: string,
  opts: UsersImportOptions,
  deps: RunDeps = {},
): Promise<{ exitCode: number; report: ImportReport }> {
  const io = deps.io ?? processIo;
  let stat: fs.Stats;
  try {
    stat = fs.statSync(file);
  } catch {
    throw new CliError(`File not found: ${file}`);
  }
  if (!stat.isFile()) throw new CliError(`Not a file: ${file}`);
  if (opts.rejects && path.resolve(opts.rejects) === path.resolve(file))
    throw new CliError(
      "--rejects must name a different file than the one being imported",
      EXIT_USAGE,
    );

  const { env } = await import("~/lib/env.server");
  const { importUsers } = await import("~/models/user/import.server");
  const { authConfigFrom } = await import("~/models/auth/config");
  const { importProgress } = await import("../progress");
  const e = env();
  const progress = await importProgress(io, stat.size, { quiet: opts.quiet || opts.json });
  let report: ImportReport;
  try {
    report = await withDb(deps, (h) =>
      importUsers({ db: h.db, actor: null, config: authConfigFrom(e) }, fs.createReadStream(file), {
        domain: e.COLLEGE_EMAIL_DOMAIN,
        publicUrl: e.PUBLIC_URL,
        collegeName: e.COLLEGE_NAME,
        partial: opts.partial,
        dryRun: opts.dryRun,
        update: opts.update,
        invite: opts.invite,
        onProgress: progress.onProgress,
      }),
    );
  } finally {
    progress.stop();
  }

  if (opts.rejects) await writeRejects(opts.rejects, report);
  const exitCode = report.rejected.length ? EXIT_ERROR : EXIT_OK;

  if (opts.json) {
    printJson(io, {
      ...report,
      rejected: report.rejected.map(({ line, email, reason }) => ({ line, email, reason })),
      rejectsFile: opts.rejects ?? null,
    });
    return { exitCode, report };
  }

  for (const r of report.rejected)
    say(io, `line ${r.line}: ${r.email || "(no email)"} — ${r.reason}`);
  if (report.rejected.length) say(io, "");
  const refused = report.mode === "all-or-nothing" && report.rejected.length > 0;
  const counts = refused
    ? `valid ${report.valid}, rejected ${report.rejected.length}`
    : `${report.mode === "dry-run" ? "would create" : "created"} ${report.created}, ` +
      `${report.mode === "dry-run" ? "would update" : "updated"} ${report.updated}, skipped ${report.skipped}, ` +
      `rejected ${report.rejected.length}, e-mails queued ${report.mode === "dry-run" ? 0 : report.invitesQueued}`;
  say(io, `${report.rows} rows: ${counts} (${seconds(report.durationMs)}).`);
  if (opts.rejects)
    warn(
      io,
      `Rejected rows written to ${opts.rejects} (with a reason column): fix them and import that file.`,
    );
  if (report.mode === "dry-run") warn(io, "Dry run: nothing was written.");
  else if (refused)
    warn(
      io,
      `Nothing was written: ${report.rejected.length} row${report.rejected.length === 1 ? " was" : "s were"} rejected. ` +
        "Fix the file and run again, or add --partial to import the valid rows only.",
    );
  else if (report.rejected.length)
    warn(
      io,
      report.written
        ? "The valid rows were imported; the rejected rows were not."
        : "No row could be imported.",
    );
  if (report.written && report.invitesQueued)
    warn(
      io,
      `${report.invitesQueued} invitation e-mail${report.invitesQueued === 1 ? " is" : "s are"} queued; the running server sends them ` +
        "(on PGlite: as soon as the server starts again).",
    );
  return { exitCode, report };
}

export interface UsersListOptions {
  role?: Role;
  status?: "active" | "inactive";
  course?: string;
  json?: boolean;
}

/** Lists users with optional role, status and course filters. */
export async function runUsersList(opts: UsersListOptions, deps: RunDeps = {}): Promise<number> {
  const io = deps.io ?? processIo;
  const { listRoster } = await import("~/models/user/roster.server");
  const { resolveCourse } = await import("~/models/course/course.server");
  const { serializeUser } = await import("~/models/user/user.server");
  const rows = await withDb(deps, async (h) => {
    let courseId: string | undefined;
    if (opts.course) {
      const c = await resolveCourse(h.db, opts.course);
      if (!c)
        throw new CliError(
          `Unknown course “${opts.course}”: use a code or an exact name from \`runway courses list\`.`,
        );
      courseId = c.id;
    }
    return listRoster(h.db, { role: opts.role, status: opts.status, courseId });
  });
  if (opts.json) {
    printJson(
      io,
      rows.map((r) => serializeUser(r.user, r.course)),
    );
    return EXIT_OK;
  }
  if (!rows.length) {
    warn(io, "No users found");
    return EXIT_OK;
  }
  say(
    io,
    table(
      ["Name", "Email", "Role", "Year/Course", "Status"],
      rows.map(({ user: u, course }) => [
        `${u.firstName} ${u.lastName}`,
        u.personalEmail ? `${u.email} (personal: ${u.personalEmail})` : u.email,
        u.role,
        u.role === "admin"
          ? "-"
          : [u.yearLevel, course?.code, u.graduationYear ? `Class of ${u.graduationYear}` : null]
              .filter(Boolean)
              .join(" • ") || "-",
        u.isActive ? "Active" : "Inactive",
      ]),
    ),
  );
  warn(io, `${rows.length} user${rows.length === 1 ? "" : "s"}`);
  return EXIT_OK;
}

/** Deactivates a user by e-mail, ending their sessions and API tokens. */
export async function runUsersDeactivate(
  email: string,
  opts: { json?: boolean },
  deps: RunDeps = {},
): Promise<number> {
  const io = deps.io ?? processIo;
  const { deactivateByEmail } = await import("~/models/user/roster.server");
  const { serializeUser } = await import("~/models/user/user.server");
  const r = await withDb(deps, (h) => deactivateByEmail({ db: h.db, actor: null }, email));
  if (opts.json) {
    printJson(io, {
      user: serializeUser(r.user),
      changed: r.changed,
      sessionsRevoked: r.sessionsRevoked,
    });
    return EXIT_OK;
  }
  if (!r.changed) say(io, `${r.user.email} is already inactive.`);
  else
    say(
      io,
      `Deactivated ${r.user.firstName} ${r.user.lastName} <${r.user.email}>; ended ${r.sessionsRevoked} session${r.sessionsRevoked === 1 ? "" : "s"}.`,
    );
  return EXIT_OK;
}

export interface UsersCheckEmailsOptions {
  deactivate?: boolean;
  json?: boolean;
}

/**
 * Reports stored addresses that break the one-plain-address rule (and, for students and alumni,
 * the college domain); with --deactivate ends those accounts. Exit 1 while any active account is
 * left with such an address, 0 otherwise.
 */
export async function runUsersCheckEmails(
  opts: UsersCheckEmailsOptions,
  deps: RunDeps = {},
): Promise<number> {
  const io = deps.io ?? processIo;
  const { env } = await import("~/lib/env.server");
  const { findEmailProblems, deactivateEmailProblems } =
    await import("~/models/user/roster.server");
  const domain = env().COLLEGE_EMAIL_DOMAIN;
  const r = await withDb(deps, async (h) =>
    opts.deactivate
      ? deactivateEmailProblems({ db: h.db, actor: null }, domain)
      : {
          problems: await findEmailProblems(h.db, domain),
          deactivated: [] as string[],
          skipped: [] as { email: string; reason: string }[],
        },
  );
  const done = new Set(r.deactivated);
  const activeLeft = r.problems.filter((p) => p.isActive && !done.has(p.email)).length;
  const exitCode = activeLeft ? EXIT_ERROR : EXIT_OK;
  if (opts.json) {
    printJson(io, {
      problems: r.problems.map((p) => ({
        id: p.id,
        email: p.email,
        role: p.role,
        active: p.isActive && !done.has(p.email),
        reason: p.reason,
      })),
      deactivated: r.deactivated,
      skipped: r.skipped,
    });
    return exitCode;
  }
  if (!r.problems.length) {
    say(io, "Every stored address is one plain address in the allowed domain.");
    return EXIT_OK;
  }
  say(
    io,
    table(
      ["Email", "Role", "Status", "Problem"],
      r.problems.map((p) => [
        JSON.stringify(p.email),
        p.role,
        p.isActive && !done.has(p.email) ? "Active" : "Inactive",
        p.reason,
      ]),
    ),
  );
  if (opts.deactivate)
    say(io, `Deactivated ${r.deactivated.length} account${r.deactivated.length === 1 ? "" : "s"}.`);
  for (const s of r.skipped) warn(io, `Not deactivated ${JSON.stringify(s.email)}: ${s.reason}`);
  if (activeLeft && !opts.deactivate)
    warn(
      io,
      `${activeLeft} active account${activeLeft === 1 ? "" : "s"}: fix the address with the admin screen, or run again with --deactivate.`,
    );
  return exitCode;
}

export function configure(program: Command, deps: RunDeps = {}): void {
  const users = program.command("users").description("Students, alumni and administrators.");

  users
    .command("import")
    .description(
      "Import students and alumni from a CSV file with the Create User rules. All-or-nothing by default: " +
        "if any row is rejected nothing is written.",
    )
    .argument(
      "<file.csv>",
      "UTF-8 CSV with a header row: email, firstName, lastName, role, studentId, course, yearLevel, graduationYear, phone[, password]" +
        " (graduationYear: alumni the year they graduated, students the expected year; optional)",
    )
    .option("--partial", "write the valid rows and list the rejected ones")
    .option("--dry-run", "validate and report; write nothing")
    .option(
      "--update",
      "update the listed fields of existing users (matched by e-mail) instead of rejecting them",
    )
    .option("--no-invite", "do not queue invitation e-mails")
    .option(
      "--rejects <file.csv>",
      "write the rejected rows, with a reason column, to this CSV file",
    )
    .option("--json", "print the report as JSON (no progress output)")
    .addHelpText(
      "after",
      `
Rejected rows are reported by line number (the header is line 1). Exit code 1 when any row is
rejected (in --partial the valid rows are imported anyway), 0 otherwise.

Examples:
  $ runway users import students.csv --dry-run
  $ runway users import students.csv --partial --rejects fix-these.csv
  $ runway users import graduates.csv --update --no-invite`,
    )
    .action(async (file: string, opts: UsersImportOptions) =>
      finish((await runUsersImport(file, opts, deps)).exitCode),
    );

  users
    .command("list")
    .description("List users (name, email, role, year/course, status).")
    .addOption(
      new Option("--role <role>", "only this role").choices(["student", "alumni", "admin"]),
    )
    .addOption(
      new Option("--status <status>", "only active or inactive users").choices([
        "active",
        "inactive",
      ]),
    )
    .option("--course <course>", "only this course (code or exact name, see `runway courses list`)")
    .option("--json", "print the users as JSON (the /api user shape, never a password hash)")
    .addHelpText(
      "after",
      "\nExamples:\n  $ runway users list --role student --course BSAMT\n  $ runway users list --status inactive --json",
    )
    .action(async (opts: UsersListOptions) => finish(await runUsersList(opts, deps)));

  users
    .command("deactivate")
    .description(
      "Deactivate a user: they can no longer sign in, and their sessions and API tokens end now.",
    )
    .argument("<email>", "the user's e-mail")
    .option("--json", "print the result as JSON")
    .addHelpText("after", "\nExample:\n  $ runway users deactivate maria.santos@example.edu")
    .action(async (email: string, opts: { json?: boolean }) =>
      finish(await runUsersDeactivate(email, opts, deps)),
    );

  users
    .command("check-emails")
    .description(
      "Report stored e-mail addresses that are not one plain address (display names, lists, quotes, spaces, " +
        "control characters) or, for students and alumni, outside COLLEGE_EMAIL_DOMAIN.",
    )
    .option(
      "--deactivate",
      "also deactivate those accounts (audited; sessions end; never the last active admin)",
    )
    .option("--json", "print the report as JSON")
    .addHelpText(
      "after",
      "\nExit code 1 while an active account keeps such an address, 0 otherwise.\n\nExamples:\n  $ runway users check-emails\n  $ runway users check-emails --deactivate",
    )
    .action(async (opts: UsersCheckEmailsOptions) => finish(await runUsersCheckEmails(opts, deps)));
}
