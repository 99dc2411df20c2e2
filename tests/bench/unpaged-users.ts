/**
 * GET /api/admin/users without paging (the streamed array of every user), measured on the built
 * server in a process of its own, so that the figures are the server's and not the reading
 * client's. Part of `tests/bench/people.ts`; on its own against a database that bench seeded and
 * kept (`BENCH_KEEP=1 npx tsx tests/bench/people.ts --unpaged-only` prints its name):
 *
 *   npx tsx tests/bench/unpaged-users.ts postgres://postgres@127.0.0.1:5432/runway_bench_people_123
 *
 * Needs `npm run build`. Linux only (/proc).
 */
import { fork } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { sql } from "drizzle-orm";
import type { DbHandle } from "../../db/client";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "../..");
/** The child server's PUBLIC_URL (the answer's photo links are built from it). */
const PUBLIC_URL = "http://bench.example";
const ADMIN = { email: "bench.admin@example.edu", password: "bench-password-1" };

const ms = (n: number) => `${n.toFixed(1)} ms`;

/** fetch, retried after a 503 (the pool gate fails a request fast while a connection is slow). */
async function fetchRetry(url: string, init: RequestInit): Promise<Response> {
  for (let attempt = 0; ; attempt++) {
    const r = await fetch(url, init);
    if (r.status !== 503 || attempt === 5) return r;
    await r.arrayBuffer();
    await new Promise((res) => setTimeout(res, 1000));
  }
}

/**
 * Size and SHA-256 of the answer the unpaged list must give: the one-array builder's
 * (`listAllUsers`, serialized as the /api serializes it), as tests/integration/admin-users-stream
 * checks on a small list.
 */
export async function expectedUnpaged(handle: DbHandle, adminEmail = ADMIN.email) {
  const { listAllUsers } = await import("../../app/models/user/admin.server");
  const { readUserListQuery } = await import("../../app/models/user/admin.schema");
  const { apiReplacer } = await import("../../app/lib/api-view");
  const [me] = await handle.rows<{ id: string }>(
    sql`select id from users where email = ${adminEmail}`,
  );
  const all = await listAllUsers(
    { db: handle.db, actor: { id: me.id, role: "admin", email: adminEmail } },
    readUserListQuery(new URLSearchParams()),
  );
  const bytes = Buffer.from(JSON.stringify(all, apiReplacer(PUBLIC_URL)));
  return {
    bytes: bytes.byteLength,
    sha256: crypto.createHash("sha256").update(bytes).digest("hex"),
  };
}

/** VmRSS or VmHWM of a process, in bytes (Linux /proc). */
function procMem(pid: number, field: "VmRSS" | "VmHWM"): number {
  const m = fs.readFileSync(`/proc/${pid}/status`, "utf8").match(new RegExp(`${field}:\\s+(\\d+)`));
  return m ? Number(m[1]) * 1024 : NaN;
}

/**
 * GET /api/admin/users unpaged, against the built server (server.mjs) in a child process of its
 * own, so that only the server's memory is counted: the client here reads the answer as it comes
 * (gzip, as browsers and curl ask for it), unzips it into a hash and drops it. Per run: time to
 * first byte, total time, the server's RSS before the request and its peak while serving it —
 * the kernel's high-water mark (VmHWM, reset before each run through /proc/<pid>/clear_refs), and
 * the highest VmRSS sampled every 5 ms as a check — and whether the bytes are the one-array
 * builder's (`want`).
 */
export async function unpagedInChild(o: {
  databaseUrl: string | null;
  dataDir: string;
  email: string;
  password: string;
  want: { bytes: number; sha256: string };
}) {
  const child = fork(path.join(root, "server.mjs"), [], {
    cwd: root,
    // Plain node, not this process's tsx loader; BENCH_SERVER_NODE_ARGS adds flags (--trace-gc).
    execArgv: (process.env.BENCH_SERVER_NODE_ARGS ?? "").split(" ").filter(Boolean),
    env: {
      ...process.env,
      PORT: "0",
      HOST: "127.0.0.1",
      DATA_DIR: o.dataDir,
      DATABASE_URL: o.databaseUrl ?? "",
      PUBLIC_URL: PUBLIC_URL,
      SMTP_URL: "",
      NODE_ENV: "production",
      RUNWAY_SKIP_BUILD_CHECK: "1",
      LOG_LEVEL: "error",
    },
    stdio: ["ignore", process.env.BENCH_SERVER_NODE_ARGS ? "inherit" : "ignore", "inherit", "ipc"],
  });
  const exited = new Promise((r) => child.once("exit", r));
  try {
    const port = await new Promise<number>((resolve, reject) => {
      child.on("message", (m: { ready?: boolean; port?: number }) => m.ready && resolve(m.port!));
      child.once("exit", (code) => reject(new Error(`the child server exited (${code})`)));
    });
    const base = `http://127.0.0.1:${port}`;
    const pid = child.pid!;
    const login = await fetchRetry(`${base}/api/auth/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email: o.email, password: o.password }),
    });
    const { token } = (await login.json()) as { token: string };
    const headers = { Authorization: `Bearer ${token}`, "Accept-Encoding": "gzip" };
    // Warm: the route's code and a paged answer, as on a server that has been up a while.
    await (await fetchRetry(`${base}/api/admin/users?page=1&size=50`, { headers })).arrayBuffer();
    console.log(
      `\nGET /api/admin/users unpaged, server in its own process (pid ${pid}), load average ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(" ")}; expected ${o.want.bytes.toLocaleString("en-US")} bytes:`,
    );
    for (let run = 0; run < 3; run++) {
      fs.writeFileSync(`/proc/${pid}/clear_refs`, "5");
      const rss0 = procMem(pid, "VmRSS");
      let sampled = rss0;
      const timer = setInterval(() => {
        sampled = Math.max(sampled, procMem(pid, "VmRSS"));
      }, 5);
      const t = performance.now();
      let firstByte = 0;
      const hash = crypto.createHash("sha256");
      let bytes = 0;
      const status = await new Promise<number>((resolve, reject) => {
        const req = http.get(`${base}/api/admin/users`, { headers, agent: false }, (res) => {
          res.once("data", () => (firstByte = performance.now() - t));
          const body =
            res.headers["content-encoding"] === "gzip" ? res.pipe(zlib.createGunzip()) : res;
          body.on("data", (c: Buffer) => {
            bytes += c.byteLength;
            hash.update(c);
          });
          body.on("end", () => resolve(res.statusCode ?? 0));
          body.on("error", reject);
        });
        req.on("error", reject);
      });
      const total = performance.now() - t;
      clearInterval(timer);
      const hwm = procMem(pid, "VmHWM");
      const after = procMem(pid, "VmRSS");
      const same = bytes === o.want.bytes && hash.digest("hex") === o.want.sha256;
      const mb = (n: number) => `${(n / 1048576).toFixed(1)} MB`;
      console.log(
        `  run ${run + 1}: ${status}, first byte ${ms(firstByte)}, complete ${ms(total)}, ${bytes.toLocaleString("en-US")} bytes (${same ? "same bytes as the one-array answer" : "DIFFERENT bytes"}); server RSS ${mb(rss0)} before, peak ${mb(hwm)} (sampled ${mb(sampled)}), growth ${mb(hwm - rss0)}, ${mb(after)} after`,
      );
      if (!same) process.exitCode = 1;
    }
  } finally {
    child.kill("SIGTERM");
    await exited;
  }
}

// On its own: `npx tsx tests/bench/unpaged-users.ts <database URL>`.
if (process.argv[1] && path.resolve(process.argv[1]) === new URL(import.meta.url).pathname) {
  const url = process.argv[2];
  if (!url) throw new Error("usage: npx tsx tests/bench/unpaged-users.ts <PostgreSQL URL>");
  process.env.SESSION_SECRET ??= "bench-secret-bench-secret-bench-secret-00";
  process.env.COLLEGE_EMAIL_DOMAIN ??= "example.edu";
  const { createDb } = await import("../../db/client");
  const handle = await createDb({ databaseUrl: url, max: 2 });
  const want = await expectedUnpaged(handle);
  await handle.close();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "runway-bench-unpaged-"));
  try {
    await unpagedInChild({ databaseUrl: url, dataDir, ...ADMIN, want });
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
