/**
 * Runway's own server start (remix-serve does not exit on SIGTERM while a database
 * connection is open, and a killed PGlite runs crash recovery): builds if needed, opens and migrates the database,
 * serves the Remix build with express, and closes the database cleanly on SIGTERM/SIGINT.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import v8 from "node:v8";
import { fileURLToPath, pathToFileURL } from "node:url";
import { createApp, createServer } from "./server-app.mjs";

// V8 lets the old generation grow to about 4× its live size before a full collection; a streamed
// 45 MB list promotes short-lived objects at ~125 MB a request, so the server's RSS grew 70–180 MB
// per request. 1.2× keeps it within ~35 MB (docs/performance.md). Read by V8 at every collection,
// so setting it here covers every way the server starts (npm start, the image, the benchmarks).
v8.setFlagsFromString("--heap-growing-percent=20");

const root = path.dirname(fileURLToPath(import.meta.url));
const buildFile = path.join(root, "build", "index.js");

function newestMtime(dir) {
  let newest = 0;
  if (!fs.existsSync(dir)) return 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(p) : fs.statSync(p).mtimeMs);
  }
  return newest;
}

// Only an explicit NODE_ENV=production trusts build/ as it is; unset, `npm start` still rebuilds when
// the sources are newer (a fresh `npm install && npm start`), and then runs as production.
const explicitProduction = process.env.NODE_ENV === "production";

function needsBuild() {
  if (!fs.existsSync(buildFile) || !fs.existsSync(path.join(root, "public", "widget.js")))
    return true;
  if (process.env.RUNWAY_SKIP_BUILD_CHECK) return false; // npm run dev and the test harness
  const marker = path.join(root, "build", ".production-build");
  if (!fs.existsSync(marker) || fs.statSync(marker).mtimeMs < fs.statSync(buildFile).mtimeMs)
    return true;
  if (explicitProduction) return false;
  const built = fs.statSync(buildFile).mtimeMs;
  return ["app", "db", "widget/src"].some((d) => newestMtime(path.join(root, d)) > built);
}

if (needsBuild()) {
  console.log("Building Runway…");
  const r = spawnSync(process.execPath, [path.join(root, "scripts", "build.mjs")], {
    cwd: root,
    stdio: "inherit",
  });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

// Before the build loads: React and Remix pick their production code paths from it.
if (!process.env.NODE_ENV) process.env.NODE_ENV = "production";
const build = await import(pathToFileURL(buildFile).href);
const runtime = build.entry.module;

let env;
try {
  env = runtime.loadEnv();
} catch (e) {
  console.error(e.message);
  process.exit(1);
}

try {
  await runtime.init({ log: (line) => runtime.log.info("runtime", line) });
} catch (e) {
  console.error(
    e?.name === "DataDirLockedError" || e?.name === "SecretMismatchError"
      ? e.message
      : // A migration or driver error: its name and message, never the SQL or its values.
        `Could not open the database: ${runtime.errorText(e)}`,
  );
  process.exit(1);
}

const app = createApp(build, env);

const server = createServer(app, env).listen(env.PORT, env.HOST, () => {
  const addr = server.address();
  const port = typeof addr === "object" && addr ? addr.port : env.PORT;
  runtime.log.info(
    "server",
    `Runway listening on http://localhost:${port} (${runtime.describeDatabase()})`,
  );
  if (process.send) process.send({ ready: true, port });
});

// Drain (app/lib/ops.server.ts), all of it within SHUTDOWN_TIMEOUT: stop accepting, stop the
// timers and the mail sender from starting anything new, let in-flight answers and the send in
// flight finish, then close the database. A second signal cuts the wait.
const shutdown = app.locals.ops.shutdownHandler(server, {
  timeoutMs: env.SHUTDOWN_TIMEOUT * 1000,
  begin: (deadline) => void runtime.quiesce(deadline),
  stop: () => runtime.shutdown(),
  exit: (code) => process.exit(code),
});
process.on("SIGTERM", () => shutdown("SIGTERM"));
process.on("SIGINT", () => shutdown("SIGINT"));
