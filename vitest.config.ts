import path from "node:path";
import { defineConfig } from "vitest/config";

const root = path.dirname(new URL(import.meta.url).pathname);

export default defineConfig({
  resolve: {
    alias: {
      "~": path.join(root, "app"),
      "#db": path.join(root, "db"),
    },
  },
  test: {
    include: [
      "app/**/*.test.{ts,tsx}",
      "db/**/*.test.ts",
      "cli/**/*.test.ts",
      "widget/**/*.test.{ts,tsx}",
      "tests/integration/**/*.test.ts",
      "tests/lint/**/*.test.ts",
    ],
    globalSetup: ["tests/setup/global.ts"],
    setupFiles: ["tests/setup/env.ts"],
    pool: "forks",
    // Long HTTP scenarios (a placement from creation to sign-off, a hundred failed sign-ins) take
    // 15–35 s on a two-core machine busy with other work; the limit catches hangs, not slowness.
    testTimeout: 90_000,
    hookTimeout: 120_000,
    // At most two test files at once, locally and in CI: each file gets its own database, and more
    // parallel files only make them wait on each other.
    maxWorkers: 2,
    minWorkers: 1,
  },
});
