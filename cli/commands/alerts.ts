/** `runway alerts run [--now] [--json]`: computes and queues every due job-alert digest at once. */
import type { Command } from "commander";
import { EXIT_OK, finish, printJson, processIo, say, withDb, type RunDeps } from "../support";

/**
 * One run of the digest sender (the server's timer does the same every few minutes). `--now`
 * treats every active alert as due since its last digest. Safe beside running servers: each
 * alert's window is claimed once, whoever runs it.
 */
export async function runAlertsRun(
  opts: { now?: boolean; json?: boolean },
  deps: RunDeps = {},
): Promise<number> {
  const io = deps.io ?? processIo;
  const { runDueAlerts } = await import("~/models/alert/alert.server");
  const { env } = await import("~/lib/env.server");
  const e = env();
  const started = Date.now();
  const r = await withDb(deps, (h) =>
    runDueAlerts(h.db, {
      force: opts.now ?? false,
      // The same links and signature as the server's digests.
      config: { publicUrl: e.PUBLIC_URL, secret: e.SESSION_SECRET },
    }),
  );
  const ms = Date.now() - started;
  if (opts.json) printJson(io, { ...r, durationMs: ms });
  else
    say(
      io,
      `Job alerts: ${r.checked} due alert${r.checked === 1 ? "" : "s"} checked, ` +
        `${r.sent} digest${r.sent === 1 ? "" : "s"} queued in the outbox (${(ms / 1000).toFixed(1)} s).`,
    );
  return EXIT_OK;
}

export function configure(program: Command, deps: RunDeps = {}): void {
  const alerts = program.command("alerts").description("Saved searches mailed as job digests.");
  alerts
    .command("run")
    .description(
      "Queue a digest for every due alert that has new matching jobs (daily alerts after a day, " +
        "weekly after seven). The server does this on its own timer; this is for operators and tests.",
    )
    .option("--now", "treat every active alert as due since its last digest")
    .option("--json", "print the counts as JSON")
    .addHelpText("after", "\nExample:\n  $ runway alerts run --now")
    .action(async (opts: { now?: boolean; json?: boolean }) =>
      finish(await runAlertsRun(opts, deps)),
    );
}
