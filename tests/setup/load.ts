/**
 * Load helpers shared by the load-shedding test and the admission benchmark: a fresh-connection
 * probe that times the first byte, and autocannon run in a child process (in the probing process,
 * its connections would delay the probes' own event loop and make every probe look slow).
 */
import { spawn } from "node:child_process";
import http from "node:http";
import path from "node:path";

export interface Probe {
  /** Time to the complete answer, and to its first byte (the status line). */
  ms: number;
  firstByteMs: number;
  status: number;
  retryAfter: string | undefined;
}

/** GET `url` on a new connection. */
export function probe(url: string): Promise<Probe> {
  const t = performance.now();
  return new Promise((resolve) => {
    const req = http.get(url, { agent: false }, (res) => {
      const firstByteMs = performance.now() - t;
      res.resume();
      res.on("end", () =>
        resolve({
          ms: performance.now() - t,
          firstByteMs,
          status: res.statusCode ?? 0,
          retryAfter: res.headers["retry-after"],
        }),
      );
    });
    req.setTimeout(60_000, () => req.destroy());
    req.on("error", () => {
      const ms = performance.now() - t;
      resolve({ ms, firstByteMs: ms, status: 0, retryAfter: undefined });
    });
  });
}

export interface LoadResult {
  requests: { total: number; average: number };
  errors: number;
  timeouts: number;
  statusCodeStats?: Record<string, { count: number }>;
}

/** `connections` keep-alive connections on `url` for `seconds`, from a child process. */
export function autocannon(url: string, connections: number, seconds: number): Promise<LoadResult> {
  const child = spawn(
    process.execPath,
    [
      path.resolve("node_modules/autocannon/autocannon.js"),
      "-c",
      String(connections),
      "-d",
      String(seconds),
      "--json",
      url,
    ],
    { stdio: ["ignore", "pipe", "ignore"] },
  );
  let out = "";
  child.stdout.on("data", (d) => (out += d));
  return new Promise((resolve, reject) =>
    child.once("exit", () => {
      try {
        resolve(JSON.parse(out) as LoadResult);
      } catch (e) {
        reject(e);
      }
    }),
  );
}
