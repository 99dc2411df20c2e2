// Builds the embeddable widget (widget/src → public/widget.js): React API on Preact, one IIFE
// whose only global is RunwayJobs. Prints the gzipped size and fails above the 10 KB budget.
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

export const BUDGET_GZIP_BYTES = 10 * 1024;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const outfile = path.join(root, "public", "widget.js");

/** Bundles the widget and returns the code (not written) and the bundled input files. */
export async function bundle() {
  const result = await build({
    entryPoints: [path.join(root, "widget", "src", "index.tsx")],
    bundle: true,
    write: false,
    format: "iife",
    platform: "browser",
    // Every browser with Shadow DOM v1 runs ES2022 syntax; older targets only add helpers.
    target: "es2022",
    charset: "utf8",
    minify: true,
    legalComments: "none",
    jsx: "automatic",
    jsxImportSource: "react",
    // The React API, implemented by Preact (see src/react-on-preact.ts for why not all of compat).
    alias: {
      react: path.join(root, "widget", "src", "react-on-preact.ts"),
      "react-dom": path.join(root, "widget", "src", "react-on-preact.ts"),
      "react/jsx-runtime": "preact/jsx-runtime",
    },
    define: { "process.env.NODE_ENV": '"production"' },
    absWorkingDir: root,
    tsconfig: path.join(root, "tsconfig.json"),
    logLevel: "silent",
    metafile: true,
  });
  return { code: result.outputFiles[0].contents, inputs: Object.keys(result.metafile.inputs) };
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  try {
    const { code } = await bundle();
    const gz = zlib.gzipSync(code, { level: 9 }).length;
    const kb = (n) => `${(n / 1024).toFixed(2)} KB`;
    const line = `widget.js: ${kb(code.length)} minified, ${kb(gz)} gzipped (budget ${kb(BUDGET_GZIP_BYTES)})`;
    if (gz > BUDGET_GZIP_BYTES) {
      console.error(`✖ ${line} — over budget`);
      process.exit(1);
    }
    fs.mkdirSync(path.dirname(outfile), { recursive: true });
    fs.writeFileSync(outfile, code);
    console.log(`✓ ${line}`);
  } catch (e) {
    console.error("✖ widget build failed:", e?.errors ?? e);
    process.exit(1);
  }
}
