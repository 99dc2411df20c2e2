/**
 * Progress of a long import: a bar (cli-progress) on a terminal, plain lines when stderr is piped
 * or a file, so logs stay readable. Always on stderr: stdout carries the report.
 */
import type { ImportProgress } from "~/models/user/import.server";
import { warn, type Io } from "./support";

const LABELS = {
  read: "Reading",
  check: "Checking",
  hash: "Hashing",
  write: "Writing",
  invite: "Inviting",
} as const;

export async function importProgress(io: Io, fileBytes: number, opts: { quiet?: boolean } = {}) {
  if (opts.quiet) return { onProgress: (_p: ImportProgress) => {}, stop: () => {} };
  const tty = !!io.stderr.isTTY;
  if (!tty) {
    let lastPhase = "";
    let lastPct = -1;
    return {
      onProgress(p: ImportProgress) {
        if (p.phase === "hash-estimate") {
          warn(
            io,
            `Hashing ${p.passwords} passwords from the file: about ${p.seconds} s (${p.concurrency} at a time).`,
          );
          return;
        }
        if (p.phase === "read") {
          warn(io, `Reading: ${p.rows} rows`);
          return;
        }
        if (p.phase === "check") {
          if (p.done === p.total)
            warn(io, `Checked ${p.total} e-mails and student IDs against the database`);
          return;
        }
        if (p.done === 0) return; // the bar's starting point; a plain line says nothing yet
        const pct = p.total ? Math.floor((p.done / p.total) * 10) * 10 : 100;
        if (p.phase !== lastPhase || pct >= lastPct + 10 || p.done === p.total) {
          if (p.phase === lastPhase && pct === lastPct) return;
          lastPhase = p.phase;
          lastPct = pct;
          warn(io, `${LABELS[p.phase]}: ${p.done}/${p.total}`);
        }
      },
      stop() {},
    };
  }
  const { default: cliProgress } = await import("cli-progress");
  let bar: InstanceType<typeof cliProgress.SingleBar> | null = null;
  let phase = "";
  const start = (name: string, total: number, value: number) => {
    bar?.stop();
    phase = name;
    bar = new cliProgress.SingleBar(
      {
        stream: io.stderr as NodeJS.WritableStream,
        format: `${name.padEnd(8)} {bar} {percentage}% | {detail}`,
        barsize: 30,
        hideCursor: true,
        clearOnComplete: false,
        noTTYOutput: false,
      },
      cliProgress.Presets.shades_classic,
    );
    bar.start(total, value, { detail: "" });
  };
  return {
    onProgress(p: ImportProgress) {
      if (p.phase === "hash-estimate") {
        bar?.stop();
        bar = null;
        phase = "";
        warn(
          io,
          `Hashing ${p.passwords} passwords from the file: about ${p.seconds} s (${p.concurrency} at a time).`,
        );
        return;
      }
      if (p.phase === "read") {
        if (phase !== "Reading") start("Reading", Math.max(fileBytes, 1), 0);
        bar!.update(Math.min(p.bytes, fileBytes), { detail: `${p.rows} rows` });
        return;
      }
      const label = LABELS[p.phase];
      if (phase !== label) start(label, Math.max(p.total, 1), 0);
      bar!.update(p.done, { detail: `${p.done}/${p.total}` });
    },
    stop() {
      bar?.stop();
      bar = null;
    },
  };
}
