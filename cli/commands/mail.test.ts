/**
 * A restored copy must not mail people again. `runway mail pause` holds a sender that is already
 * running on the database, `runway mail resume` lets it go; MAIL_PAUSED holds one process by its
 * environment; a message older than MAIL_MAX_AGE is marked expired instead of sent, and shows as
 * such in `runway mail status` and in the survey batches' counts. A real SMTP sink, both databases.
 */
import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { forEachDb, rows } from "../../tests/setup/db";
import { startSmtpSink, type SmtpSink } from "../../tests/setup/smtp-sink";
import { createSender, enqueueMail, startMailWorker } from "../../app/models/mail/mail.server";
import { parseEnv } from "../../app/lib/env.server";
import { main } from "../index";
import { captureIo } from "../testing";

const FROM = "Runway Test <no-reply@example.edu>";
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("MAIL_PAUSED and MAIL_MAX_AGE", () => {
  it("parse with their defaults: running, 24 hours", () => {
    const e = parseEnv({ DATA_DIR: "/tmp/runway-env-test" });
    expect(e.MAIL_PAUSED).toBe(false);
    expect(e.MAIL_MAX_AGE).toBe(86_400);
    const set = parseEnv({
      DATA_DIR: "/tmp/runway-env-test",
      MAIL_PAUSED: "true",
      MAIL_MAX_AGE: "90m",
    });
    expect(set.MAIL_PAUSED).toBe(true);
    expect(set.MAIL_MAX_AGE).toBe(5400);
    expect(parseEnv({ DATA_DIR: "/tmp/runway-env-test", MAIL_MAX_AGE: "0" }).MAIL_MAX_AGE).toBe(0);
    expect(() => parseEnv({ DATA_DIR: "/tmp/runway-env-test", MAIL_MAX_AGE: "soon" })).toThrow(
      /MAIL_MAX_AGE: must be a duration/,
    );
    expect(() => parseEnv({ DATA_DIR: "/tmp/runway-env-test", MAIL_PAUSED: "yes" })).toThrow(
      /MAIL_PAUSED/,
    );
  });
});

describe("runway mail pause | resume | status", () => {
  forEachDb((t) => {
    let sink: SmtpSink;
    let stops: Array<() => Promise<void>> = [];
    beforeAll(async () => {
      sink = await startSmtpSink();
    });
    afterEach(async () => {
      for (const s of stops) await s();
      stops = [];
      sink.clear();
    });
    afterAll(() => sink.close());

    const cli = async (args: string[]) => {
      const cap = captureIo();
      const code = await main(args, cap.io, t.handle);
      return { code, stdout: cap.out(), stderr: cap.err() };
    };
    /** A sender running as a server's does: on a (fast) timer, told when mail is queued. */
    const worker = (opts: { paused?: boolean; maxAgeSeconds?: number } = {}) => {
      const said: string[] = [];
      const stop = startMailWorker(
        async () => t.db,
        createSender({ smtpUrl: sink.url, from: FROM, outboxDir: "" }),
        { intervalMs: 50, log: (l) => said.push(l), ...opts },
      );
      stops.push(() => stop({ waitMs: 2000 }));
      return said;
    };
    const statuses = async () =>
      (await rows<{ to: string; status: string }>(t, sql`select "to", status from mail_outbox`))
        .map((r) => `${r.to}:${r.status}`)
        .sort();

    it("pause holds a running sender, resume lets it send; status shows the switch", async () => {
      const said = worker();
      await enqueueMail(t.db, { to: "before@example.edu", subject: "Before", text: "1" });
      await sink.waitFor("before@example.edu");

      const paused = await cli(["mail", "pause", "--reason", "restore drill"]);
      expect(paused.code).toBe(0);
      expect(paused.stdout).toMatch(/^Mail paused/);
      await expect.poll(() => said.some((l) => /\[mail\] paused/.test(l))).toBe(true);
      await enqueueMail(t.db, { to: "held@example.edu", subject: "Held", text: "2" });
      await sleep(600); // a dozen rounds of the sender
      expect(sink.messages.map((m) => m.to[0])).toEqual(["before@example.edu"]);
      expect(await statuses()).toEqual(["before@example.edu:sent", "held@example.edu:pending"]);

      const status = await cli(["mail", "status"]);
      expect(status.stdout).toMatch(/^Mail: paused since .* \(restore drill\)/);
      expect(status.stdout).toMatch(/\npending +1\n/);
      const json = JSON.parse((await cli(["mail", "status", "--json"])).stdout);
      expect(json).toMatchObject({
        paused: true,
        pausedBy: "restore drill",
        counts: { pending: 1, sent: 1, failed: 0, expired: 0 },
      });

      const resumed = await cli(["mail", "resume"]);
      expect(resumed.code).toBe(0);
      await sink.waitFor("held@example.edu");
      await expect
        .poll(async () => JSON.parse((await cli(["mail", "status", "--json"])).stdout))
        .toMatchObject({ paused: false, counts: { pending: 0, sent: 2 } });
    });

    it("MAIL_PAUSED holds this process's sender whatever the database says", async () => {
      const said = worker({ paused: true });
      await enqueueMail(t.db, { to: "env@example.edu", subject: "Env", text: "1" });
      await expect.poll(() => said.some((l) => /paused \(MAIL_PAUSED\)/.test(l))).toBe(true);
      await sleep(600);
      expect(sink.messages).toHaveLength(0);
      expect(await statuses()).toEqual(["env@example.edu:pending"]);
    });

    it("expires what is older than MAIL_MAX_AGE instead of sending it, and says so", async () => {
      await cli(["mail", "pause"]); // as after a restore: the outbox is there before any sender
      await enqueueMail(t.db, { to: "old@example.edu", subject: "Your code", text: "123456" });
      await enqueueMail(t.db, { to: "new@example.edu", subject: "Fresh", text: "2" });
      await t.db.execute(
        sql`update mail_outbox set created_at = now() - interval '25 hours' where "to" = 'old@example.edu'`,
      );
      const said = worker({ maxAgeSeconds: 24 * 3600 });
      await cli(["mail", "resume"]);
      await sink.waitFor("new@example.edu");
      await expect.poll(statuses).toEqual(["new@example.edu:sent", "old@example.edu:expired"]);
      expect(sink.messages.map((m) => m.to[0])).toEqual(["new@example.edu"]);
      // An expired message is finished: its body (a code, a link) is gone like a sent one's.
      const [old] = await rows<{ text: string | null; last_error: string }>(
        t,
        sql`select text, last_error from mail_outbox where "to" = 'old@example.edu'`,
      );
      expect(old.text).toBeNull();
      expect(old.last_error).toMatch(/MAIL_MAX_AGE/);
      expect(said.some((l) => /expired 1 message older than MAIL_MAX_AGE/.test(l))).toBe(true);
      expect(JSON.parse((await cli(["mail", "status", "--json"])).stdout).counts).toMatchObject({
        sent: 1,
        expired: 1,
      });
    });

    it("prints help for the three commands", async () => {
      const help = await cli(["mail", "--help"]);
      expect(help.code).toBe(0);
      for (const c of ["pause", "resume", "status"]) expect(help.stdout).toContain(c);
    });
  });
});
