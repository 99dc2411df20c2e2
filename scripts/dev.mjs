// npm run dev: rebuild on change (remix watch + the widget once) and restart the server when the
// build changes. The server closes PGlite cleanly on each restart (SIGTERM), so the lock is freed.
import { spawn, spawnSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const bin = (n) => path.join(root, "node_modules", ".bin", n);

spawnSync(process.execPath, ["scripts/build.mjs"], { cwd: root, stdio: "inherit" });
const children = [
  spawn(bin("remix"), ["watch"], { cwd: root, stdio: "inherit" }),
  spawn(process.execPath, ["--watch-path=build", "--watch-path=server-app.mjs", "server.mjs"], {
    cwd: root,
    stdio: "inherit",
    // The one place development mode (error details) is switched on.
    env: { ...process.env, NODE_ENV: "development", RUNWAY_SKIP_BUILD_CHECK: "1" },
  }),
];
const stop = () => {
  for (const c of children) c.kill("SIGTERM");
  setTimeout(() => process.exit(0), 3000).unref();
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
