/**
 * `runway mail pause|resume|status`: the switch every sender on the database obeys (a running
 * server sees it within seconds), and the outbox at a glance. After restoring a backup: pause
 * before starting a server on the copy (docs/operations.md, "Restore drill").
 */
import type { Command } from "commander";
import { formatDateTime } from "~/lib/datetime";
import {
  EXIT_OK,
  finish,
  printJson,
  processIo,
  say,
  table,
  withDb,
  type RunDeps,
} from "../support";

/** Pauses every mail sender on this database until `runway mail resume`. */
export async function runMailPause(
  opts: { reason?: string; json?: boolean },
  deps: RunDeps = {},
): Promise<number> {
  const io = deps.io ?? processIo;
  const { setMailPaused, mailStatus } = await import("~/models/mail/mail.server");
  const s = await withDb(deps, async (h) => {
    await setMailPaused(h.db, true, opts.reason?.trim() || "runway mail pause");
    return mailStatus(h.db);
  });
  if (opts.json) printJson(io, s);
  else
    say(
      io,
      `Mail paused: nothing is sent until \`runway mail resume\` (${s.counts.pending} pending). ` +
        "Running servers hold within a few seconds; a message already being sent finishes.",
    );
  return EXIT_OK;
}

/** Lets the senders on this database send again. */
export async function runMailResume(opts: { json?: boolean }, deps: RunDeps = {}): Promise<number> {
  const io = deps.io ?? processIo;
  const { setMailPaused, mailStatus } = await import("~/models/mail/mail.server");
  const s = await withDb(deps, async (h) => {
    await setMailPaused(h.db, false);
    return mailStatus(h.db);
  });
  if (opts.json) printJson(io, s);
  else
    say(
      io,
      `Mail resumed: ${s.counts.pending} pending message${s.counts.pending === 1 ? "" : "s"} go out ` +
        "(those older than MAIL_MAX_AGE are marked expired instead). A server started with " +
        "MAIL_PAUSED=true still holds its own until it is restarted without it.",
    );
  return EXIT_OK;
}

/** The switch and the outbox by state (pending, sent, failed, expired). */
export async function runMailStatus(opts: { json?: boolean }, deps: RunDeps = {}): Promise<number> {
  const io = deps.io ?? processIo;
  const { mailStatus } = await import("~/models/mail/mail.server");
  const s = await withDb(deps, (h) => mailStatus(h.db));
  if (opts.json) {
    printJson(io, s);
    return EXIT_OK;
  }
  const { env } = await import("~/lib/env.server");
  const at = (d: Date) => formatDateTime(d, env().COLLEGE_TIMEZONE);
  say(
    io,
    s.paused
      ? `Mail: paused since ${s.pausedAt ? at(s.pausedAt) : "?"}${s.pausedBy ? ` (${s.pausedBy})` : ""}`
      : "Mail: running",
  );
  say(
    io,
    table(
      ["State", "Messages"],
      Object.entries(s.counts).map(([state, n]) => [state, String(n)]),
    ),
  );
  if (s.oldestPending) say(io, `Oldest pending: queued ${at(s.oldestPending)}`);
  return EXIT_OK;
}

export function configure(program: Command, deps: RunDeps = {}): void {
  const mail = program
    .command("mail")
    .description("The mail sender: pause it, resume it, see the outbox.");
  mail
    .command("pause")
    .description(
      "Hold every mail sender on this database (running servers too) until `runway mail resume`.",
    )
    .option("--reason <text>", "who and why, shown by `runway mail status`")
    .option("--json", "print the status as JSON")
    .addHelpText("after", '\nExample:\n  $ runway mail pause --reason "restore drill"')
    .action(async (opts) => finish(await runMailPause(opts, deps)));
  mail
    .command("resume")
    .description("Let the senders send again; messages older than MAIL_MAX_AGE are expired.")
    .option("--json", "print the status as JSON")
    .addHelpText("after", "\nExample:\n  $ runway mail resume")
    .action(async (opts) => finish(await runMailResume(opts, deps)));
  mail
    .command("status")
    .description("Paused or running, and the messages by state: pending, sent, failed, expired.")
    .option("--json", "print the status as JSON")
    .addHelpText("after", "\nExample:\n  $ runway mail status")
    .action(async (opts) => finish(await runMailStatus(opts, deps)));
}
