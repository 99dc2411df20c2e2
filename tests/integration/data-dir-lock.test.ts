/**
 * The PGlite directory lock holds across PID namespaces: the real `node server.mjs` on a PGlite
 * DATA_DIR, and beside it the `runway` CLI started with `unshare --pid --fork --mount-proc` (the
 * server's pid is invisible there, as from another container on the same volume). The CLI must
 * refuse with the lock message and leave the lock in place, and what the server writes meanwhile
 * must still be there after it stops. Needs root for unshare (CI runs as root); skipped otherwise.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createDb, openPglite } from "../../db/client";
import { LOCK_NAME } from "../../db/data-dir-lock";
import { createSession } from "../../app/models/auth/session.server";
import { createUser } from "../factories";
import { loadPgliteTemplate } from "../setup/db";
import { startServer } from "../setup/spawn-server";
import { BIN, ROOT, childEnv, writeStudentsCsv } from "../../cli/testing";

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "runway-lock-"));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

const canUnshare =
  process.platform === "linux" &&
  spawnSync("unshare", ["--pid", "--fork", "--mount-proc", "true"]).status === 0;

/** `runway …` in a new PID namespace, as `docker run --rm -v data:/data runway runway …` would be. */
function cliInOtherNamespace(args: string[], env: NodeJS.ProcessEnv) {
  const r = spawnSync(
    "unshare",
    ["--pid", "--fork", "--mount-proc", process.execPath, BIN, ...args],
    { cwd: ROOT, env, encoding: "utf8", timeout: 120_000 },
  );
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe.skipIf(!canUnshare)("PGlite directory lock across PID namespaces", () => {
  it("a CLI in another PID namespace refuses while the server runs, leaves the lock, and the server's writes survive", async () => {
    const dataDir = path.join(tmp, "data");
    fs.mkdirSync(dataDir, { recursive: true });
    const pg = await loadPgliteTemplate(path.join(dataDir, "pglite"));
    const h = await createDb({ pglite: pg });
    const { user } = await createUser(h.db, { role: "admin" });
    const { token } = await createSession(h.db, user.id, "api");
    await h.close();

    const env = childEnv({ DATA_DIR: dataDir });
    const server = await startServer(dataDir);
    const base = `http://127.0.0.1:${server.port}`;
    const exited = new Promise<number | null>((r) => server.child.once("exit", r));
    try {
      const lock = path.join(dataDir, "pglite", LOCK_NAME);
      expect(fs.existsSync(lock)).toBe(true);

      const list = cliInOtherNamespace(["users", "list"], env);
      expect(list.code).toBe(1);
      expect(list.stderr).toContain("is in use by another process");
      const csv = writeStudentsCsv(tmp, 20, { prefix: "ns", name: "ns.csv" });
      const imported = cliInOtherNamespace(["users", "import", csv], env);
      expect(imported.code).toBe(1);
      expect(imported.stderr).toContain("is in use by another process");
      expect(imported.stdout).not.toContain("created");
      expect(fs.existsSync(lock)).toBe(true);

      // The server still owns the directory: what it writes now is kept.
      const names = ["Lockstep Aviation", "Namespace Air", "Holder Wings"];
      for (const name of names) {
        const r = await fetch(`${base}/api/companies`, {
          method: "POST",
          headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
          body: JSON.stringify({ name, location: "Manila" }),
        });
        expect(r.status).toBe(201);
      }
    } finally {
      server.child.kill("SIGTERM");
    }
    expect(await exited).toBe(0);

    const after = await openPglite(path.join(dataDir, "pglite"));
    try {
      const r = await after.query<{ name: string }>(`select name from companies order by name`);
      expect(r.rows.map((x) => x.name)).toEqual(
        expect.arrayContaining(["Holder Wings", "Lockstep Aviation", "Namespace Air"]),
      );
    } finally {
      await after.close();
    }
  }, 180_000);
});
