/**
 * `runway surveys invite` and `runway surveys remind-due` (ADR 102) through the real
 * argument parser on both databases: the counts printed, the dry run writing nothing, the
 * reminder to non-responders only, errors as clean messages and exit codes.
 */
import { describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { forEachDb, rows } from "../../tests/setup/db";
import { createSurvey, createUser } from "../../tests/factories";
import { captureIo } from "../testing";
import { main } from "../index";

describe("runway surveys invite", () => {
  forEachDb((t) => {
    const run = async (...args: string[]) => {
      const cap = captureIo();
      const code = await main(args, cap.io, t.handle);
      return { code, out: cap.out(), err: cap.err() };
    };
    const outbox = () => rows<{ n: number }>(t, sql`select count(*)::int as n from mail_outbox`);

    it("prints the counts; a dry run writes nothing; the reminder skips those who answered", async () => {
      const { survey } = await createSurvey(t.db, { audience: "alumni" });
      const a = (await createUser(t.db, { role: "alumni" })).user;
      await createUser(t.db, { role: "alumni" });
      await createUser(t.db, { role: "student" });

      const dry = await run("surveys", "invite", "--survey", survey.id, "--dry-run");
      expect(dry.code).toBe(0);
      expect(dry.out).toContain("Invitation (dry run, nothing written): 2 people targeted");
      expect(dry.out).toContain("2 messages would be queued");
      expect((await outbox())[0].n).toBe(0);

      const sent = await run("surveys", "invite", "--survey", survey.id, "--json");
      expect(sent.code).toBe(0);
      const body = JSON.parse(sent.out);
      expect(body).toMatchObject({ dryRun: false, kind: "invitation", targeted: 2, queued: 2 });
      expect(body.batch).toMatchObject({ trigger: "cli", createdBy: null });
      expect((await outbox())[0].n).toBe(2);

      await t.db.execute(
        sql`insert into survey_respondents (survey_id, user_id) values (${survey.id}, ${a.id})`,
      );
      await t.db.execute(
        sql`update survey_invitations set last_sent_at = now() - interval '2 days'`,
      );
      const remind = await run("surveys", "invite", "--survey", survey.id, "--reminder");
      expect(remind.code).toBe(0);
      expect(remind.out).toContain("Reminder: 1 person targeted, 1 message queued");
      expect((await outbox())[0].n).toBe(3);
    });

    it("remind-due runs the schedules once", async () => {
      const { survey } = await createSurvey(t.db, { audience: "alumni" });
      await createUser(t.db, { role: "alumni" });
      await run("surveys", "invite", "--survey", survey.id);
      await t.db.execute(
        sql`update surveys set remind_every_days = 7, remind_max = 1 where id = ${survey.id}`,
      );
      expect((await run("surveys", "remind-due")).out).toContain("0 reminders queued");
      await t.db.execute(
        sql`update survey_invitations set last_sent_at = now() - interval '8 days'`,
      );
      const r = await run("surveys", "remind-due", "--json");
      expect(JSON.parse(r.out)).toEqual({ surveys: 1, batches: 1, queued: 1 });
    });

    it("an unknown or inactive survey and a missing --survey are clean errors", async () => {
      const { survey } = await createSurvey(t.db, { status: "draft" });
      const inactive = await run("surveys", "invite", "--survey", survey.id);
      expect(inactive.code).toBe(1);
      expect(inactive.err).toContain("active");
      const unknown = await run("surveys", "invite", "--survey", "nope");
      expect(unknown.code).toBe(1);
      expect(unknown.err).toContain("Survey not found");
      const missing = await run("surveys", "invite");
      expect(missing.code).toBe(2);
      expect(missing.err).toContain("--survey");
    });
  });
});
