/**
 * PGlite admission benchmark (issue 16 item 4). Starts the real server (server.mjs) on a PGlite
 * DATA_DIR seeded with jobs, puts a 100-connection autocannon load on GET /jobs, and meanwhile
 * sends a fresh probe request (new connection each time) every 200 ms. Prints, for the admission
 * gate off (PGLITE_MAX_CONCURRENT=0) and on (the defaults): the probes' p50 / p99 / max time to a
 * complete answer and their share of 503s, plus the load's own throughput and statuses.
 *
 *   npm run bench:pglite-admission -- [--jobs 300] [--duration 15] [--connections 100]
 */
import { fork, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import { openDatabase } from "../../app/lib/db.server";
import { createCompany, createJob } from "../factories";

const { values: args } = parseArgs({
  options: {
    jobs: { type: "string", default: "300" },
    duration: { type: "string", default: "15" },
    connections: { type: "string", default: "100" },
  },
});
const JOBS = Number(args.jobs);
const DURATION = Number(args.duration);
const CONNECTIONS = Number(args.connections);
const ROOT = path.resolve(".");
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "runway-bench-admission-"));

async function seed() {
  process.env.DATA_DIR = dataDir;
  process.env.SESSION_SECRET ??= "bench-secret-bench-secret-bench-secret-00";
  const h = await openDatabase({ dataDir: path.join(dataDir, "pglite") });
  const companies = [];
  for (let i = 0; i < 20; i++)
    companies.push(await createCompany(h.db, { name: `Bench Aviation ${i}` }));
  for (let i = 0; i < JOBS; i++) {
    await createJob(h.db, {
      title: `Line Maintenance Technician ${i}`,
      companyId: companies[i % companies.length].id,
    });
  }
  await h.close();
}

function start(extra: Record<string, string>): Promise<{ child: ChildProcess; port: number }> {
  const child = fork(path.join(ROOT, "server.mjs"), [], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: "0",
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      SMTP_URL: "",
      NODE_ENV: "production",
      RUNWAY_SKIP_BUILD_CHECK: "1",
      ...extra,
    },
    stdio: ["ignore", "ignore", "inherit", "ipc"],
  });
  return new Promise((resolve, reject) => {
    child.once("message", (m: { port?: number }) => resolve({ child, port: m.port! }));
    child.once("exit", (code) => reject(new Error(`server exited with ${code}`)));
  });
}

function probe(url: string): Promise<{ ms: number; status: number }> {
  const t = performance.now();
  return new Promise((resolve) => {
    const req = http.get(url, { agent: false }, (res) => {
      res.resume();
      res.on("end", () => resolve({ ms: performance.now() - t, status: res.statusCode ?? 0 }));
    });
    req.setTimeout(60_000, () => req.destroy());
    req.on("error", () => resolve({ ms: performance.now() - t, status: 0 }));
  });
}

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

async function run(label: string, extra: Record<string, string>) {
  const { child, port } = await start(extra);
  const url = `http://127.0.0.1:${port}/jobs`;
  await probe(url); // warm
  const statuses = new Map<number, number>();
  type Result = Parameters<Parameters<typeof autocannon>[1]>[1];
  const load = new Promise<Result>((resolve, reject) => {
    const inst = autocannon(
      { url, connections: CONNECTIONS, duration: DURATION, pipelining: 1 },
      (err, result) => (err ? reject(err) : resolve(result)),
    );
    inst.on("response", (_c, status) => statuses.set(status, (statuses.get(status) ?? 0) + 1));
  });
  const probes: Promise<{ ms: number; status: number }>[] = [];
  await new Promise((r) => setTimeout(r, 1000)); // let the load build up
  const end = Date.now() + (DURATION - 2) * 1000;
  while (Date.now() < end) {
    probes.push(probe(url));
    await new Promise((r) => setTimeout(r, 200));
  }
  const results = await Promise.all(probes);
  const result = await load;
  child.kill("SIGTERM");
  await new Promise((r) => child.once("exit", r));
  const ms = results.map((r) => r.ms).sort((a, b) => a - b);
  const refused = results.filter((r) => r.status === 503).length;
  const failed = results.filter((r) => r.status === 0).length;
  const f = (n: number) => `${(n / 1000).toFixed(2)} s`;
  console.log(
    `${label.padEnd(34)} probes ${String(results.length).padStart(3)}: p50 ${f(pct(ms, 50))}  p99 ${f(pct(ms, 99))}  max ${f(ms[ms.length - 1])}  ` +
      `503 ${((100 * refused) / results.length).toFixed(0)}%  errors ${failed}`,
  );
  const total = [...statuses.values()].reduce((a, b) => a + b, 0);
  console.log(
    `${"".padEnd(34)} load: ${result.requests.total} answers (${result.requests.average.toFixed(0)}/s), ` +
      `statuses ${[...statuses.entries()].map(([s, n]) => `${s}×${n}`).join(" ")}, 503 ${total ? ((100 * (statuses.get(503) ?? 0)) / total).toFixed(0) : 0}%, ` +
      `errors ${result.errors}, timeouts ${result.timeouts}`,
  );
}

try {
  await seed();
  console.log(
    `PGlite, ${JOBS} jobs, ${CONNECTIONS} connections on GET /jobs for ${DURATION} s; a fresh probe every 200 ms`,
  );
  await run("admission off (PGLITE_MAX_CONCURRENT=0)", { PGLITE_MAX_CONCURRENT: "0" });
  await run("admission on (defaults 4 / 32 / 3 s)", {});
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
}
