/**
 * One date-time format: every date or time a person reads is written by app/lib/datetime.ts, on
 * the college's clock. This scans the app, the CLI and the widget (not the tests) and fails when a
 * file formats a date on its own — `toLocaleDateString`, `toLocaleTimeString`, `Intl.DateTimeFormat`,
 * a `toLocaleString` that is not a number's (no arguments, or date options), or a screen cutting an
 * ISO timestamp into words (`toISOString().slice(…)` in a .tsx file).
 *
 * Numbers keep `n.toLocaleString("en-US")` (thousands separators): a locale and at most number
 * options. Machine values (ISO in `<time dateTime>`, file names, API fields) are not people's text.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = process.cwd();
const SCANNED = ["app", "cli", "widget/src"];
const FORMATTER = "app/lib/datetime.ts";

const DATE_OPTION =
  /\b(timeZone|timeZoneName|hour|minute|second|weekday|month|year|day|dateStyle|timeStyle|hourCycle)\b/;

/** The offending snippets of one source text (file decides the .tsx-only rule). */
export function dateFormattingIn(source: string, file: string): string[] {
  const found: string[] = [];
  for (const m of source.matchAll(/\b(toLocaleDateString|toLocaleTimeString)\s*\(/g))
    found.push(m[0]);
  for (const m of source.matchAll(/\bIntl\s*\.\s*DateTimeFormat\s*\(/g)) found.push(m[0]);
  for (const m of source.matchAll(/\.toLocaleString\s*\(([^)]*)\)/g)) {
    const args = m[1].trim();
    if (args === "" || DATE_OPTION.test(args)) found.push(m[0]);
  }
  if (file.endsWith(".tsx"))
    for (const m of source.matchAll(/toISOString\(\)\s*\.\s*(slice|substring|replace)\s*\(/g))
      found.push(m[0]);
  return found;
}

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const e of fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
    const rel = path.posix.join(dir, e.name);
    if (e.isDirectory()) out.push(...sourceFiles(rel));
    else if (/\.(ts|tsx|mjs|js)$/.test(e.name) && !/\.test\.(ts|tsx)$/.test(e.name)) out.push(rel);
  }
  return out;
}

describe("one date-time format", () => {
  it("no file but app/lib/datetime.ts formats a date or time for people", () => {
    const offenders: string[] = [];
    for (const dir of SCANNED)
      for (const file of sourceFiles(dir)) {
        if (file === FORMATTER) continue;
        for (const hit of dateFormattingIn(fs.readFileSync(path.join(ROOT, file), "utf8"), file))
          offenders.push(`${file}: ${hit}`);
      }
    expect(offenders).toEqual([]);
  });

  it("catches each way of formatting a date outside the formatter", () => {
    const hits = (src: string, file = "app/x.ts") => dateFormattingIn(src, file).length;
    expect(hits(`new Date().toLocaleDateString("en-GB")`)).toBe(1);
    expect(hits(`d.toLocaleTimeString()`)).toBe(1);
    expect(hits(`new Intl.DateTimeFormat("en", { timeZone })`)).toBe(1);
    expect(hits(`new Date(iso).toLocaleString()`)).toBe(1);
    expect(hits(`d.toLocaleString("en-GB", { day: "numeric", timeZone: "UTC" })`)).toBe(1);
    expect(hits(`{iso.toISOString().slice(0, 16)}`, "app/routes/x.tsx")).toBe(1);
    // A number's thousands separators, and a machine date in a model, are not date formatting.
    expect(hits(`n.toLocaleString("en-US")`)).toBe(0);
    expect(hits(`n.toLocaleString("en-US", { maximumFractionDigits: 0 })`)).toBe(0);
    expect(hits(`name: \`x-\${now.toISOString().slice(0, 10)}.csv\``)).toBe(0);
  });

  it("the formatter itself is where the formatting is", () => {
    const src = fs.readFileSync(path.join(ROOT, FORMATTER), "utf8");
    expect(dateFormattingIn(src, FORMATTER).length).toBeGreaterThan(0);
  });
});
