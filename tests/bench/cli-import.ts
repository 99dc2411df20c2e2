/**
 * Benchmark of `runway users import` end to end (targets: 10 000 rows without passwords
 * < 8 s on PGlite, process start included; 50 000 rows < 10 s on PostgreSQL).
 *
 *   npx tsx tests/bench/cli-import.ts [--rows 10000,50000] [--only pglite|postgres]
 *
 * Spawns the real `node bin/runway.js users import <file> --json` (invitations on, the default)
 * against a migrated database: a fresh PGlite DATA_DIR, and a fresh PostgreSQL database
 * runway_bench_cli_* on BENCH_DATABASE_URL's server (default postgres://postgres@127.0.0.1:5432),
 * dropped afterwards. Prints wall time (process start to exit) and the import's own time.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import postgres from "postgres";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
const bin = path.join(root, "bin", "runway.js");
const arg = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const sizes = (arg("rows") ?? "10000,50000").split(",").map(Number);
const only = arg("only");
const server = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

function csv(dir: string, n: number): string {
  const file = path.join(dir, `users-${n}.csv`);
  const courses = ["BSAE", "BSAMT", "BSIT-AIT", "BS in Aviation Electronics Technology", "BSAC-FO"];
  const lines = ["email,firstName,lastName,role,studentId,course,yearLevel,phone"];
  for (let i = 0; i < n; i++) {
    const student = i % 5 !== 0;
    lines.push(
      student
        ? `student${i}@example.edu,María ${i},Dela Cruz,student,2025-${String(i).padStart(6, "0")},${courses[i % courses.length]},4th Year,+63 917 ${String(i).padStart(7, "0")}`
        : `alumnus${i}@example.edu,José ${i},"Reyes, Jr.",alumni,,,Graduate,`,
    );
  }
  fs.writeFileSync(file, lines.join("\n") + "\n");
  return file;
}

// GNU time, when present, also gives the child's CPU time: on a shared, loaded machine wall time
// says more about the neighbours than about Runway.
const gnuTime = fs.existsSync("/usr/bin/time") ? "/usr/bin/time" : null;
const CPU_MARK = "__cpu__";

function run(
  args: string[],
  env: NodeJS.ProcessEnv,
): Promise<{ code: number | null; stdout: string; stderr: string; ms: number; cpu: number }> {
  return new Promise((resolve, reject) => {
    const t = performance.now();
    const [cmd, argv] = gnuTime
      ? [gnuTime, ["-f", `${CPU_MARK}%U %S`, process.execPath, bin, ...args]]
      : [process.execPath, [bin, ...args]];
    const child = spawn(cmd, argv, { env, cwd: root, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (c) => (stdout += c));
    child.stderr.on("data", (c) => (stderr += c));
    child.on("error", reject);
    child.on("close", (code) => {
      const m = stderr.match(new RegExp(`${CPU_MARK}([\\d.]+) ([\\d.]+)`));
      resolve({
        code,
        stdout,
        stderr: stderr.replace(/__cpu__.*\n?/, ""),
        ms: performance.now() - t,
        cpu: m ? (Number(m[1]) + Number(m[2])) * 1000 : NaN,
      });
    });
  });
}

const baseEnv = (extra: Record<string, string>): NodeJS.ProcessEnv => ({
  ...process.env,
  NODE_ENV: "production",
  COLLEGE_EMAIL_DOMAIN: "example.edu",
  SMTP_URL: "",
  DATABASE_URL: "",
  ...extra,
});

interface Row {
  db: string;
  rows: number;
  wall: number;
  importMs: number;
  cpuMs: number;
  ok: boolean;
}

async function bench(db: "pglite" | "postgres", n: number, file: string): Promise<Row> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "runway-bench-"));
  let env = baseEnv({ DATA_DIR: dataDir });
  let drop = async () => {};
  if (db === "postgres") {
    const name = `runway_bench_cli_${n}_${process.pid}`;
    const admin = postgres(server, { max: 1, onnotice: () => {} });
    await admin.unsafe(`drop database if exists "${name}" with (force)`);
    await admin.unsafe(`create database "${name}"`);
    const u = new URL(server);
    u.pathname = `/${name}`;
    env = baseEnv({ DATA_DIR: dataDir, DATABASE_URL: u.toString() });
    drop = async () => {
      await admin.unsafe(`drop database if exists "${name}" with (force)`);
      await admin.end();
    };
  }
  try {
    const m = await run(["db", "migrate"], env); // an existing, migrated database (not timed)
    if (m.code !== 0) throw new Error(`db migrate failed: ${m.stderr}`);
    const r = await run(["users", "import", file, "--json"], env);
    let report: { created?: number; durationMs?: number } = {};
    try {
      report = JSON.parse(r.stdout);
    } catch {
      /* reported below */
    }
    const ok = r.code === 0 && report.created === n;
    if (!ok) console.error(`  ${db} ${n}: exit ${r.code} ${r.stderr.trim().slice(0, 500)}`);
    return { db, rows: n, wall: r.ms, importMs: report.durationMs ?? NaN, cpuMs: r.cpu, ok };
  } finally {
    await drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "runway-bench-csv-"));
console.log(
  `runway users import benchmark — ${os.cpus().length} cores, load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(" ")}`,
);
const start = await run(["--help"], baseEnv({ DATA_DIR: tmp }));
console.log(
  `process start (runway --help): ${(start.ms / 1000).toFixed(2)} s (CPU ${(start.cpu / 1000).toFixed(2)} s)`,
);
const results: Row[] = [];
for (const n of sizes) {
  const file = csv(tmp, n);
  for (const db of ["pglite", "postgres"] as const) {
    if (only && only !== db) continue;
    const r = await bench(db, n, file);
    results.push(r);
    console.log(
      `${db.padEnd(8)} ${String(n).padStart(6)} rows: ${(r.wall / 1000).toFixed(2)} s end to end ` +
        `(import ${(r.importMs / 1000).toFixed(2)} s, CLI process CPU ${(r.cpuMs / 1000).toFixed(2)} s, ` +
        `${Math.round(n / (r.wall / 1000))} rows/s)${r.ok ? "" : "  FAILED"}`,
    );
  }
}
fs.rmSync(tmp, { recursive: true, force: true });
console.log(
  `load average after: ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(" ")}`,
);
const targets: Record<string, { rows: number; seconds: number }> = {
  pglite: { rows: 10_000, seconds: 8 },
  postgres: { rows: 50_000, seconds: 10 },
};
for (const [db, t] of Object.entries(targets)) {
  const r = results.find((x) => x.db === db && x.rows === t.rows);
  if (r)
    console.log(
      `target ${db} ${t.rows} rows < ${t.seconds} s: ${(r.wall / 1000).toFixed(2)} s — ${r.ok && r.wall / 1000 < t.seconds ? "met" : "MISSED"}`,
    );
}
process.exit(results.every((r) => r.ok) ? 0 : 1);
