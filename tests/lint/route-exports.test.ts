/**
 * A screen's loader and action must be function declarations (or arrow functions), never the
 * result of a call at module level: Remix's browser build removes the `loader`/`action` export but
 * keeps a top-level call, and there `screen` (a server module) is empty — the page's JavaScript
 * throws on load and the screen loses every client behaviour.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const TOP_LEVEL_CALL =
  /^export const (loader|action)\b[^=]*=\s*(?:\/\*[^*]*\*\/\s*)?(?!async\b)[\w.]+\s*[(<]/m;

function routeFiles(dir = "app/routes"): string[] {
  return fs.readdirSync(path.resolve(dir), { withFileTypes: true }).flatMap((e) => {
    const p = `${dir}/${e.name}`;
    if (e.isDirectory()) return routeFiles(p);
    // Screens (.tsx) only: resource routes (.ts) have no browser module.
    return /\.tsx$/.test(e.name) && !e.name.includes(".test.") ? [p] : [];
  });
}

describe("route loaders and actions are functions, not top-level calls", () => {
  it("no route exports a loader or action built by a call", () => {
    const offenders = routeFiles().filter((f) =>
      TOP_LEVEL_CALL.test(fs.readFileSync(path.resolve(f), "utf8")),
    );
    expect(offenders).toEqual([]);
  });

  it.each([
    ['export const loader = screen("admin", async () => null);', true],
    ['export const action = /* @__PURE__ */ screen("user", fn);', true],
    ["export const loader = wrap<Data>(fn);", true],
    ["export function loader(args: LoaderFunctionArgs) {\n  return screen(g, fn)(args);\n}", false],
    ["export const loader = async ({ request }: LoaderFunctionArgs) => null;", false],
  ])("%s → refused: %s", (code, refused) => {
    expect(TOP_LEVEL_CALL.test(code)).toBe(refused);
  });
});
