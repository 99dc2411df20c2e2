/**
 * What every command shares: where output goes (data on stdout, messages on stderr), how a command
 * ends with an exit code, and how the database is opened. Kept free of heavy imports so that
 * `runway --help` starts fast; the database modules load only inside a command that needs them.
 */
import path from "node:path";
import type { DbHandle } from "#db/client";

export interface Io {
  stdout: NodeJS.WritableStream & { isTTY?: boolean };
  stderr: NodeJS.WritableStream & { isTTY?: boolean; columns?: number };
  stdin: NodeJS.ReadableStream & { isTTY?: boolean; setRawMode?: (raw: boolean) => unknown };
}

export const processIo: Io = {
  stdout: process.stdout,
  stderr: process.stderr,
  stdin: process.stdin,
};

/** Dependencies of a run function: tests pass an open database and a capturing Io. */
export interface RunDeps {
  handle?: DbHandle;
  io?: Io;
}

export const EXIT_OK = 0;
/** Validation or domain errors: bad rows, taken e-mail, unknown user… */
export const EXIT_ERROR = 1;
/** Usage errors: unknown command or option, missing argument. */
export const EXIT_USAGE = 2;

/** A user error with a clean message (never a stack trace) and its exit code. */
export class CliError extends Error {
  constructor(
    message: string,
    public exitCode: number = EXIT_ERROR,
  ) {
    super(message);
    this.name = "CliError";
  }
}

/** Thrown by an action to end with a non-zero code after it has printed its own report. */
export class CliExit extends Error {
  constructor(public exitCode: number) {
    super(`exit ${exitCode}`);
    this.name = "CliExit";
  }
}

/** Ends an action: a non-zero code becomes a CliExit for the wrapper in cli/index.ts. */
export function finish(code: number): void {
  if (code !== EXIT_OK) throw new CliExit(code);
}

export function line(stream: NodeJS.WritableStream, text = ""): void {
  stream.write(text.endsWith("\n") ? text : `${text}\n`);
}
export const say = (io: Io, text = "") => line(io.stdout, text);
export const warn = (io: Io, text = "") => line(io.stderr, text);

export function printJson(io: Io, data: unknown): void {
  io.stdout.write(`${JSON.stringify(data, null, 2)}\n`);
}

/** A plain text table with padded columns (for terminals; --json gives the data). */
export function table(headers: string[], rows: string[][]): string {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? "").length)));
  const fmt = (r: string[]) =>
    r
      .map((c, i) => (i === r.length - 1 ? c : (c ?? "").padEnd(widths[i])))
      .join("  ")
      .trimEnd();
  return [fmt(headers), fmt(widths.map((w) => "─".repeat(w))), ...rows.map(fmt)].join("\n");
}

/** Where the CLI's database is, in words (for messages). */
export async function describeTarget(): Promise<string> {
  const { env } = await import("~/lib/env.server");
  const e = env();
  return e.DATABASE_URL
    ? "PostgreSQL (DATABASE_URL)"
    : `PGlite in ${path.join(e.DATA_DIR, "pglite")}`;
}

/**
 * Opens the same database as the server — PostgreSQL when DATABASE_URL is set, else the PGlite
 * directory DATA_DIR/pglite — migrated and with the courses seeded.
 */
export async function openCliDatabase(opts: CliDbOptions = {}): Promise<DbHandle> {
  const { env } = await import("~/lib/env.server");
  const { openDatabase } = await import("~/lib/db.server");
  const e = env();
  return openDatabase({
    databaseUrl: e.DATABASE_URL,
    dataDir: path.join(e.DATA_DIR, "pglite"),
    migrateAndSeed: opts.migrateAndSeed,
    // The server's secret or none: links the CLI signs (digests, invitations) must verify there.
    secret: opts.checkSecret === false ? undefined : e.SESSION_SECRET,
  });
}

export interface CliDbOptions {
  migrateAndSeed?: boolean;
  /** false only for `db accept-secret`, which replaces the recorded fingerprint. */
  checkSecret?: boolean;
}

/** Runs `fn` with the injected database, or opens (and afterwards closes) the configured one. */
export async function withDb<T>(
  deps: RunDeps,
  fn: (handle: DbHandle) => Promise<T>,
  opts: CliDbOptions = {},
): Promise<T> {
  if (deps.handle) return fn(deps.handle);
  const handle = await openCliDatabase(opts);
  try {
    return await fn(handle);
  } finally {
    await handle.close();
  }
}

/** Maps any thrown error to a clean message and an exit code. Only unexpected errors keep a stack (with RUNWAY_DEBUG). */
export function describeError(e: unknown): {
  message: string;
  exitCode: number;
  unexpected: boolean;
} {
  const err = e as {
    name?: string;
    message?: string;
    code?: string;
    fields?: Record<string, string[]>;
    status?: number;
  };
  if (e instanceof CliError) return { message: e.message, exitCode: e.exitCode, unexpected: false };
  const name = err?.name ?? "";
  // Matched by name too: the error classes may come from a second copy of a module (tsx vs build).
  if (name === "DataDirLockedError") {
    return {
      message:
        `${err.message}\nThe CLI and a server on PGlite cannot share the data directory: stop the server ` +
        "(Ctrl+C or SIGTERM) and run the command again, or run both on PostgreSQL with DATABASE_URL.",
      exitCode: EXIT_ERROR,
      unexpected: false,
    };
  }
  if (name === "SecretMismatchError")
    return {
      message: err.message ?? "SESSION_SECRET differs",
      exitCode: EXIT_ERROR,
      unexpected: false,
    };
  if (name === "EnvError")
    return {
      message: err.message ?? "Invalid configuration",
      exitCode: EXIT_ERROR,
      unexpected: false,
    };
  if (typeof err?.status === "number" && err.status < 500 && err.message) {
    // DomainError (ValidationError, Conflict, NotFound…): the message, plus per-field messages.
    const extra = Object.values(err.fields ?? {})
      .flat()
      .filter((m) => m !== err.message);
    return {
      message: [err.message, ...extra.map((m) => `  ${m}`)].join("\n"),
      exitCode: EXIT_ERROR,
      unexpected: false,
    };
  }
  const code = err?.code ?? "";
  if (["ECONNREFUSED", "ENOTFOUND", "ETIMEDOUT", "EAI_AGAIN", "ECONNRESET"].includes(code)) {
    return {
      message: `Could not reach the PostgreSQL server in DATABASE_URL (${code}). Is it running, and is the address right?`,
      exitCode: EXIT_ERROR,
      unexpected: false,
    };
  }
  if (code === "3D000" || code === "28P01" || code === "28000") {
    return {
      message: `PostgreSQL refused the connection: ${err.message}`,
      exitCode: EXIT_ERROR,
      unexpected: false,
    };
  }
  if (code === "ENOENT" || code === "EACCES" || code === "EISDIR" || code === "ENOTDIR") {
    return { message: err.message ?? String(e), exitCode: EXIT_ERROR, unexpected: false };
  }
  return {
    message: `Unexpected error: ${err?.message ?? String(e)}`,
    exitCode: EXIT_ERROR,
    unexpected: true,
  };
}
