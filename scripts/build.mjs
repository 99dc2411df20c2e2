// npm run build: the Remix app (server build + browser assets), then the embeddable widget.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const bin = (name) => path.join(root, "node_modules", ".bin", name);

function run(cmd, args) {
  const r = spawnSync(cmd, args, {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, NODE_ENV: "production" },
  });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

run(bin("remix"), ["build"]);
if (fs.existsSync(path.join(root, "widget", "build.mjs"))) {
  run(process.execPath, [path.join(root, "widget", "build.mjs")]);
}
// Marks build/index.js as a production build; `remix watch` (npm run dev) writes a development build
// that would fail under NODE_ENV=production, so `npm start` rebuilds when this marker is older.
fs.writeFileSync(path.join(root, "build", ".production-build"), new Date().toISOString());
