/**
 * Benchmark: oversized request bodies against the built server. Starts
 * server.mjs as a child on PGlite in a temporary folder, throws big chunked and Content-Length
 * bodies at a form route (/login), a JSON route (/api/auth/login) and an upload route
 * (/api/profile/picture, signed in) — several at once — and prints the server's RSS before,
 * at its peak while they run, and after.
 *
 *   npm run bench:body-limits            (MB=600 PARALLEL=4 to change the sizes)
 */
import { fork } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { openDatabase } from "../../app/lib/db.server";
import { createUser } from "../factories";

const MB = Number(process.env.MB ?? 600);
const PARALLEL = Number(process.env.PARALLEL ?? 4);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "runway-bench-body-"));
const mb = (n: number) => `${(n / 1024 / 1024).toFixed(0)} MB`;

const handle = await openDatabase({ dataDir: path.join(dir, "pglite") });
const { user, password } = await createUser(handle.db, { role: "student" });
await handle.close();

const child = fork(path.resolve("server.mjs"), [], {
  env: {
    ...process.env,
    PORT: "0",
    HOST: "127.0.0.1",
    DATA_DIR: dir,
    DATABASE_URL: "",
    RUNWAY_SKIP_BUILD_CHECK: "1",
  },
  stdio: ["ignore", "ignore", "inherit", "ipc"],
});
const port: number = await new Promise((resolve, reject) => {
  child.on("message", (m: { ready?: boolean; port?: number }) => m.ready && resolve(m.port!));
  child.on("exit", (c) => reject(new Error(`server exited with ${c}`)));
});

function rss(): number {
  const status = fs.readFileSync(`/proc/${child.pid}/status`, "utf8");
  return Number(status.match(/VmRSS:\s+(\d+)/)![1]) * 1024;
}

interface Shot {
  status: number;
  connection: string | undefined;
  sent: number;
  ms: number;
}

/** Sends `total` bytes (chunked, or with a Content-Length saying so) until the server answers. */
function send(
  p: string,
  type: string,
  total: number,
  mode: "chunked" | "length",
  headers: Record<string, string> = {},
) {
  return new Promise<Shot>((resolve) => {
    const t = performance.now();
    let sent = 0;
    let done = false;
    const req = http.request({
      host: "127.0.0.1",
      port,
      path: p,
      method: "POST",
      agent: false,
      headers: {
        "content-type": type,
        ...headers,
        ...(mode === "length" ? { "content-length": total } : {}),
      },
    });
    const finish = (status: number, connection?: string) => {
      if (done) return;
      done = true;
      resolve({ status, connection, sent, ms: performance.now() - t });
      req.destroy();
    };
    req.on("response", (res) => {
      res.resume();
      finish(res.statusCode ?? 0, res.headers.connection);
    });
    req.on("error", () => finish(0));
    const chunk = Buffer.alloc(256 * 1024, "a");
    const write = () => {
      while (!done && sent < total) {
        sent += chunk.length;
        if (!req.write(chunk)) return void req.once("drain", write);
      }
      if (!done) req.end();
    };
    write();
  });
}

async function token(): Promise<string> {
  const r = await fetch(`http://127.0.0.1:${port}/api/auth/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email: user.email, password }),
  });
  return ((await r.json()) as { token: string }).token;
}

const bearer = { authorization: `Bearer ${await token()}` };
const cases: Array<[string, string, string, Record<string, string>]> = [
  ["form", "/login", "application/x-www-form-urlencoded", {}],
  ["JSON", "/api/auth/login", "application/json", {}],
  ["upload", "/api/profile/picture", "multipart/form-data; boundary=bench", bearer],
];

console.log(`server pid ${child.pid}; bodies of ${MB} MB, ${PARALLEL} at a time`);
console.log(`RSS at rest: ${mb(rss())}`);
for (const mode of ["chunked", "length"] as const) {
  for (const [name, p, type, headers] of cases) {
    const before = rss();
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, rss())), 20);
    const shots = await Promise.all(
      Array.from({ length: PARALLEL }, () => send(p, type, MB * 1024 * 1024, mode, headers)),
    );
    clearInterval(sampler);
    await new Promise((r) => setTimeout(r, 500));
    const s = shots[0];
    console.log(
      `${mode.padEnd(7)} ${name.padEnd(6)} ${p.padEnd(22)} → ${shots.map((x) => x.status).join(",")} ` +
        `Connection: ${s.connection}; client sent ≤ ${mb(Math.max(...shots.map((x) => x.sent)))} before the answer ` +
        `(${Math.max(...shots.map((x) => x.ms)).toFixed(0)} ms); RSS before ${mb(before)}, peak ${mb(peak)}, after ${mb(rss())}`,
    );
  }
}

child.kill("SIGTERM");
await new Promise((r) => child.once("exit", r));
fs.rmSync(dir, { recursive: true, force: true });
