/**
 * One signing secret per database, with the real `runway` binary and the real server: the first
 * process records a fingerprint of its SESSION_SECRET (never the secret); a CLI or server with
 * another secret — a CLI run without the server's SESSION_SECRET or DATA_DIR made its own — refuses
 * to start and says what to set, instead of queueing digests whose unsubscribe links the server
 * refuses.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { drivers } from "../setup/db";
import { startServer } from "../setup/spawn-server";
import { runCli, spawnTarget, type SpawnTarget } from "../../cli/testing";

const SECRET_A = "server-secret-aaaaaaaaaaaaaaaaaaaaaaaaaaaaaa";
const SECRET_B = "another-secret-bbbbbbbbbbbbbbbbbbbbbbbbbbbbbb";
const noStack = (s: string) => expect(s).not.toMatch(/\n\s+at .+:\d+:\d+/);

async function fingerprints(target: SpawnTarget) {
  const h = await target.open();
  try {
    return await h.rows<{ name: string; fingerprint: string }>(
      sql`select name, fingerprint from secret_fingerprints`,
    );
  } finally {
    await h.close();
  }
}

/** Starts the real server on the target's database; resolves to its output once it exits. */
async function serverRefuses(target: SpawnTarget, secret: string): Promise<string> {
  try {
    const s = await startServer(target.dataDir, {
      SESSION_SECRET: secret,
      DATABASE_URL: String(target.env.DATABASE_URL ?? ""),
      PUBLIC_URL: "http://runway.test",
    });
    s.child.kill("SIGTERM");
    throw new Error(`the server started with a foreign secret: ${s.output()}`);
  } catch (e) {
    return (e as Error).message;
  }
}

describe("one SESSION_SECRET per database", () => {
  const targets: SpawnTarget[] = [];
  afterAll(async () => {
    for (const t of targets) await t.drop();
  });

  for (const driver of drivers()) {
    it(`[${driver}] the first start records a fingerprint; a CLI or server with another secret refuses to start`, async () => {
      const target = await spawnTarget(driver);
      targets.push(target);
      const withSecret = (secret: string | undefined, extra: Record<string, string> = {}) => {
        const env = { ...target.env, ...extra };
        if (secret === undefined) delete env.SESSION_SECRET;
        else env.SESSION_SECRET = secret;
        return env;
      };

      // The server's secret: the first start records its fingerprint, and only that.
      const first = await runCli(["courses", "list"], { env: withSecret(SECRET_A) });
      expect(first.code, first.stderr).toBe(0);
      const [row] = await fingerprints(target);
      expect(row.name).toBe("SESSION_SECRET");
      expect(row.fingerprint).not.toContain(SECRET_A);
      expect(row.fingerprint).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect((await runCli(["courses", "list"], { env: withSecret(SECRET_A) })).code).toBe(0);

      // Another secret, and no secret at all (the CLI generates one in its DATA_DIR): refused.
      const otherDir = fs.mkdtempSync(path.join(os.tmpdir(), "runway-other-data-"));
      for (const env of [
        withSecret(SECRET_B),
        withSecret(undefined),
        withSecret(undefined, { DATA_DIR: driver === "postgres" ? otherDir : target.dataDir }),
      ]) {
        const r = await runCli(["alerts", "run"], { env });
        expect(r.code).toBe(1);
        expect(r.stderr).toContain("SESSION_SECRET differs from the secret this database was");
        expect(r.stderr).toContain("Set SESSION_SECRET to the value the server uses");
        expect(r.stderr).toContain("DATA_DIR/.session-secret");
        noStack(r.stderr);
      }
      fs.rmSync(otherDir, { recursive: true, force: true });

      // The server too.
      const refused = await serverRefuses(target, SECRET_B);
      expect(refused).toContain("SESSION_SECRET differs from the secret this database was");
      expect(refused).not.toContain("Could not open the database");
      noStack(refused);

      // A deliberate change: accept-secret makes B the database's secret, and A is refused now.
      const accept = await runCli(["db", "accept-secret"], { env: withSecret(SECRET_B) });
      expect(accept.code, accept.stderr).toBe(0);
      expect((await runCli(["courses", "list"], { env: withSecret(SECRET_B) })).code).toBe(0);
      expect((await runCli(["courses", "list"], { env: withSecret(SECRET_A) })).code).toBe(1);
      const server = await startServer(target.dataDir, {
        SESSION_SECRET: SECRET_B,
        DATABASE_URL: String(target.env.DATABASE_URL ?? ""),
        PUBLIC_URL: "http://runway.test",
      });
      await new Promise<void>((resolve) => {
        server.child.once("exit", () => resolve());
        server.child.kill("SIGTERM");
      });
    }, 120_000);
  }
});
