// npm test: the whole suite — typecheck, lint, build (with the widget budget), vitest (unit and
// integration on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set), then the Playwright e2e
// in Chromium when it is present. Says clearly what was skipped and why; ends with one summary line.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const bin = (n) => path.join(root, "node_modules", ".bin", n);
const args = process.argv.slice(2);
const only = (name) => args.length === 0 || args.includes(name);
const results = [];
const skipped = [];
let failed = false;

function step(name, cmd, cmdArgs, env = {}) {
  console.log(`\n━━ ${name} ━━`);
  const t = Date.now();
  const r = spawnSync(cmd, cmdArgs, {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, ...env },
  });
  const ok = r.status === 0;
  results.push(`${ok ? "ok  " : "FAIL"} ${name} (${((Date.now() - t) / 1000).toFixed(1)} s)`);
  if (!ok) failed = true;
  return ok;
}

fs.rmSync(path.join(root, "test-results"), { recursive: true, force: true });
fs.mkdirSync(path.join(root, "test-results"), { recursive: true });

if (only("typecheck")) step("typecheck", bin("tsc"), ["--noEmit"]);
if (only("lint")) step("lint", bin("eslint"), [".", "--max-warnings=0"]);
if (only("format"))
  step("format (prettier --check)", bin("prettier"), ["--check", ".", "--log-level=warn"]);
const built =
  only("build") || only("unit") || only("e2e")
    ? step("build (app, CLI check, widget with size budget)", process.execPath, [
        "scripts/build.mjs",
      ])
    : true;

if (!process.env.TEST_DATABASE_URL)
  skipped.push(
    "PostgreSQL integration runs: TEST_DATABASE_URL is not set (tests ran on PGlite only)",
  );
// The load-shedding test measures first-byte times under 100 connections, so it runs after the
// rest, with the machine to itself: beside other test files its server gets too little CPU for any
// bound to mean something (docs/operations.md, "Load shedding").
const LOAD_TEST = "tests/integration/load-shedding.test.ts";
if (only("unit") && built) {
  step("vitest: unit + integration", bin("vitest"), [
    "run",
    `--exclude=${LOAD_TEST}`,
    "--reporter=default",
    "--reporter=json",
    "--outputFile=test-results/vitest.json",
  ]);
  step(
    "vitest: load shedding (alone)",
    bin("vitest"),
    [
      "run",
      LOAD_TEST,
      "--reporter=default",
      "--reporter=json",
      "--outputFile=test-results/vitest-load.json",
    ],
    { RUNWAY_LOAD_TESTS: "1" },
  );
}

const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
if (only("e2e")) {
  if (!fs.existsSync(chromium))
    skipped.push(`Playwright e2e: Chromium not found at ${chromium} (apt-get install chromium)`);
  else if (built) step("playwright e2e", bin("playwright"), ["test"]);
}

let passed = 0;
let failedTests = 0;
let skippedTests = 0;
const skippedNames = [];
const failedNames = [];
// The first line of a failure's message, so a CI log's tail says which test failed and why.
const firstLine = (messages) =>
  String((messages ?? [])[0] ?? "")
    .replace(/\u001b\[[0-9;]*m/g, "")
    .split("\n")
    .find((l) => l.trim())
    ?.trim()
    .slice(0, 300) ?? "";
for (const out of ["vitest.json", "vitest-load.json"]) {
  try {
    const v = JSON.parse(fs.readFileSync(path.join(root, "test-results", out), "utf8"));
    passed += v.numPassedTests;
    failedTests += v.numFailedTests;
    skippedTests += v.numPendingTests + (v.numTodoTests ?? 0);
    for (const file of v.testResults ?? [])
      for (const t of file.assertionResults ?? [])
        if (["skipped", "pending", "todo"].includes(t.status))
          skippedNames.push(`vitest ${path.relative(root, file.name)} › ${t.fullName}`);
        else if (t.status === "failed")
          failedNames.push(
            `vitest ${path.relative(root, file.name)} › ${t.fullName}: ${firstLine(t.failureMessages)}`,
          );
    for (const file of v.testResults ?? [])
      if (file.status === "failed" && (file.assertionResults ?? []).length === 0)
        failedNames.push(`vitest ${path.relative(root, file.name)}: ${firstLine([file.message])}`);
  } catch {
    /* that vitest run did not happen */
  }
}
try {
  const p = JSON.parse(fs.readFileSync(path.join(root, "test-results/e2e.json"), "utf8"));
  passed += p.stats.expected + (p.stats.flaky ?? 0);
  failedTests += p.stats.unexpected;
  skippedTests += p.stats.skipped;
  const walk = (suite, trail) => {
    for (const spec of suite.specs ?? [])
      for (const t of spec.tests ?? [])
        if (t.status === "skipped") {
          const why = (t.annotations ?? [])
            .map((a) => a.description)
            .filter(Boolean)
            .join("; ");
          skippedNames.push(`e2e ${[...trail, spec.title].join(" › ")}${why ? ` (${why})` : ""}`);
        } else if (t.status === "unexpected" || t.status === "flaky") {
          const errors = (t.results ?? []).flatMap((r) => (r.error ? [r.error.message] : []));
          failedNames.push(
            `e2e${t.status === "flaky" ? " (flaky, passed on retry)" : ""} ${[...trail, spec.title].join(" › ")}: ${firstLine(errors)}`,
          );
        }
    for (const child of suite.suites ?? []) walk(child, [...trail, child.title]);
  };
  for (const suite of p.suites ?? []) walk(suite, [suite.title]);
} catch {
  /* e2e did not run */
}

console.log("\n━━ summary ━━");
for (const r of results) console.log(r);
for (const s of skipped) console.log(`SKIPPED ${s}`);
for (const n of skippedNames) console.log(`SKIPPED TEST ${n}`);
for (const n of failedNames) console.log(`FAILED TEST ${n}`);
if (failed && failedTests === 0) failedTests = 1; // a failed step (typecheck, lint, build) counts
console.log(`\nsummary: ${passed} passed, ${failedTests} failed, ${skippedTests} skipped`);
process.exit(failed ? 1 : 0);
