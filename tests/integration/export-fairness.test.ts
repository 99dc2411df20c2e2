/**
 * One export does not stall everyone on PGlite. The real `node server.mjs` on a PGlite DATA_DIR
 * with a survey of 30 000 responses; while an admin downloads its CSV, a fresh connection asks for
 * /healthz and for a small database-backed answer (/api/public/jobs) every 100 ms. The export runs
 * in short slices with other queries let in between: /healthz (which never touches the database)
 * answers within a second, and the small query within two, all through the download.
 */
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createDb } from "../../db/client";
import { createSession } from "../../app/models/auth/session.server";
import { createAnsweredSurvey, createJob, createUser } from "../factories";
import { loadPgliteTemplate } from "../setup/db";
import { startServer } from "../setup/spawn-server";

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "runway-export-fair-"));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

const N = 30_000;

async function seed(dataDir: string) {
  fs.mkdirSync(dataDir, { recursive: true });
  const pg = await loadPgliteTemplate(path.join(dataDir, "pglite"));
  const h = await createDb({ pglite: pg });
  const survey = await createAnsweredSurvey(h.db, { n: N, emailPrefix: "fair", answerRepeat: 20 });
  await createJob(h.db, { title: "Fairness Intern" });
  const { user } = await createUser(h.db, { role: "admin" });
  const { token } = await createSession(h.db, user.id, "api");
  await h.close();
  return { surveyId: survey.id, token };
}

/** Time to the first byte of a fresh connection's answer, and its status. */
function probe(url: string): Promise<{ ms: number; status: number }> {
  const t = performance.now();
  return new Promise((resolve) => {
    const req = http.get(url, { agent: false, headers: { Accept: "application/json" } }, (res) => {
      const ms = performance.now() - t;
      res.resume();
      res.on("end", () => resolve({ ms, status: res.statusCode ?? 0 }));
    });
    req.on("error", () => resolve({ ms: performance.now() - t, status: 0 }));
  });
}

describe("a long export on PGlite", () => {
  it("lets /healthz and short queries through while it streams", async () => {
    const dataDir = path.join(tmp, "data");
    const { surveyId, token } = await seed(dataDir);
    // Load shedding off: a stall would shed the download itself; this test is about the slices.
    const server = await startServer(dataDir, { EVENT_LOOP_MAX_DELAY: "0" });
    const base = `http://127.0.0.1:${server.port}`;
    try {
      await probe(`${base}/api/public/jobs`); // warm
      let done = false;
      const download = fetch(`${base}/api/surveys/${surveyId}/responses/export`, {
        headers: { Authorization: `Bearer ${token}` },
      })
        .then(async (r) => ({ status: r.status, text: await r.text() }))
        .finally(() => (done = true));
      const health: { ms: number; status: number }[] = [];
      const small: { ms: number; status: number }[] = [];
      while (!done) {
        const [h, s] = await Promise.all([
          probe(`${base}/healthz`),
          probe(`${base}/api/public/jobs`),
          new Promise((r) => setTimeout(r, 100)),
        ]);
        health.push(h);
        small.push(s);
      }
      const { status, text } = await download;
      expect(status).toBe(200);
      expect(text.trimEnd().split("\r\n")).toHaveLength(N + 1);
      expect(health.length).toBeGreaterThan(3); // the probes did overlap the download
      expect(health.map((h) => h.status)).toEqual(health.map(() => 200));
      expect(small.map((s) => s.status)).toEqual(small.map(() => 200));
      expect(health.filter((h) => h.ms >= 1000).map((h) => Math.round(h.ms))).toEqual([]);
      expect(small.filter((s) => s.ms >= 2000).map((s) => Math.round(s.ms))).toEqual([]);
    } finally {
      server.child.kill("SIGTERM");
      await new Promise((r) => server.child.once("exit", r));
    }
  }, 180_000);
});
