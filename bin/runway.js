#!/usr/bin/env node
// The `runway` command. Registers tsx (a runtime dependency) so the TypeScript CLI and the app's
// models run from source with the tsconfig paths (~/… and #db/…), whatever the current directory.
import { fileURLToPath } from "node:url";
import { register } from "tsx/esm/api";

register({ tsconfig: fileURLToPath(new URL("../tsconfig.json", import.meta.url)) });

const { main } = await import("../cli/index.ts");
const code = await main(process.argv.slice(2));
// Let stdout/stderr drain (a pipe may still hold the output), then leave even if a handle lingers.
process.exitCode = code;
process.stdout.write("", () => process.stderr.write("", () => process.exit(code)));
