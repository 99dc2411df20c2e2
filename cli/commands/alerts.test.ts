/** `runway alerts run [--now]` through the real program (commander) on the test's database. */
import { describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { forEachDb, rows } from "../../tests/setup/db";
import { createJob, createUser } from "../../tests/factories";
import { main } from "../index";
import { captureIo } from "../testing";

describe("runway alerts run", () => {
  forEachDb((t) => {
    const cli = async (args: string[]) => {
      const cap = captureIo();
      const code = await main(args, cap.io, t.handle);
      return { code, stdout: cap.out(), stderr: cap.err() };
    };
    const alert = async (frequency: string, sinceHours: number) => {
      const { user } = await createUser(t.db);
      await t.db.execute(sql`insert into job_alerts (user_id, name, q, frequency, watermark)
        values (${user.id}, ${`Alert ${frequency}`}, 'ramp', ${frequency},
                now() - make_interval(hours => ${sinceHours}))`);
      return user;
    };

    it("queues due digests only; --now takes every active alert; a second run queues nothing", async () => {
      const due = await alert("daily", 30);
      const notYet = await alert("weekly", 30);
      await alert("off", 300);
      const job = await createJob(t.db, { title: "Ramp Agent" });
      // Published before the run's settle margin, so this run's window holds it.
      await t.db.execute(
        sql`update jobs set published_at = now() - interval '1 hour' where id = ${job.id}`,
      );
      const first = await cli(["alerts", "run"]);
      expect(first.code).toBe(0);
      expect(first.stdout).toMatch(
        /^Job alerts: 1 due alert checked, 1 digest queued in the outbox/,
      );
      const forced = await cli(["alerts", "run", "--now", "--json"]);
      expect(forced.code).toBe(0);
      expect(JSON.parse(forced.stdout)).toMatchObject({ checked: 2, sent: 1 });
      const again = await cli(["alerts", "run", "--now", "--json"]);
      expect(JSON.parse(again.stdout)).toMatchObject({ checked: 2, sent: 0 });
      const mails = await rows<{ to: string }>(t, sql`select "to" from mail_outbox order by "to"`);
      expect(mails.map((m) => m.to).sort()).toEqual([due.email, notYet.email].sort());
      const help = await cli(["alerts", "run", "--help"]);
      expect(help.code).toBe(0);
      expect(help.stdout).toContain("--now");
    });
  });
});
