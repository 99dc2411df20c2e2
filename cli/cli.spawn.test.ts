/**
 * Smoke runs of the real `runway` binary, spawned as a child process (node bin/runway.js): help, a
 * usage error and a bad configuration; a SIGKILL in the middle of an import (on a PGlite DATA_DIR
 * and on a fresh PostgreSQL database); the locked PGlite directory. Everything else the commands do
 * is tested in-process through `main` with an injected Io and database (cli/index.test.ts).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { spawnSync } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { count } from "drizzle-orm";
import { mailOutbox, passwordTokens, users } from "../db/schema";
import { drivers } from "../tests/setup/db";
import {
  ROOT,
  childEnv,
  runCli,
  spawnTarget,
  startCli,
  writeStudentsCsv,
  type SpawnTarget,
} from "./testing";

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "runway-spawn-"));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));
const noStack = (s: string) => expect(s).not.toMatch(/\n\s+at .+:\d+:\d+/);

async function withOpen<T>(
  target: SpawnTarget,
  fn: (h: Awaited<ReturnType<SpawnTarget["open"]>>) => Promise<T>,
): Promise<T> {
  const h = await target.open();
  try {
    return await fn(h);
  } finally {
    await h.close();
  }
}

async function tableCounts(target: SpawnTarget) {
  return withOpen(target, async (h) => {
    const [u] = await h.db.select({ n: count() }).from(users);
    const [m] = await h.db.select({ n: count() }).from(mailOutbox);
    const [p] = await h.db.select({ n: count() }).from(passwordTokens);
    return { users: Number(u.n), mails: Number(m.n), tokens: Number(p.n) };
  });
}

// Each spawn opens a database (PGlite ≈1–2 s); on a busy 2-core machine that adds up.
const SLOW = { timeout: 180_000 };

describe("runway (spawned): usage", SLOW, () => {
  const env = childEnv({ DATA_DIR: path.join(tmp, "usage") });

  it("--help exits 0, an unknown command exits 2, a bad configuration exits 1 with a clean message", async () => {
    const help = await runCli(["--help"], { env });
    expect(help.code).toBe(0);
    for (const c of ["db", "courses", "admin", "users", "export"])
      expect(help.stdout).toContain(`  ${c}`);
    const unknown = await runCli(["frobnicate"], { env });
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain("unknown command 'frobnicate'");
    const bad = await runCli(["courses", "list"], {
      env: { ...env, DATABASE_URL: "mysql://nope" },
    });
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain("DATABASE_URL: must start with postgres:// or postgresql://");
    noStack(bad.stderr);
  });

  it("`npm run cli -- --help` works", () => {
    const r = spawnSync("npm", ["run", "--silent", "cli", "--", "--help"], {
      cwd: ROOT,
      env,
      encoding: "utf8",
    });
    expect(r.status).toBe(0);
    expect(r.stdout).toContain("Usage: runway");
  });
});

for (const driver of drivers()) {
  describe(`runway (spawned) [${driver}]`, SLOW, () => {
    let target: SpawnTarget;
    beforeAll(async () => {
      target = await spawnTarget(driver);
    });
    afterAll(async () => {
      await target?.drop();
    });

    it("an import killed with SIGKILL while writing leaves nothing half-written; the next run works", async () => {
      const before = await tableCounts(target);
      const file = writeStudentsCsv(tmp, 30_000, {
        prefix: `kill${driver}`,
        name: `kill-${driver}.csv`,
      });
      let killed = false;
      const run = startCli(["users", "import", file], {
        env: target.env,
        onStderr: (text, child) => {
          if (!killed && text.includes("Writing:")) {
            killed = true;
            child.kill("SIGKILL");
          }
        },
      });
      const r = await run.done;
      expect(r.signal).toBe("SIGKILL");
      expect(r.stdout).toBe("");
      expect(await tableCounts(target)).toEqual(before);
      const small = writeStudentsCsv(tmp, 3, {
        prefix: `after${driver}`,
        name: `after-${driver}.csv`,
      });
      const next = await runCli(["users", "import", small], { env: target.env });
      expect(next.code).toBe(0);
      expect((await tableCounts(target)).users).toBe(before.users + 3);
    });

    if (driver === "pglite") {
      it("says when the PGlite directory is held by a running server, and suggests DATABASE_URL or stopping it", async () => {
        const holder = await target.open(); // this test process now holds the directory's lock
        try {
          const r = await runCli(["users", "list"], { env: target.env });
          expect(r.code).toBe(1);
          expect(r.stderr).toContain(`is in use by another process (pid ${process.pid})`);
          expect(r.stderr).toContain("stop the server");
          expect(r.stderr).toContain("DATABASE_URL");
          noStack(r.stderr);
        } finally {
          await holder.close();
        }
      });
    }
  });
}
