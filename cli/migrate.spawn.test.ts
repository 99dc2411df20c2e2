/**
 * `runway migrate aerojob` as a registrar runs it: the real binary as a child process, on a PGlite
 * DATA_DIR and on a fresh PostgreSQL database. A SIGKILL in the middle leaves whole batches only
 * and the next run finishes; `--json` prints exactly the documented report; an unreadable file
 * ends with exit 1 and a clear message.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { count, isNotNull } from "drizzle-orm";
import { companies, jobs, surveyResponses, users } from "../db/schema";
import { drivers } from "../tests/setup/db";
import { makeFixtures, type FixtureFacts } from "../tests/fixtures/aerojob/make-fixtures";
import { runCli, spawnTarget, startCli, type SpawnTarget } from "./testing";

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "runway-aerojob-"));
let fx: FixtureFacts;
beforeAll(async () => {
  fx = await makeFixtures(path.join(tmp, "export"), { users: 400, responses: 600 });
}, 120_000);
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

const BATCH = 25;

async function imported(target: SpawnTarget) {
  const h = await target.open();
  try {
    const n = async (t: typeof users | typeof companies | typeof jobs | typeof surveyResponses) => {
      const [r] = await h.db.select({ n: count() }).from(t).where(isNotNull(t.legacyId));
      return Number(r.n);
    };
    return {
      users: await n(users),
      companies: await n(companies),
      jobs: await n(jobs),
      responses: await n(surveyResponses),
    };
  } finally {
    await h.close();
  }
}

for (const driver of drivers()) {
  describe(`runway migrate aerojob (spawned) [${driver}]`, { timeout: 300_000 }, () => {
    let target: SpawnTarget;
    beforeAll(async () => {
      target = await spawnTarget(driver);
    }, 120_000);
    afterAll(async () => {
      await target?.drop();
    });

    it("a run killed in the middle leaves whole batches only, and the next run finishes", async () => {
      let killed = false;
      const run = startCli(
        ["migrate", "aerojob", "--from", fx.dir, "--batch-size", String(BATCH)],
        {
          env: target.env,
          // Killed right after the third users batch committed: the fourth is in flight.
          onStderr: (text, child) => {
            if (!killed && /Users: 75\//.test(text)) {
              killed = true;
              child.kill("SIGKILL");
            }
          },
        },
      );
      const r = await run.done;
      expect(r.signal).toBe("SIGKILL");
      const after = await imported(target);
      // Whole batches only: a multiple of the batch size, and nothing of the later collections.
      expect(after.users % BATCH).toBe(0);
      expect(after.users).toBeGreaterThanOrEqual(75);
      expect(after.jobs).toBe(0);
      expect(after.responses).toBe(0);

      const next = await runCli(["migrate", "aerojob", "--from", fx.dir, "--json"], {
        env: target.env,
      });
      expect(next.code).toBe(0);
      const report = JSON.parse(next.stdout);
      expect(Object.keys(report)).toEqual([
        "collections",
        "admins",
        "needsReset",
        "unknownCourses",
        "skipped",
      ]);
      expect(Object.keys(report.collections.users)).toEqual([
        "read",
        "created",
        "updated",
        "skipped",
        "merged",
      ]);
      const planned = fx.counts.users - 4 - 3; // invalid addresses, merged duplicates
      expect(report.collections.users.created).toBe(planned - after.users);
      expect(report.collections.users.updated).toBe(0);
      for (const s of report.skipped)
        expect(Object.keys(s)).toEqual(["collection", "id", "reason"]);
      const done = await imported(target);
      expect(done.users).toBe(planned);
      expect(done.jobs).toBe(report.collections.jobs.created);

      // And a third run has nothing left to do.
      const third = await runCli(["migrate", "aerojob", "--from", fx.dir, "--json"], {
        env: target.env,
      });
      const rep3 = JSON.parse(third.stdout);
      for (const c of Object.values(rep3.collections) as Array<{ created: number }>)
        expect(c.created).toBe(0);
      expect(await imported(target)).toEqual(done);
    });

    it("an unreadable file ends with exit 1 and says which line", async () => {
      const bad = path.join(tmp, `bad-${driver}`);
      fs.mkdirSync(bad, { recursive: true });
      fs.writeFileSync(
        path.join(bad, "users.json"),
        '{"_id": {"$oid": "665a66c5a3f0c10000000001"}}\n{not json\n',
      );
      const r = await runCli(["migrate", "aerojob", "--from", bad], { env: target.env });
      expect(r.code).toBe(1);
      expect(r.stderr).toContain("users.json line 2: not a valid Extended JSON document");
      expect(r.stderr).not.toMatch(/\n\s+at .+:\d+:\d+/);
      const missing = await runCli(["migrate", "aerojob", "--from", path.join(tmp, "nope")], {
        env: target.env,
      });
      expect(missing.code).toBe(1);
      expect(missing.stderr).toContain("Folder not found");
    });
  });
}
