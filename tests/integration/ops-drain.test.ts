/**
 * Shutdown drains instead of cutting: the real `node server.mjs` on a PGlite DATA_DIR, a multi-MB
 * CSV export (≈20 MB, more than localhost socket buffers hold) read slowly, SIGTERM in the middle. The export must arrive whole, a new request during
 * the drain is refused (503 or connection refused), the process exits 0, and the PGlite directory
 * reopens cleanly.
 */
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { parse } from "csv-parse/sync";
import { afterAll, describe, expect, it } from "vitest";
import { createDb, openPglite } from "../../db/client";
import { createSession } from "../../app/models/auth/session.server";
import { createAnsweredSurvey, createUser } from "../factories";
import { loadPgliteTemplate } from "../setup/db";
import { startServer } from "../setup/spawn-server";

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "runway-drain-"));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

const N = 20_000;

async function seed(dataDir: string) {
  fs.mkdirSync(dataDir, { recursive: true });
  const pg = await loadPgliteTemplate(path.join(dataDir, "pglite"));
  const h = await createDb({ pglite: pg });
  const survey = await createAnsweredSurvey(h.db, { n: N, emailPrefix: "drain", answerRepeat: 30 });
  const { user } = await createUser(h.db, { role: "admin" });
  const { token } = await createSession(h.db, user.id, "api");
  await h.close();
  return { surveyId: survey.id, token };
}

const start = (dataDir: string) => startServer(dataDir, { SHUTDOWN_TIMEOUT: "60" });

/** GET that the client reads slowly: a pause after every chunk. */
function slowGet(url: string, headers: Record<string, string>, onBytes: (n: number) => void) {
  return new Promise<{ status: number; body: Buffer }>((resolve, reject) => {
    const req = http.get(url, { headers, agent: false }, (res) => {
      const parts: Buffer[] = [];
      let total = 0;
      res.on("data", (chunk: Buffer) => {
        parts.push(chunk);
        total += chunk.length;
        onBytes(total);
        res.pause();
        setTimeout(() => res.resume(), 15);
      });
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(parts) }));
      res.on("error", reject);
      res.on("aborted", () => reject(new Error("response aborted")));
    });
    req.on("error", reject);
  });
}

function probe(url: string): Promise<{ status?: number; retryAfter?: string; error?: string }> {
  return new Promise((resolve) => {
    const req = http.get(url, { agent: false }, (res) => {
      res.resume();
      res.on("end", () =>
        resolve({ status: res.statusCode, retryAfter: String(res.headers["retry-after"] ?? "") }),
      );
    });
    req.on("error", (e: NodeJS.ErrnoException) => resolve({ error: e.code ?? e.message }));
  });
}

describe("SIGTERM drains the server", { timeout: 240_000 }, () => {
  it("a slow export started before SIGTERM completes whole; new requests are refused; exit 0; PGlite reopens", async () => {
    const dataDir = path.join(tmp, "data");
    const { surveyId, token } = await seed(dataDir);
    const { child, port, output } = await start(dataDir);
    const exited = new Promise<number | null>((r) => child.once("exit", (code) => r(code)));
    const base = `http://127.0.0.1:${port}`;

    let signalled = false;
    let duringDrain: Promise<Awaited<ReturnType<typeof probe>>> | undefined;
    const download = slowGet(
      `${base}/api/surveys/${surveyId}/responses/export`,
      { Authorization: `Bearer ${token}`, "Accept-Encoding": "identity" },
      (bytes) => {
        if (!signalled && bytes > 256 * 1024) {
          signalled = true;
          child.kill("SIGTERM");
          // Give the signal a moment to arrive, then knock on the door.
          duringDrain = new Promise((r) => setTimeout(r, 300)).then(() => probe(`${base}/jobs`));
        }
      },
    );
    const { status, body } = await download;
    expect(signalled).toBe(true);
    expect(status).toBe(200);
    // Far more than the kernel's socket buffers can hold: most of it is still unsent at SIGTERM.
    expect(body.length).toBeGreaterThan(16 * 1024 * 1024);
    const text = body.toString("utf8").replace(/^\uFEFF/, "");
    const records = parse(text) as string[][];
    expect(records.length).toBe(N + 1); // header + every response
    expect(records[records.length - 1].length).toBe(records[0].length);
    expect(text.endsWith("\n")).toBe(true);

    const knock = await duringDrain!;
    if (knock.status !== undefined) {
      expect(knock.status).toBe(503);
      expect(knock.retryAfter).not.toBe("");
    } else {
      expect(knock.error).toMatch(/ECONNREFUSED|ECONNRESET/);
    }

    expect(await exited).toBe(0);
    expect(output()).toMatch(/SIGTERM: draining/);
    expect(fs.existsSync(path.join(dataDir, "pglite", "runway.lock"))).toBe(false);

    const pg = await openPglite(path.join(dataDir, "pglite"));
    try {
      const r = await pg.query<{ n: number }>(`select count(*)::int as n from survey_responses`);
      expect(r.rows[0].n).toBe(N);
    } finally {
      await pg.close();
    }
  });
});
