/**
 * The embedded database's directory lock. PGlite does not lock its data directory, and two
 * processes on one directory lose each other's writes. A pid check cannot tell whether the holder
 * is gone: from another PID namespace (a `docker run … runway` beside the server's container, or
 * `unshare --pid`) the holder's pid is simply not visible. So the lock is a directory, created
 * atomically, whose modification time its holder keeps fresh; another process judges it stale
 * only by its age (no fresher than STALE_MS), never by a pid it may not be able to see.
 *
 * The freshness is kept by a worker thread, not the main one: PGlite runs its queries on the main
 * thread, and a long one (a migration, a big export batch) must not let the lock look abandoned.
 * The worker dies with the process, so a crashed holder's lock goes stale after STALE_MS.
 * The one shortcut: a holder recorded in our own PID namespace on this boot whose pid is gone is
 * known dead at once (a restart after a crash in the same container or shell need not wait).
 */
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Worker } from "node:worker_threads";

/** A lock no fresher than this is abandoned (its holder touches it every REFRESH_MS). */
export const STALE_MS = 20_000;
export const REFRESH_MS = 2_000;
export const LOCK_NAME = "runway.lock";

export class DataDirLockedError extends Error {
  constructor(
    public dir: string,
    public pid: number,
  ) {
    super(
      `The embedded database in ${dir} is in use by another process (pid ${pid}), probably a running ` +
        `Runway server. Stop it first, or point DATABASE_URL at a PostgreSQL server.`,
    );
    this.name = "DataDirLockedError";
  }
}

interface Owner {
  pid: number;
  token: string;
  /** `pid:[inode]` of the holder's PID namespace, and the kernel's boot id: when both are ours, its pid can be checked. */
  pidNs: string | null;
  bootId: string | null;
  host: string;
  since: string;
}

function readText(p: string): string | null {
  try {
    return fs.readFileSync(p, "utf8").trim();
  } catch {
    return null;
  }
}

const pidNamespace = () => {
  try {
    return fs.readlinkSync("/proc/self/ns/pid");
  } catch {
    return null;
  }
};

function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === "EPERM";
  }
}

function readOwner(lockDir: string): Owner | null {
  try {
    return JSON.parse(fs.readFileSync(path.join(lockDir, "owner.json"), "utf8")) as Owner;
  } catch {
    return null;
  }
}

/** Whether the lock at `lockDir` is abandoned: too old, or its holder provably dead. */
function abandoned(lockDir: string, now: number): boolean {
  let mtime: number;
  try {
    mtime = fs.statSync(lockDir).mtimeMs;
  } catch {
    return true; // gone meanwhile
  }
  if (now - mtime > STALE_MS) return true;
  const owner = readOwner(lockDir);
  if (!owner) return false; // being written by its new holder: fresh, so held
  const mine =
    owner.pidNs !== null &&
    owner.pidNs === pidNamespace() &&
    owner.bootId !== null &&
    owner.bootId === readText("/proc/sys/kernel/random/boot_id");
  return mine && owner.pid !== process.pid && !pidAlive(owner.pid);
}

// Runs in the worker: touches the lock while it is still ours. Only node builtins, so it needs no
// module resolution (the server runs a bundle, the CLI the sources).
const REFRESHER = `
const fs = require("node:fs");
const path = require("node:path");
const { workerData } = require("node:worker_threads");
const { lockDir, token, every } = workerData;
setInterval(() => {
  try {
    const owner = JSON.parse(fs.readFileSync(path.join(lockDir, "owner.json"), "utf8"));
    if (owner.token !== token) return;
    const now = new Date();
    fs.utimesSync(lockDir, now, now);
  } catch {}
}, every);
`;

/**
 * Takes the lock on `dir` or throws DataDirLockedError naming the holder's pid. Returns the release
 * function (idempotent; also run at process exit).
 */
export function acquireDataDirLock(dir: string): () => void {
  const lockDir = path.join(dir, LOCK_NAME);
  const token = crypto.randomUUID();
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      fs.mkdirSync(lockDir);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== "EEXIST") throw e;
      if (!abandoned(lockDir, Date.now())) {
        throw new DataDirLockedError(dir, readOwner(lockDir)?.pid ?? 0);
      }
      // Moved aside before it is removed: of two processes that both found it abandoned, only one
      // rename succeeds, and the other tries again from the start.
      const aside = `${lockDir}.stale-${token}`;
      try {
        fs.renameSync(lockDir, aside);
        fs.rmSync(aside, { recursive: true, force: true });
      } catch {
        /* another process took it first */
      }
      continue;
    }
    const owner: Owner = {
      pid: process.pid,
      token,
      pidNs: pidNamespace(),
      bootId: readText("/proc/sys/kernel/random/boot_id"),
      host: os.hostname(),
      since: new Date().toISOString(),
    };
    fs.writeFileSync(path.join(lockDir, "owner.json"), JSON.stringify(owner));
    const worker = new Worker(REFRESHER, {
      eval: true,
      workerData: { lockDir, token, every: REFRESH_MS },
    });
    worker.unref();
    worker.on("error", () => {});
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      process.off("exit", release);
      void worker.terminate();
      if (readOwner(lockDir)?.token === token) fs.rmSync(lockDir, { recursive: true, force: true });
    };
    process.once("exit", release);
    return release;
  }
  throw new Error(`Could not lock ${dir}`);
}
