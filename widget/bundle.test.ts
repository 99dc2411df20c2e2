/** The built widget.js: size budget, one global, no cookies or storage, no server or Remix code. */
import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { BUDGET_GZIP_BYTES, bundle } from "./build.mjs";

describe("widget.js bundle", async () => {
  const { code, inputs } = (await bundle()) as { code: Uint8Array; inputs: string[] };
  const text = Buffer.from(code).toString("utf8");

  it(`stays within ${BUDGET_GZIP_BYTES / 1024} KB gzipped`, () => {
    const gz = zlib.gzipSync(code, { level: 9 }).length;
    console.log(`widget.js: ${(gz / 1024).toFixed(2)} KB gzipped`);
    expect(gz).toBeLessThanOrEqual(BUDGET_GZIP_BYTES);
  });

  it("is one IIFE whose only global is RunwayJobs", () => {
    expect(text).toMatch(/^(?:"use strict";)?\(\(\)=>\{/);
    expect(text.trimEnd().endsWith("})();")).toBe(true);
    expect(text.match(/window\.[A-Za-z_$][\w$]*\s*=/g)).toEqual(["window.RunwayJobs="]);
    expect(text).not.toMatch(/globalThis\.[A-Za-z_$][\w$]*\s*=/);
  });

  it("never touches cookies or storage and fetches without credentials", () => {
    for (const forbidden of [
      "document.cookie",
      "localStorage",
      "sessionStorage",
      'credentials:"include"',
      "withCredentials",
    ])
      expect(text).not.toContain(forbidden);
    expect(text).toContain('credentials:"omit"');
  });

  it("bundles Preact, not React, and no server or Remix code", () => {
    expect(inputs.some((f) => f.includes("preact"))).toBe(true);
    expect(inputs.filter((f) => /react-dom|\/react\/|@remix-run|\.server\./.test(f))).toEqual([]);
  });
});
