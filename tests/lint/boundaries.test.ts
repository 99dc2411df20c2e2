/**
 * The import directions of docs/architecture.md are enforced by eslint (eslint.config.js `layers`).
 * This lints small snippets as if they stood in each folder, so every forbidden arrow is proven to
 * fail `npm test` and the allowed ones are proven to pass.
 */
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

const eslint = new ESLint({ cwd: process.cwd() });

async function restricted(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\nexport const used = x;\n`, { filePath });
  return result.messages.filter((m) => m.ruleId === "no-restricted-imports").map((m) => m.message);
}

const forbidden: Array<[string, string, RegExp]> = [
  ["db/seed/x.ts", 'import { x } from "~/models/job/job.server";', /db\/ is the bottom layer/],
  ["db/x.ts", 'import { x } from "../app/lib/env.server";', /db\/ is the bottom layer/],
  ["db/x.ts", 'import { x } from "../tests/factories";', /db\/ is the bottom layer/],
  [
    "app/lib/x.server.ts",
    'import { x } from "~/models/job/job.server";',
    /app\/lib is infrastructure/,
  ],
  ["app/lib/x.server.ts", 'import { x } from "~/web/auth.server";', /app\/lib is infrastructure/],
  ["app/lib/x.ts", 'import { x } from "../models/context";', /app\/lib is infrastructure/],
  ["app/lib/x.ts", 'import { x } from "~/components/ui/field";', /app\/lib is infrastructure/],
  ["app/models/job/x.server.ts", 'import { x } from "~/web/api.server";', /never import the doors/],
  [
    "app/models/job/x.server.ts",
    'import { x } from "~/routes/jobs._index";',
    /never import the doors/,
  ],
  [
    "app/models/job/x.ts",
    'import { x } from "~/components/jobs/job-card";',
    /never import the doors/,
  ],
  ["app/models/job/x.ts", 'import { x } from "../../../cli/support";', /never import the doors/],
  ["app/models/x.ts", 'import { x } from "../../tests/factories";', /never imports the tests/],
  ["app/models/auth/x.server.ts", 'import { env } from "~/lib/env.server";', /never read env\(\)/],
  ["app/components/x.tsx", 'import { x } from "~/models/job/job.server";', /\*\.server modules/],
  [
    "app/components/x.tsx",
    'import { x } from "~/web/auth.server";',
    /\*\.server modules|never the doors/,
  ],
  ["app/components/x.tsx", 'import { x } from "~/routes/jobs._index";', /never the doors/],
  ["app/routes/x.tsx", 'import { x } from "../../tests/factories";', /never imports the tests/],
  ["cli/commands/x.ts", 'import { x } from "~/web/auth.server";', /The CLI is a door/],
  ["cli/commands/x.ts", 'import { x } from "~/routes/api.jobs";', /The CLI is a door/],
  ["widget/src/x.ts", 'import { x } from "../../app/models/job/job.schema";', /widget ships alone/],
  ["widget/src/x.ts", 'import { x } from "~/lib/format";', /widget ships alone/],
];

const allowed: Array<[string, string]> = [
  ["db/x.ts", 'import { x } from "./schema";'],
  ["app/lib/x.server.ts", 'import { x } from "#db/client";'],
  ["app/lib/x.server.ts", 'import { x } from "./env.server";'],
  ["app/models/job/x.server.ts", 'import { x } from "~/lib/errors";'],
  ["app/models/job/x.server.ts", 'import { x } from "../context";'],
  ["app/models/auth/x.server.ts", 'import type { Env } from "~/lib/env.server";'],
  ["app/components/x.tsx", 'import { x } from "~/models/job/job.schema";'],
  ["app/components/x.tsx", 'import type { x } from "~/routes/surveys.$id";'],
  ["app/components/x.tsx", 'import type { x } from "~/models/job/job.server";'],
  ["app/routes/x.tsx", 'import { x } from "~/web/auth.server";'],
  ["app/web/x.server.ts", 'import { x } from "~/models/auth/session.server";'],
  ["cli/commands/x.ts", 'import { x } from "~/models/user/roster.server";'],
  ["widget/src/x.ts", 'import { x } from "../../app/lib/format";'],
  ["app/models/job/x.test.ts", 'import { x } from "../../../tests/factories";'],
];

describe("import directions (eslint no-restricted-imports per folder)", () => {
  it.each(forbidden)("refuses in %s: %s", async (file, code, why) => {
    const messages = await restricted(file, code);
    expect(messages.length, messages.join("\n")).toBeGreaterThan(0);
    expect(messages.join("\n")).toMatch(why);
  });

  it.each(allowed)("allows in %s: %s", async (file, code) => {
    expect(await restricted(file, code)).toEqual([]);
  });
});
