/**
 * No secret reaches a log. With LOG_REQUESTS=true the built server logs every request: tokens,
 * invitation and verification codes, addresses (percent-encoded too) and any parameter it does not
 * know are redacted in query strings, and token-carrying path segments in paths. Driver errors —
 * the mail sender's failed claim during an outage, a worker's failed run, a rejected parameter —
 * are logged without SQL or parameter values at every level.
 */
import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createDb } from "../../db/client";
import { log, resetLogRepeats, safeUrl, setLogSink } from "../../app/lib/log.server";
import { startPeriodic } from "../../app/lib/periodic";
import { createSender, deliverDue, startMailWorker } from "../../app/models/mail/mail.server";
import { forEachDb } from "../setup/db";
import { useServer } from "../setup/http";

/** Every value below is a secret: none may appear in any captured line, in any spelling. */
const SECRETS = {
  resetToken: "rsT0kenQ9vX2mW7pL4kJ8nB3",
  inviteToken: "inV1teZ8cR5tY2uI9oP6aS3d",
  otp: "493817",
  code: "725316",
  address: "ada.reyes@example.edu",
  plusAddress: "b+x@example.edu",
  superviseToken: "SuP3rv1seT0kenAbCdEfGh12",
  certificateCode: "CERT-7Q2M-9X4K-PL3Z",
  unsubscribeToken: "uNsUbT0k3n55aa66bb77cc88",
  unknownValue: "zz-unknown-value-881",
  encodedKeyValue: "enc0dedKeyT0kenValue42",
};

/** Every spelling of a secret that could reach a line: as is, percent-encoded, `+` for space. */
function spellings(s: string): string[] {
  return [...new Set([s, encodeURIComponent(s), s.replace("@", "%40"), s.toLowerCase()])];
}

function expectNoSecret(lines: string[]) {
  const text = lines.join("\n");
  for (const [name, secret] of Object.entries(SECRETS))
    for (const form of spellings(secret))
      expect(text, `${name} (${form}) logged`).not.toContain(form);
}

describe("safeUrl", () => {
  it("keeps paging and filters; redacts every other value, decoded first", () => {
    expect(safeUrl("/jobs?q=pilot&page=2&sort=date")).toBe("/jobs?q=pilot&page=2&sort=date");
    expect(safeUrl(`/reset-password?token=${SECRETS.resetToken}&email=a%40example.edu`)).toBe(
      "/reset-password?token=<redacted>&email=<redacted>",
    );
    // A safe key whose value is an address still loses the address.
    expect(safeUrl("/admin/users?q=ada%40example.edu")).toBe("/admin/users?q=<email>");
    // An encoded key name is decoded before the allow-list looks at it.
    expect(safeUrl("/x?%74oken=abc&%70age=3")).toBe("/x?token=<redacted>&page=3");
    // A line break in a value cannot start a forged log line.
    expect(safeUrl("/jobs?q=a%0Ab")).toBe("/jobs?q=a b");
  });

  it("redacts token segments of paths, keeps ids and slugs", () => {
    expect(safeUrl(`/supervise/${SECRETS.superviseToken}`)).toBe("/supervise/<redacted>");
    expect(safeUrl(`/certificates/${SECRETS.certificateCode}/pdf`)).toBe(
      "/certificates/<redacted>/pdf",
    );
    expect(safeUrl("/jobs/6f1c2b9e-0d3a-4c55-9a1e-2b7f3c4d5e6f")).toBe(
      "/jobs/6f1c2b9e-0d3a-4c55-9a1e-2b7f3c4d5e6f",
    );
    expect(safeUrl("/admin/surveys/new")).toBe("/admin/surveys/new");
    // An unknown route with a token in it: long random runs are never logged.
    expect(safeUrl(`/x/${SECRETS.unsubscribeToken}`)).toBe("/x/<redacted>");
  });
});

forEachDb((t) => {
  describe("request log (LOG_REQUESTS=true)", () => {
    const app = useServer(t, { mail: false, env: { LOG_REQUESTS: true } });
    const lines: string[] = [];
    const write = { out: process.stdout.write, err: process.stderr.write };
    beforeAll(() => {
      // The built server has its own copy of the logger: its lines are read where they go.
      const capture =
        (orig: typeof process.stdout.write) =>
        (chunk: string | Uint8Array, ...rest: unknown[]): boolean => {
          lines.push(String(chunk));
          return (orig as (...a: unknown[]) => boolean).call(process.stdout, chunk, ...rest);
        };
      process.stdout.write = capture(write.out) as typeof process.stdout.write;
      process.stderr.write = capture(write.err) as typeof process.stderr.write;
    });
    afterAll(() => {
      process.stdout.write = write.out;
      process.stderr.write = write.err;
    });

    it("logs every request, with no token, code, address or unknown value in any line", async () => {
      const surveyId = "6f1c2b9e-0d3a-4c55-9a1e-2b7f3c4d5e6f";
      const paths = [
        `/reset-password?token=${SECRETS.resetToken}&email=${encodeURIComponent(SECRETS.address)}`,
        `/surveys/${surveyId}?invite=${SECRETS.inviteToken}`,
        `/verify-otp?otp=${SECRETS.otp}&code=${SECRETS.code}&email=${encodeURIComponent(SECRETS.plusAddress)}`,
        `/supervise/${SECRETS.superviseToken}`,
        `/certificates/${SECRETS.certificateCode}`,
        `/alerts/unsubscribe?alert=${surveyId}&token=${SECRETS.unsubscribeToken}`,
        `/surveys/unsubscribe?user=${surveyId}&token=${SECRETS.unsubscribeToken}`,
        `/jobs?q=pilot&page=2&utm_term=${SECRETS.unknownValue}`,
        `/jobs?%74oken=${SECRETS.encodedKeyValue}`,
        `/api/auth/reset-password?token=${SECRETS.resetToken}`,
      ];
      for (const p of paths) {
        const r = await app.fetch(p);
        await r.arrayBuffer();
        expect(r.status).toBeLessThan(500);
      }
      // Lines are written when each answer finishes: wait until all of them are there.
      await expect
        .poll(() => lines.filter((l) => /\[http\] GET /.test(l)).length, { timeout: 5000 })
        .toBeGreaterThanOrEqual(paths.length);
      const http = lines.filter((l) => /\[http\] GET /.test(l));
      // The lines are there and useful: the route, safe parameters, the status.
      expect(http.some((l) => l.includes("GET /jobs?q=pilot&page=2&utm_term=<redacted>"))).toBe(
        true,
      );
      expect(http.some((l) => l.includes("GET /supervise/<redacted> "))).toBe(true);
      expect(
        http.some((l) => l.includes("GET /reset-password?token=<redacted>&email=<redacted>")),
      ).toBe(true);
      expectNoSecret(lines);
    });
  });

  describe("driver errors", () => {
    const lines: string[] = [];
    let restore = () => {};
    beforeAll(() => {
      restore = setLogSink((l) => lines.push(l));
    });
    afterEach(() => resetLogRepeats());
    afterAll(() => restore());

    it("a rejected parameter is logged without the SQL or the value, at every level", async () => {
      const e = await t.db.execute(sql`select ${SECRETS.inviteToken}::uuid as x`).then(
        () => null,
        (err: unknown) => err,
      );
      expect(e).toBeTruthy();
      // What a careless caller would do at each level: all three lines stay clean.
      log.info("worker", `run failed: ${(e as Error).message}`);
      log.warn("worker", `run failed: ${(e as Error).message}`);
      log.error("worker", e);
      expect(lines.length).toBe(3);
      expect(lines.join("\n")).toMatch(/invalid input syntax for type uuid/);
      expectNoSecret(lines);
      expect(lines.join("\n")).not.toMatch(/select|params:|::uuid/i);
    });

    it("a worker's failed run is logged without SQL or parameters", async () => {
      const said: string[] = [];
      const stop = startPeriodic(
        "digest",
        async () => {
          await t.db.execute(sql`select ${SECRETS.address}::int`);
          return null;
        },
        { intervalMs: 60_000, firstAfterMs: 0, log: (l) => said.push(l) },
      );
      await expect.poll(() => said.length).toBe(1);
      await stop();
      expect(said[0]).toMatch(/^\[digest\] run failed: /);
      expectNoSecret(said);
      expect(said[0]).not.toMatch(/select|params:/i);
    });
  });
});

describe("the mail sender during a database outage", () => {
  it("logs its failed claim without the query or its parameters", async () => {
    // A PostgreSQL that is not there: every claim fails at the driver, wrapped with its SQL.
    const down = await createDb({ databaseUrl: "postgres://runway@127.0.0.1:9/runway", max: 1 });
    const said: string[] = [];
    const sender = createSender({ from: "Runway <no-reply@example.edu>", outboxDir: "/nowhere" });
    try {
      // What drizzle throws here carries the SQL and the claim token: the fault being guarded.
      const raw = await deliverDue(down.db, sender).then(
        () => null,
        (e: Error) => e,
      );
      expect(raw?.message).toMatch(/Failed query: update "mail_outbox"[\s\S]*params: /);
      const stop = startMailWorker(async () => down.db, sender, {
        intervalMs: 60_000,
        log: (l) => said.push(l),
      });
      await expect.poll(() => said.length, { timeout: 10_000 }).toBeGreaterThan(0);
      await stop({ waitMs: 100 });
    } finally {
      await down.close().catch(() => {});
    }
    expect(said[0]).toMatch(/^\[mail\] sender error: /);
    expect(said.join("\n")).not.toMatch(/Failed query|params:|mail_outbox|update|select/i);
  });
});
