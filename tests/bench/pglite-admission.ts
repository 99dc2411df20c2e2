/**
 * PGlite admission and load-shedding benchmark. Starts the real server (server.mjs) on a PGlite
 * DATA_DIR seeded with jobs, puts a 100-connection autocannon load on GET /jobs, and meanwhile
 * sends a fresh probe request (new connection each time) every 200 ms, plus a /healthz probe.
 * Prints, for the admission gate off (PGLITE_MAX_CONCURRENT=0), the gate on without load shedding
 * (EVENT_LOOP_MAX_DELAY=0) and the defaults (gate and shedding): the probes' p50 / p99 / max time
 * to the first byte and to the complete answer, their share of 503s, /healthz's first byte, and
 * the load's own throughput and statuses.
 *
 *   npm run bench:pglite-admission -- [--jobs 300] [--duration 15] [--connections 100]
 *     [--modes off,gate,defaults]   (the server's other settings come from the environment)
 */
import { fork, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { openDatabase } from "../../app/lib/db.server";
import { createCompany, createJob } from "../factories";
import { autocannon, probe, type Probe } from "../setup/load";

const { values: args } = parseArgs({
  options: {
    jobs: { type: "string", default: "300" },
    duration: { type: "string", default: "15" },
    connections: { type: "string", default: "100" },
    /** Which runs: off (no gate, no shedding), gate (gate only), defaults (gate and shedding). */
    modes: { type: "string", default: "off,gate,defaults" },
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

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

async function run(label: string, extra: Record<string, string>) {
  const { child, port } = await start(extra);
  const url = `http://127.0.0.1:${port}/jobs`;
  await probe(url); // warm
  const load = autocannon(url, CONNECTIONS, DURATION);
  const probes: Promise<Probe>[] = [];
  const health: Promise<Probe>[] = [];
  await new Promise((r) => setTimeout(r, 1000)); // let the load build up
  const end = Date.now() + (DURATION - 2) * 1000;
  while (Date.now() < end) {
    probes.push(probe(url));
    health.push(probe(`http://127.0.0.1:${port}/healthz`));
    await new Promise((r) => setTimeout(r, 200));
  }
  const results = await Promise.all(probes);
  const healthResults = await Promise.all(health);
  const result = await load;
  child.kill("SIGTERM");
  await new Promise((r) => child.once("exit", r));
  const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
  const ms = sorted(results.map((r) => r.ms));
  const first = sorted(results.map((r) => r.firstByteMs));
  const healthFirst = sorted(healthResults.map((r) => r.firstByteMs));
  const refused = results.filter((r) => r.status === 503).length;
  const failed = results.filter((r) => r.status === 0).length;
  const f = (n: number) => `${(n / 1000).toFixed(2)} s`;
  console.log(
    `${label.padEnd(34)} probes ${String(results.length).padStart(3)}: first byte p50 ${f(pct(first, 50))}  p99 ${f(pct(first, 99))}  max ${f(first[first.length - 1])}; ` +
      `answer p50 ${f(pct(ms, 50))}  p99 ${f(pct(ms, 99))}; 503 ${((100 * refused) / results.length).toFixed(0)}%  errors ${failed}`,
  );
  console.log(
    `${"".padEnd(34)} /healthz first byte p50 ${f(pct(healthFirst, 50))}  p99 ${f(pct(healthFirst, 99))}  max ${f(healthFirst[healthFirst.length - 1])}`,
  );
  const statuses = new Map(
    Object.entries(result.statusCodeStats ?? {}).map(([k, v]) => [Number(k), v.count]),
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
  const modes = new Set(args.modes.split(","));
  if (modes.has("off"))
    await run("gate off, no shedding", { PGLITE_MAX_CONCURRENT: "0", EVENT_LOOP_MAX_DELAY: "0" });
  if (modes.has("gate")) await run("gate on, no shedding", { EVENT_LOOP_MAX_DELAY: "0" });
  if (modes.has("defaults")) await run("defaults (gate + shedding)", {});
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
}
