/**
 * The container files as shipped: every image pinned to an exact version (a moving `16-alpine` or
 * a bare name changes under a rebuild), Mailpit's UI — every message, codes and links included, no
 * password — published on the loopback interface only, and a stop grace period longer than the
 * shutdown budget, so Docker's SIGKILL never lands in the middle of a send.
 */
import fs from "node:fs";
import { describe, expect, it } from "vitest";

const compose = fs.readFileSync("compose.yaml", "utf8");
const dockerfile = fs.readFileSync("Dockerfile", "utf8");

/** The lines of one top-level service block of compose.yaml. */
function service(name: string): string {
  const m = new RegExp(`^  ${name}:\\n((?:    .*\\n|\\s*\\n)+)`, "m").exec(compose);
  if (!m) throw new Error(`no service ${name} in compose.yaml`);
  return m[1];
}

/** An exact version: `name:1.2.3…` (at least major.minor), or a digest. */
const EXACT = /^[\w./-]+(:v?\d+\.\d+[\w.-]*)?(@sha256:[0-9a-f]{64})?$/;
const pinned = (ref: string) =>
  EXACT.test(ref) && (/:v?\d+\.\d+/.test(ref) || /@sha256:/.test(ref));

describe("container files", () => {
  it("pins every pulled image of compose.yaml to an exact version", () => {
    const images = [...compose.matchAll(/^\s+image:\s*(\S+)/gm)].map((m) => m[1]);
    expect(images.length).toBeGreaterThanOrEqual(4);
    // runway:… is the image compose builds from this directory, not one it pulls.
    const pulled = images.filter((i) => !i.startsWith("runway:"));
    for (const image of pulled) expect(pinned(image), image).toBe(true);
  });

  it("pins the Dockerfile's base image and syntax frontend", () => {
    const version = /^ARG NODE_VERSION=(\S+)$/m.exec(dockerfile)?.[1] ?? "";
    expect(version).toMatch(/^\d+\.\d+\.\d+$/);
    for (const [, from] of dockerfile.matchAll(/^FROM\s+(\S+)/gm)) {
      const ref = from.replace("${NODE_VERSION}", version);
      expect(pinned(ref), from).toBe(true);
    }
    const syntax = /^# syntax=(\S+)$/m.exec(dockerfile)?.[1] ?? "";
    expect(pinned(syntax), syntax).toBe(true);
  });

  it("publishes Mailpit's UI on 127.0.0.1 only, and every other port deliberately", () => {
    const ports = [...service("mailpit").matchAll(/^\s+- "([^"]+)"/gm)].map((m) => m[1]);
    expect(ports.length).toBeGreaterThan(0);
    for (const p of ports) expect(p.startsWith("127.0.0.1:"), p).toBe(true);
  });

  it("gives the app a stop grace period longer than its SHUTDOWN_TIMEOUT", () => {
    const grace = /stop_grace_period:\s*(\d+)s/.exec(service("app"))?.[1];
    const timeout = /SHUTDOWN_TIMEOUT:\s*"?(\d+)"?/.exec(compose)?.[1] ?? "25"; // the env default
    expect(grace).toBeDefined();
    expect(Number(grace)).toBeGreaterThan(Number(timeout));
  });
});
