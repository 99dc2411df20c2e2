// Builds the service worker (app/sw/worker.ts → public/sw.js, served as /sw.js by server-app.mjs)
// after the Remix build: its precache list is the survey screen's and the job board's build files,
// read from the Remix asset manifest. Prints the gzipped size and fails above the 10 KB budget.
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

export const SW_BUDGET_GZIP_BYTES = 10 * 1024;
/** The routes whose code and styles are precached (with the entry and the root). */
export const PRECACHED_ROUTES = ["root", "routes/surveys+/$id", "routes/jobs+/_index"];
/** Their style sheets, by file name (app/styles/NAME.css). */
export const PRECACHED_STYLES = ["app", "surveys", "jobs"];

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const outfile = path.join(root, "public", "sw.js");

/** The build files of PRECACHED_ROUTES (modules, their imports, their CSS) and the manifest itself. */
export function precacheList(buildDir = path.join(root, "public", "build")) {
  const file = fs.readdirSync(buildDir).find((f) => /^manifest-[\w-]+\.js$/.test(f));
  if (!file) throw new Error(`no Remix manifest in ${buildDir}: run the Remix build first`);
  const text = fs.readFileSync(path.join(buildDir, file), "utf8");
  const manifest = JSON.parse(text.slice(text.indexOf("{"), text.lastIndexOf("}") + 1));
  const urls = new Set([manifest.url, manifest.entry.module, ...manifest.entry.imports]);
  for (const id of PRECACHED_ROUTES) {
    const r = manifest.routes[id];
    if (!r) throw new Error(`route ${id} is not in the Remix manifest`);
    for (const u of [r.module, ...(r.imports ?? []), ...(r.css ?? [])]) urls.add(u);
  }
  // Chunks the survey screen imports after it is shown (its device side): from the build's metafile.
  const metafile = path.join(root, "build", "metafile.js.json");
  if (fs.existsSync(metafile)) {
    const outputs = JSON.parse(fs.readFileSync(metafile, "utf8")).outputs;
    for (const [out, o] of Object.entries(outputs)) {
      if (!Object.keys(o.inputs).some((i) => i.includes("app/lib/offline/"))) continue;
      urls.add(`/build/${path.relative(buildDir, path.join(root, out)).split(path.sep).join("/")}`);
      for (const imp of o.imports ?? [])
        if (imp.kind === "import-statement")
          urls.add(
            `/build/${path.relative(buildDir, path.join(root, imp.path)).split(path.sep).join("/")}`,
          );
    }
  }
  // Their style sheets (Remix links them from `links`, so the manifest does not name them).
  const assets = path.join(buildDir, "_assets");
  for (const f of fs.existsSync(assets) ? fs.readdirSync(assets) : [])
    if (PRECACHED_STYLES.some((name) => new RegExp(`^${name}-[\\w-]+\\.css$`).test(f)))
      urls.add(`/build/_assets/${f}`);
  return [...urls].filter(Boolean).sort();
}

export async function buildServiceWorker() {
  const list = precacheList();
  const result = await build({
    entryPoints: [path.join(root, "app", "sw", "worker.ts")],
    bundle: true,
    write: false,
    format: "iife",
    platform: "browser",
    target: "es2022",
    minify: true,
    legalComments: "none",
    define: { __PRECACHE__: JSON.stringify(list) },
    absWorkingDir: root,
    tsconfig: path.join(root, "tsconfig.json"),
    logLevel: "silent",
  });
  const code = result.outputFiles[0].contents;
  fs.writeFileSync(outfile, code);
  const gz = zlib.gzipSync(code, { level: 9 }).length;
  // The page side: registration, who is signed in, the offline notice (not in any route bundle).
  const reg = await build({
    entryPoints: [path.join(root, "app", "sw", "register.ts")],
    bundle: true,
    write: false,
    format: "iife",
    platform: "browser",
    target: "es2022",
    minify: true,
    legalComments: "none",
    absWorkingDir: root,
    tsconfig: path.join(root, "tsconfig.json"),
    logLevel: "silent",
  });
  const regCode = reg.outputFiles[0].contents;
  fs.writeFileSync(path.join(root, "public", "sw-register.js"), regCode);
  return {
    bytes: code.length,
    gzip: gz,
    precache: list.length,
    registerGzip: zlib.gzipSync(regCode, { level: 9 }).length,
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const r = await buildServiceWorker();
  const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
  const line = `✓ sw.js ${kb(r.bytes)} (${kb(r.gzip)} gzipped, budget ${kb(SW_BUDGET_GZIP_BYTES)}), precaches ${r.precache} files; sw-register.js ${kb(r.registerGzip)} gzipped`;
  if (r.gzip > SW_BUDGET_GZIP_BYTES) {
    console.error(line.replace("✓", "✖"));
    process.exit(1);
  }
  console.log(line);
}
