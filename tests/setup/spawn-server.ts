/**
 * The real `node server.mjs` in a child process on PGlite in `dataDir`, listening on a free port
 * (production mode, no SMTP, no rebuild check). Resolves once it listens; `output()` is what it
 * printed so far.
 */
import { fork, type ChildProcess } from "node:child_process";
import path from "node:path";

const ROOT = path.resolve(".");

export function startServer(
  dataDir: string,
  env: Record<string, string> = {},
): Promise<{ child: ChildProcess; port: number; output: () => string }> {
  let output = "";
  const child = fork(path.join(ROOT, "server.mjs"), [], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: "0",
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      SMTP_URL: "",
      NODE_ENV: "production",
      RUNWAY_SKIP_BUILD_CHECK: "1",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe", "ipc"],
  });
  child.stdout!.on("data", (d) => (output += d));
  child.stderr!.on("data", (d) => (output += d));
  return new Promise((resolve, reject) => {
    child.once("message", (m: { port?: number }) =>
      resolve({ child, port: m.port!, output: () => output }),
    );
    child.once("exit", (code) => reject(new Error(`server exited with ${code}: ${output}`)));
  });
}
