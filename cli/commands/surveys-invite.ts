/**
 * `runway surveys invite --survey ID [--reminder] [--dry-run] [--json]` and `runway surveys
 * remind-due` (ADR 102): the same batches as the survey's Progress screen, queued in the
 * mail outbox (a running server's sender delivers them). Added to `runway surveys` by surveys.ts.
 */
import type { Command } from "commander";
import { EXIT_OK, finish, printJson, processIo, say, withDb, type RunDeps } from "../support";

async function mailConfig() {
  const { env } = await import("~/lib/env.server");
  const e = env();
  // The same links, signature and college name as the server's own mail.
  return { publicUrl: e.PUBLIC_URL, secret: e.SESSION_SECRET, collegeName: e.COLLEGE_NAME };
}

const people = (n: number) => `${n} ${n === 1 ? "person" : "people"}`;

/** Queues an invitation or reminder batch (or counts it with --dry-run) and prints the counts. */
export async function runSurveysInvite(
  opts: { survey: string; reminder?: boolean; dryRun?: boolean; json?: boolean },
  deps: RunDeps = {},
): Promise<number> {
  const io = deps.io ?? processIo;
  const { sendInvitations } = await import("~/models/survey/invitations.server");
  const config = await mailConfig();
  const r = await withDb(deps, (h) =>
    sendInvitations({ db: h.db, actor: null }, opts.survey.trim(), {
      reminder: opts.reminder ?? false,
      dryRun: opts.dryRun ?? false,
      trigger: "cli",
      config,
    }),
  );
  if (opts.json) {
    printJson(io, r);
    return EXIT_OK;
  }
  const what = r.kind === "reminder" ? "Reminder" : "Invitation";
  const skipped = r.kind === "reminder" ? "mailed within the hour" : "already invited or answered";
  const lines = [
    `${what}${r.dryRun ? " (dry run, nothing written)" : ""}: ${people(r.targeted)} targeted, ` +
      `${r.queued} message${r.queued === 1 ? "" : "s"} ${r.dryRun ? "would be queued" : "queued"}, ` +
      `${r.optedOut} opted out, ${r.skipped} skipped (${skipped}).`,
  ];
  if (!r.dryRun && r.batch)
    lines.push(`Batch ${r.batch.id}: the outbox delivers it at the SMTP server's pace.`);
  say(io, lines.join("\n"));
  return EXIT_OK;
}

/** One pass of every survey's reminder schedule (the server's timer does the same). */
export async function runSurveysRemindDue(
  opts: { json?: boolean },
  deps: RunDeps = {},
): Promise<number> {
  const io = deps.io ?? processIo;
  const { runReminderSchedule } = await import("~/models/survey/invitations.server");
  const config = await mailConfig();
  const r = await withDb(deps, (h) => runReminderSchedule(h.db, { config }));
  if (opts.json) printJson(io, r);
  else
    say(
      io,
      `Reminder schedules: ${r.surveys} survey${r.surveys === 1 ? "" : "s"} checked, ` +
        `${r.queued} reminder${r.queued === 1 ? "" : "s"} queued in ${r.batches} batch${r.batches === 1 ? "" : "es"}.`,
    );
  return EXIT_OK;
}

/** Adds `invite` and `remind-due` to the `runway surveys` command. */
export function configureInvite(surveys: Command, deps: RunDeps = {}): void {
  surveys
    .command("invite")
    .description(
      "E-mail a survey to everyone it targets (not opted out, not yet invited, not yet answered), " +
        "or with --reminder to those who have not answered yet. Queued in the mail outbox.",
    )
    .requiredOption("--survey <id>", "the survey id (see `runway surveys list`)")
    .option("--reminder", "remind those who have not answered (not those mailed within the hour)")
    .option("--dry-run", "only count who would be mailed; nothing is written")
    .option("--json", "print the counts as JSON")
    .addHelpText(
      "after",
      "\nExamples:\n  $ runway surveys invite --survey 6f1c…e2 --dry-run\n  $ runway surveys invite --survey 6f1c…e2 --reminder",
    )
    .action(async (opts) => finish(await runSurveysInvite(opts, deps)));
  surveys
    .command("remind-due")
    .description(
      "Queue the reminders every survey's schedule ('every N days, at most K times') has due now. " +
        "The server does this on its own timer; this is for operators and tests.",
    )
    .option("--json", "print the counts as JSON")
    .action(async (opts) => finish(await runSurveysRemindDue(opts, deps)));
}
