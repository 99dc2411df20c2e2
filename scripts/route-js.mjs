// What JavaScript each browser route loads, read from the Remix build's metafile
// (build/metafile.js.json): the client entry, the root route and the route module, with every chunk
// they import statically, each file counted once and gzipped. Used by scripts/build.mjs for the
// budget of the public and student pages, and runnable on its own to look at a route:
//
//   node scripts/route-js.mjs [routes/jobs+/_index ...]
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/**
 * The JS budgets of the public and student pages, in gzipped bytes. Set from the figures of the
 * build that introduced them plus a little headroom.
 */
export const ROUTE_BUDGETS = {
  // The goal of every public page is 95 KB. Of it, ~81 KB is the framework every page loads (React
  // DOM 44.4, Remix and its router 36.0, 2026-11-27) and ~7.5 KB the frame (root: navigation,
  // footer, legal texts, notices, error page, in one chunk since ADR 148; the admin theme loads for
  // admins only). turbo-stream and Remix's own single-fetch module
  // are left out of the browser build while single fetch is off (scripts/remix-empty-modules.cjs,
  // -2.6 KB on every page). Budgets are 95 KB, or the measured figure plus under 1 KB where that is
  // lower or a page is still over the goal; lower them as pages shrink.
  "routes/_index": 93 * 1024, // 92.1 (93.6 before ADR 148, 96.3 before ADR 141)
  // The board and the job page: deadlines in words come written by the server, and the job page's
  // report form loads apart (ADR 143). The board's filters, alert form and cards are all in its
  // server HTML, so they stay; their small modules are copies in the route's chunk (ADR 148).
  "routes/jobs+/_index": 94.5 * 1024, // 93.6 (95.6 before route copies, 97.1 before ADR 148)
  "routes/jobs+/$id": 94 * 1024, // 93.4 (94.1, 95.6 before ADR 148, 100.0 before ADR 141)
  "routes/_auth+/verify-otp": 91.5 * 1024, // 91.0 (92.5, 94.2)
  "routes/dashboard": 95 * 1024, // 94.4 (94.5, 95.9, 302.3 before recharts left it)
  // The answer form's questions on the shared labelled field and group (PlainField, FieldGroup).
  "routes/surveys+/$id": 94 * 1024, // 93.5 (96.0 before route copies, 97.3, 100.0)
  // The profile loads its edit form (and conform) only to edit (app/components/ui/deferred.tsx).
  "routes/profile": 93.5 * 1024, // 92.6 (92.8, 94.2, 109.9 with the form, 205.5 with zod)
  // Form screens: the page keeps a 1.5 KB form state (app/components/forms/form-state.ts) instead
  // of conform's ~10 KB client, and loads its zod validators on first touch (ADR 099, ADR 141).
  "routes/_auth+/login": 93 * 1024, // 92.3 (93.4, 94.9, 105.3)
  "routes/_auth+/register": 94.5 * 1024, // 93.9 (95.9 before route copies, 97.4, 108.8)
  "routes/_auth+/forgot-password": 92.5 * 1024, // 91.8 (92.6, 94.1, 104.5)
  "routes/_auth+/reset-password": 93 * 1024, // 92.1 (93.5, 94.9, 105.4)
  // Employer sign-up, a public form screen on the same pattern.
  "routes/_auth+/employers": 93 * 1024, // 92.2 (93.9, 95.4, 105.7)
};

/** Libraries only admin screens may load (they must never reach a budgeted route). */
export const ADMIN_ONLY_PACKAGES = ["recharts", "@tanstack/react-table", "d3-", "victory-vendor"];

const gzCache = new Map();
function gzipSize(file) {
  if (!gzCache.has(file))
    gzCache.set(file, zlib.gzipSync(fs.readFileSync(path.join(root, file)), { level: 9 }).length);
  return gzCache.get(file);
}

/** The package (or "app" for our own code) an esbuild input path belongs to. */
export function packageOf(input) {
  const m = input.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
  if (m) return m[1];
  return input.replace(/\?.*$/, "").replace(/^(browser-route-module:)?/, "app: ");
}

/** Per route id: its files, total gzipped bytes, and raw bytes per package (from the metafile). */
export function routeJs(metafilePath = path.join(root, "build", "metafile.js.json")) {
  const meta = JSON.parse(fs.readFileSync(metafilePath, "utf8"));
  const outputs = meta.outputs;
  const byEntry = new Map();
  for (const [file, o] of Object.entries(outputs)) {
    if (!file.endsWith(".js") || !o.entryPoint) continue;
    const m = o.entryPoint.match(/^browser-route-module:(.+?)\.[jt]sx?\?browser$/);
    if (m) byEntry.set(m[1], file);
    else if (/entry\.client\.[jt]sx?$/.test(o.entryPoint)) byEntry.set("entry.client", file);
  }
  const closure = (start, seen) => {
    const stack = [start];
    while (stack.length) {
      const f = stack.pop();
      if (!f || seen.has(f)) continue;
      seen.add(f);
      for (const i of outputs[f]?.imports ?? [])
        if (i.kind === "import-statement") stack.push(i.path);
    }
    return seen;
  };
  const base = new Set();
  closure(byEntry.get("entry.client"), base);
  closure(byEntry.get("root"), base);
  const result = {};
  for (const [id, file] of byEntry) {
    if (!id.startsWith("routes/")) continue;
    const files = closure(file, new Set(base));
    const packages = {};
    for (const f of files)
      for (const [input, { bytesInOutput }] of Object.entries(outputs[f].inputs)) {
        const p = packageOf(input);
        packages[p] = (packages[p] ?? 0) + bytesInOutput;
      }
    result[id] = {
      files: [...files],
      gzip: [...files].reduce((s, f) => s + gzipSize(f), 0),
      packages,
    };
  }
  return result;
}

/** Checks the budgets; returns printable lines and whether every budgeted route fits. */
export function checkBudgets(routes = routeJs(), budgets = ROUTE_BUDGETS) {
  const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
  const lines = [];
  let ok = true;
  for (const [id, budget] of Object.entries(budgets)) {
    const r = routes[id];
    if (!r) {
      lines.push(`✖ ${id}: not in the build (remove its budget or fix the route id)`);
      ok = false;
      continue;
    }
    const admin = Object.keys(r.packages).filter((p) =>
      ADMIN_ONLY_PACKAGES.some((a) => p.startsWith(a)),
    );
    const over = r.gzip > budget;
    if (over || admin.length) ok = false;
    lines.push(
      `${over || admin.length ? "✖" : "✓"} ${id}: ${kb(r.gzip)} gzipped JS (budget ${kb(budget)})`,
    );
    if (admin.length) lines.push(`    admin-only libraries on this route: ${admin.join(", ")}`);
    if (over) {
      lines.push("    what it loads (raw bytes before gzip, largest first):");
      for (const [p, bytes] of Object.entries(r.packages)
        .sort((a, b) => b[1] - a[1])
        .slice(0, 12))
        lines.push(`      ${kb(bytes).padStart(9)}  ${p}`);
    }
  }
  return { ok, lines };
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  const routes = routeJs();
  const ids = process.argv.slice(2);
  for (const id of ids.length ? ids : Object.keys(ROUTE_BUDGETS)) {
    const r = routes[id];
    if (!r) {
      console.log(`${id}: not a browser route of this build`);
      continue;
    }
    console.log(`${id}: ${(r.gzip / 1024).toFixed(1)} KB gzipped in ${r.files.length} files`);
    for (const [p, bytes] of Object.entries(r.packages)
      .sort((a, b) => b[1] - a[1])
      .slice(0, 15))
      console.log(`  ${(bytes / 1024).toFixed(1).padStart(7)} KB  ${p}`);
  }
}
