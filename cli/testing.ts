/**
 * Test helpers for the CLI: a capturing Io for in-process runs, the real `bin/runway.js` spawned as a
 * child process, and a database the child can open (a PGlite directory or a PostgreSQL database)
 * that the test inspects afterwards.
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable, Writable } from "node:stream";
import { fileURLToPath } from "node:url";
import { createDb, type DbHandle, type Driver } from "../db/client";
import { copyPgTemplate, loadPgliteTemplate } from "../tests/setup/db";
import type { Io } from "./support";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const BIN = path.join(ROOT, "bin", "runway.js");

/** An Io whose output is kept in strings; stdin is the given text (empty by default). */
export function captureIo(stdin = "") {
  let out = "";
  let err = "";
  const sink = (append: (s: string) => void) =>
    new Writable({
      write(chunk, _enc, cb) {
        append(String(chunk));
        cb();
      },
    });
  const io: Io = {
    stdout: sink((s) => (out += s)),
    stderr: sink((s) => (err += s)),
    stdin: Readable.from(stdin ? [Buffer.from(stdin)] : []),
  };
  return { io, out: () => out, err: () => err };
}

export interface SpawnResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/** The environment of a child CLI: the test's, minus anything that would point it elsewhere. */
export function childEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_ENV: "test",
    DATABASE_URL: "",
    SMTP_URL: "",
    COLLEGE_EMAIL_DOMAIN: "example.edu",
    PUBLIC_URL: "http://runway.test",
    ...extra,
  };
}

/** Starts `node bin/runway.js …args`; `onStderr` sees progress as it arrives (to kill mid-way). */
export function startCli(
  args: string[],
  opts: {
    env: NodeJS.ProcessEnv;
    stdin?: string;
    onStderr?: (text: string, child: ChildProcess) => void;
  },
): { child: ChildProcess; done: Promise<SpawnResult> } {
  const child = spawn(process.execPath, [BIN, ...args], {
    env: opts.env,
    cwd: ROOT,
    stdio: ["pipe", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout!.on("data", (c) => (stdout += c));
  child.stderr!.on("data", (c) => {
    stderr += c;
    opts.onStderr?.(stderr, child);
  });
  child.stdin!.end(opts.stdin ?? "");
  const done = new Promise<SpawnResult>((resolve, reject) => {
    child.on("error", reject);
    child.on("close", (code, signal) => resolve({ code, signal, stdout, stderr }));
  });
  return { child, done };
}

export function runCli(
  args: string[],
  opts: { env: NodeJS.ProcessEnv; stdin?: string },
): Promise<SpawnResult> {
  return startCli(args, opts).done;
}

export interface SpawnTarget {
  driver: Driver;
  /** Environment for the child (DATA_DIR or DATABASE_URL). */
  env: NodeJS.ProcessEnv;
  dataDir: string;
  /** Opens the same database in the test process (only while no child holds it). */
  open(): Promise<DbHandle>;
  drop(): Promise<void>;
}

/**
 * A migrated database for spawned commands: for PGlite a fresh DATA_DIR loaded from the test
 * template, for PostgreSQL a new database copied from the TEST_DATABASE_URL template.
 */
export async function spawnTarget(driver: Driver): Promise<SpawnTarget> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "runway-cli-"));
  if (driver === "pglite") {
    await (await loadPgliteTemplate(path.join(dataDir, "pglite"))).close();
    return {
      driver,
      dataDir,
      env: childEnv({ DATA_DIR: dataDir }),
      open: () => createDb({ dataDir: path.join(dataDir, "pglite") }),
      drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const copy = await copyPgTemplate();
  return {
    driver,
    dataDir,
    env: childEnv({ DATA_DIR: dataDir, DATABASE_URL: copy.url }),
    open: () => createDb({ databaseUrl: copy.url, max: 2 }),
    drop: async () => {
      await copy.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Writes a CSV file of `n` valid student rows (no password column) and returns its path. */
export function writeStudentsCsv(
  dir: string,
  n: number,
  opts: { prefix?: string; name?: string } = {},
): string {
  const prefix = opts.prefix ?? "s";
  const file = path.join(dir, opts.name ?? `students-${n}.csv`);
  const lines = ["email,firstName,lastName,role,studentId,course,yearLevel,phone"];
  const courses = ["BSAE", "BSAMT", "BSIT-AIT", "BS in Aviation Electronics Technology"];
  for (let i = 0; i < n; i++) {
    lines.push(
      `${prefix}${i}@example.edu,Student${i},Number ${i},student,${prefix.toUpperCase()}-${String(i).padStart(6, "0")},${courses[i % courses.length]},4th Year,+63 917 ${String(i).padStart(7, "0")}`,
    );
  }
  fs.writeFileSync(file, lines.join("\n") + "\n");
  return file;
}
