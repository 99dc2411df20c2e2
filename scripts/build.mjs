// npm run build: the Remix app (server build + browser assets), then the embeddable widget.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { fileURLToPath } from "node:url";
import { checkBudgets } from "./route-js.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

function run(cmd, args) {
  const r = spawnSync(cmd, args, {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, NODE_ENV: "production" },
  });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

// Through Node with a preload that lets esbuild drop the browser's empty `.server` modules
// (scripts/remix-empty-modules.cjs).
run(process.execPath, [
  "-r",
  path.join(root, "scripts", "remix-empty-modules.cjs"),
  path.join(root, "node_modules", "@remix-run", "dev", "dist", "cli.js"),
  "build",
]);
// The JavaScript budget of the public and student pages: fails the build when a route
// grows past it or an admin-only library (recharts, TanStack Table) reaches it.
const budget = checkBudgets();
for (const line of budget.lines) (budget.ok ? console.log : console.error)(line);
if (!budget.ok) {
  console.error("✖ route JavaScript over budget (scripts/route-js.mjs ROUTE_BUDGETS)");
  process.exit(1);
}
if (fs.existsSync(path.join(root, "widget", "build.mjs"))) {
  run(process.execPath, [path.join(root, "widget", "build.mjs")]);
}
// The service worker, whose precache list names the build files just written (scripts/build-sw.mjs).
run(process.execPath, [path.join(root, "scripts", "build-sw.mjs")]);
// Precompressed copies of the browser assets (brotli and gzip at their highest levels), served by
// express-static-gzip in server-app.mjs to browsers that accept them: no compression per request,
// and brotli sends ~15 % fewer bytes of JavaScript than gzip.
precompress(path.join(root, "public", "build"));

// Marks build/index.js as a production build; `remix watch` (npm run dev) writes a development build
// that would fail under NODE_ENV=production, so `npm start` rebuilds when this marker is older.
fs.writeFileSync(path.join(root, "build", ".production-build"), new Date().toISOString());

/** Writes FILE.br and FILE.gz beside every compressible asset under `dir` where they are smaller. */
function precompress(dir) {
  let files = 0;
  let raw = 0;
  let br = 0;
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !/\.(js|css|svg|json|map|txt)$/.test(entry.name)) continue;
    const file = path.join(entry.parentPath ?? entry.path, entry.name);
    const data = fs.readFileSync(file);
    if (data.length < 256) continue;
    const brotli = zlib.brotliCompressSync(data, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
      },
    });
    const gzip = zlib.gzipSync(data, { level: 9 });
    if (brotli.length < data.length) fs.writeFileSync(`${file}.br`, brotli);
    if (gzip.length < data.length) fs.writeFileSync(`${file}.gz`, gzip);
    files++;
    raw += data.length;
    br += Math.min(brotli.length, data.length);
  }
  const kb = (n) => `${(n / 1024).toFixed(0)} KB`;
  console.log(`✓ precompressed ${files} assets: ${kb(raw)} → ${kb(br)} with brotli`);
}
