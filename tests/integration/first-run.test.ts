/**
 * First run: a bare `npm start` on a new DATA_DIR says what it did — the migrations, the
 * seeded programmes, where the data lives — and how to create the first administrator; once one
 * exists the hint is gone.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createDb, openPglite } from "../../db/client";
import { createUser } from "../factories";
import { startServer } from "../setup/spawn-server";

const ROOT = path.resolve(".");
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "runway-first-run-"));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

/** Starts `node server.mjs`, waits until it listens, stops it, and returns what it printed. */
async function startAndStop(dataDir: string): Promise<string> {
  const { child, output } = await startServer(dataDir);
  const code = await new Promise<number | null>((r) => {
    child.once("exit", r);
    child.kill("SIGTERM");
  });
  if (code !== 0) throw new Error(`exit ${code}: ${output()}`);
  return output();
}

describe("first run", { timeout: 120_000 }, () => {
  it("says what it did and how to create the first administrator, until there is one", async () => {
    const dataDir = path.join(tmp, "data");
    const journal = JSON.parse(
      fs.readFileSync(path.join(ROOT, "db/migrations/meta/_journal.json"), "utf8"),
    );
    const first = await startAndStop(dataDir);
    expect(first).toContain(
      `database ready: ${journal.entries.length} migrations applied, 14 courses (PGlite in ${path.join(dataDir, "pglite")})`,
    );
    expect(first).toMatch(
      /no administrator yet: create the first one with `npx runway admin create --email/,
    );
    expect(first).toContain("stop this server first");
    expect(first).toMatch(/Runway listening on http:\/\/localhost:\d+/);

    const h = await createDb({ pglite: await openPglite(path.join(dataDir, "pglite")) });
    await createUser(h.db, { role: "admin" });
    await h.close();
    const second = await startAndStop(dataDir);
    expect(second).toContain("database ready:");
    expect(second).not.toContain("no administrator yet");
  });
});
