/**
 * Survey invitations and reminders on real databases (ADR 102): targeting (cohort,
 * opted-out, inactive), reminders only to non-responders, dry runs, no double sends under two
 * concurrent senders (manual batch and schedule), the schedule's N days and K times, the invite
 * link's opening, the signed unsubscribe, batch counts from the outbox (real SMTP sink) and the
 * response and knowledge rates.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { forEachDb, rows } from "../../../tests/setup/db";
import { actingAs, courseId, createSurvey, createUser } from "../../../tests/factories";
import { startSmtpSink, type SmtpSink } from "../../../tests/setup/smtp-sink";
import { Conflict, Forbidden, NotFound } from "~/lib/errors";
import { hashToken } from "../auth/tokens.server";
import { createSender, deliverDue, MailAddressError } from "../mail/mail.server";
import {
  computeProgress,
  getInviteBatches,
  personForSurveyUnsubscribe,
  recordInviteOpened,
  runReminderSchedule,
  sendInvitations,
  surveyProgress,
  surveyUnsubscribeToken,
  unsubscribeSurveyMail,
  type InviteMailConfig,
} from "./invitations.server";

const CFG: InviteMailConfig = {
  publicUrl: "https://runway.test",
  secret: "test-secret-invites",
  collegeName: "Test Aeronautics College",
};

describe("survey invitations", () => {
  let sink: SmtpSink;
  beforeAll(async () => {
    sink = await startSmtpSink();
  });
  afterAll(async () => {
    await sink.close();
  });

  forEachDb((t) => {
    const admin = () => actingAs(t.db, "admin");
    const person = async (
      o: { role?: "student" | "alumni"; course?: string; year?: number; active?: boolean } = {},
    ) => {
      const { user } = await createUser(t.db, {
        role: o.role ?? "alumni",
        courseCode: o.course ?? "BSAE",
        isActive: o.active ?? true,
      });
      if (o.year)
        await t.db.execute(sql`update users set graduation_year = ${o.year} where id = ${user.id}`);
      return user;
    };
    const alumniSurvey = async (o: { status?: "active" | "draft" } = {}) =>
      (await createSurvey(t.db, { audience: "alumni", status: o.status ?? "active" })).survey;
    const outbox = () =>
      rows<{ to: string; subject: string; text: string; html: string; headers: unknown }>(
        t,
        sql`select "to", subject, text, html, headers from mail_outbox order by "to"`,
      );
    const invitations = (surveyId: string) =>
      rows<{ user_id: string; token_hash: string; reminders_sent: number; opened_at: unknown }>(
        t,
        sql`select user_id, token_hash, reminders_sent, opened_at from survey_invitations
            where survey_id = ${surveyId} order by user_id`,
      );
    const backdate = (surveyId: string, days: number) =>
      t.db.execute(
        sql`update survey_invitations set last_sent_at = now() - make_interval(days => ${days})
            where survey_id = ${surveyId}`,
      );
    const answer = (surveyId: string, userId: string) =>
      t.db.execute(
        sql`insert into survey_respondents (survey_id, user_id) values (${surveyId}, ${userId})`,
      );
    const send = async (surveyId: string, o: { reminder?: boolean; dryRun?: boolean } = {}) =>
      sendInvitations(await admin(), surveyId, { ...o, config: CFG });

    it("invites the cohort only: the programme and years, not the opted-out or the inactive", async () => {
      const s = await alumniSurvey();
      const bsae = await courseId(t.db, "BSAE");
      await t.db.execute(
        sql`update surveys set course_ids = array[${bsae}::uuid], graduation_years = '{2024}'
            where id = ${s.id}`,
      );
      const yes = await person({ year: 2024 });
      await person({ year: 2023 });
      await person({ year: 2024, role: "student" });
      await person({ year: 2024, active: false });
      const out = await person({ year: 2024 });
      await t.db.execute(sql`update users set survey_mail_opt_out_at = now() where id = ${out.id}`);
      const [other] = await rows<{ id: string }>(
        t,
        sql`select id from courses where code <> 'BSAE' limit 1`,
      );
      const elsewhere = await person({ year: 2024 });
      await t.db.execute(sql`update users set course_id = ${other.id} where id = ${elsewhere.id}`);

      const r = await send(s.id);
      expect(r).toMatchObject({ dryRun: false, kind: "invitation", targeted: 2, queued: 1 });
      expect(r.optedOut).toBe(1);
      const mail = await outbox();
      expect(mail.map((m) => m.to)).toEqual([yes.email]);
      const m = mail[0];
      expect(m.subject).toContain("Test Aeronautics College");
      expect(m.subject).toContain(s.title);
      expect(m.text).toContain("It takes about 2 minutes");
      const link = /https:\/\/runway\.test\/surveys\/[0-9a-f-]+\?invite=([A-Za-z0-9_-]+)/.exec(
        m.text,
      );
      expect(link?.[0]).toContain(`/surveys/${s.id}?invite=`);
      expect(m.html).toContain(link![0]);
      expect(m.html).toContain(`/surveys/unsubscribe?user=${yes.id}&amp;token=`);
      expect(m.text).toContain(`/surveys/unsubscribe?user=${yes.id}&token=`);
      // Only the hash is stored.
      const [inv] = await invitations(s.id);
      expect(inv.token_hash).toBe(hashToken(link![1]));
      expect(inv.token_hash).not.toContain(link![1]);
      const h = m.headers as Record<string, string>;
      expect(h["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
      expect(h["List-Unsubscribe"]).toBe(
        `<https://runway.test/surveys/unsubscribe?user=${yes.id}&token=${surveyUnsubscribeToken(CFG.secret, yes.id)}>`,
      );

      // Again: everyone targeted is already invited, nothing new is queued.
      const again = await send(s.id);
      expect(again).toMatchObject({ targeted: 2, queued: 0, skipped: 1 });
      expect(await outbox()).toHaveLength(1);
    });

    it("puts the person's name in the text as is and escaped in the HTML", async () => {
      const s = await alumniSurvey();
      await createUser(t.db, { role: "alumni", firstName: `Jo <b>"&"</b>` });
      await send(s.id);
      const [m] = await outbox();
      expect(m.text).toContain(`Hello Jo <b>"&"</b>,`);
      expect(m.html).toContain("Hello Jo &lt;b&gt;&quot;&amp;&quot;&lt;/b&gt;,");
      expect(m.html).not.toContain("<b>");
    });

    it("queues through the outbox's address check: a recipient list refuses the batch, nothing is written", async () => {
      const s = await alumniSurvey();
      const p = await person();
      await t.db.execute(
        sql`update users set email = ${`${p.email}, someone@else.test`} where id = ${p.id}`,
      );
      await expect(send(s.id)).rejects.toThrow(MailAddressError);
      expect(await outbox()).toEqual([]);
      expect(await invitations(s.id)).toEqual([]);
    });

    it("refuses a survey that is not active (409) and an unknown one (404)", async () => {
      const s = await alumniSurvey({ status: "draft" });
      await person();
      await expect(send(s.id)).rejects.toBeInstanceOf(Conflict);
      await expect(send(s.id)).rejects.toThrow(/active/);
      await expect(send("00000000-0000-4000-8000-000000000000")).rejects.toBeInstanceOf(NotFound);
      await expect(send("nope")).rejects.toBeInstanceOf(NotFound);
    });

    it("is for admins only; the CLI and the schedule act without an actor", async () => {
      const s = await alumniSurvey();
      const member = await actingAs(t.db, "alumni");
      await expect(sendInvitations(member, s.id, { config: CFG })).rejects.toBeInstanceOf(
        Forbidden,
      );
      await expect(
        sendInvitations({ db: t.db, actor: null }, s.id, { config: CFG }),
      ).rejects.toBeInstanceOf(Forbidden);
      await expect(surveyProgress(member, s.id)).rejects.toBeInstanceOf(Forbidden);
      await expect(getInviteBatches(member, s.id)).rejects.toBeInstanceOf(Forbidden);
      const r = await sendInvitations({ db: t.db, actor: null }, s.id, {
        config: CFG,
        trigger: "cli",
      });
      expect(r).toMatchObject({ queued: 1 });
      const [b] = await getInviteBatches(await admin(), s.id);
      expect(b).toMatchObject({ trigger: "cli", createdBy: null, kind: "invitation" });
    });

    it("a dry run counts and writes nothing", async () => {
      const s = await alumniSurvey();
      await person();
      await person();
      const r = await send(s.id, { dryRun: true });
      expect(r).toMatchObject({ dryRun: true, targeted: 2, queued: 2 });
      const [c] = await rows<{ b: number; i: number; m: number }>(
        t,
        sql`select (select count(*)::int from survey_invite_batches) as b,
                   (select count(*)::int from survey_invitations) as i,
                   (select count(*)::int from mail_outbox) as m`,
      );
      expect(c).toEqual({ b: 0, i: 0, m: 0 });
    });

    it("reminds only those who have not answered, and not those mailed within the hour", async () => {
      const s = await alumniSurvey();
      const a = await person();
      const b = await person();
      const c = await person();
      await send(s.id);
      await answer(s.id, a.id);
      // Within the hour of the invitation: nobody yet.
      expect(await send(s.id, { reminder: true, dryRun: true })).toMatchObject({
        targeted: 2,
        queued: 0,
      });
      await backdate(s.id, 3);
      await t.db.execute(sql`update users set survey_mail_opt_out_at = now() where id = ${c.id}`);
      const before = (await invitations(s.id)).find((i) => i.user_id === b.id)!;
      const r = await send(s.id, { reminder: true });
      expect(r).toMatchObject({ kind: "reminder", targeted: 2, queued: 1, optedOut: 1 });
      const reminders = (await outbox()).filter((m) => m.subject.startsWith("Reminder"));
      expect(reminders.map((m) => m.to)).toEqual([b.email]);
      const after = (await invitations(s.id)).find((i) => i.user_id === b.id)!;
      expect(after.reminders_sent).toBe(1);
      // A new token for the new mail; the old one no longer records anything.
      expect(after.token_hash).not.toBe(before.token_hash);
    });

    it("two concurrent reminder batches never remind anyone twice", async () => {
      const s = await alumniSurvey();
      for (let i = 0; i < 12; i++) await person();
      await send(s.id);
      await backdate(s.id, 3);
      await t.db.execute(sql`delete from mail_outbox`);
      const [x, y] = await Promise.all([
        send(s.id, { reminder: true }),
        send(s.id, { reminder: true }),
      ]);
      expect(x.queued + y.queued).toBe(12);
      const [c] = await rows<{ n: number; d: number }>(
        t,
        sql`select count(*)::int as n, count(distinct "to")::int as d from mail_outbox`,
      );
      expect(c).toEqual({ n: 12, d: 12 });
      const inv = await invitations(s.id);
      expect(inv.every((i) => Number(i.reminders_sent) === 1)).toBe(true);
    });

    it("two concurrent invitation batches never invite anyone twice", async () => {
      const s = await alumniSurvey();
      for (let i = 0; i < 12; i++) await person();
      const [x, y] = await Promise.all([send(s.id), send(s.id)]);
      expect(x.queued + y.queued).toBe(12);
      const [c] = await rows<{ n: number; d: number }>(
        t,
        sql`select count(*)::int as n, count(distinct "to")::int as d from mail_outbox`,
      );
      expect(c).toEqual({ n: 12, d: 12 });
    });

    it("the schedule reminds every N days, at most K times, from two instances at once", async () => {
      const s = await alumniSurvey();
      const a = await person();
      const b = await person();
      const late = await person();
      await t.db.execute(
        sql`update surveys set remind_every_days = 3, remind_max = 2 where id = ${s.id}`,
      );
      await send(s.id);
      // Invited later, no invitation: the schedule does not invite.
      void late;
      await t.db.execute(
        sql`delete from survey_invitations where survey_id = ${s.id} and user_id = ${late.id}`,
      );
      await answer(s.id, a.id);
      const run = () => runReminderSchedule(t.db, { config: CFG });
      expect((await run()).queued).toBe(0); // not N days yet
      await backdate(s.id, 2);
      expect((await run()).queued).toBe(0);
      await backdate(s.id, 3);
      const [r1, r2] = await Promise.all([run(), run()]);
      expect(r1.queued + r2.queued).toBe(1);
      expect(r1.batches + r2.batches).toBe(1);
      let inv = (await invitations(s.id)).find((i) => i.user_id === b.id)!;
      expect(inv.reminders_sent).toBe(1);
      expect((await run()).queued).toBe(0); // just reminded
      await backdate(s.id, 3);
      expect((await run()).queued).toBe(1);
      await backdate(s.id, 30);
      expect((await run()).queued).toBe(0); // K = 2 reached
      inv = (await invitations(s.id)).find((i) => i.user_id === b.id)!;
      expect(inv.reminders_sent).toBe(2);
      const batches = await getInviteBatches(await admin(), s.id);
      expect(batches.map((x) => `${x.kind}/${x.trigger}/${x.queued}`)).toEqual([
        "reminder/schedule/1",
        "reminder/schedule/1",
        "invitation/admin/3",
      ]);
      const mail = await outbox();
      expect(mail.filter((m) => m.to === late.email)).toHaveLength(1);
    });

    it("an invite link records its opening for its own person only, and a token is never a sign-in", async () => {
      const s = await alumniSurvey();
      const a = await person();
      const b = await person();
      await send(s.id);
      const [m] = (await outbox()).filter((x) => x.to === a.email);
      const token = /\?invite=([A-Za-z0-9_-]+)/.exec(m.text)![1];
      expect(await recordInviteOpened(t.db, s.id, b.id, token)).toBe(false);
      expect(await recordInviteOpened(t.db, s.id, a.id, "not-a-token")).toBe(false);
      expect(await recordInviteOpened(t.db, "nope", a.id, token)).toBe(false);
      expect(await recordInviteOpened(t.db, s.id, a.id, token)).toBe(true);
      const inv = (await invitations(s.id)).find((i) => i.user_id === a.id)!;
      expect(inv.opened_at).not.toBeNull();
      const p = await computeProgress(t.db, s.id);
      expect(p).toMatchObject({ targeted: 2, invited: 2, opened: 1 });
    });

    it("the signed unsubscribe opts out of every later invitation and reminder", async () => {
      const s = await alumniSurvey();
      const a = await person();
      const token = surveyUnsubscribeToken(CFG.secret, a.id);
      await expect(
        personForSurveyUnsubscribe(t.db, CFG.secret, a.id, `${token.slice(0, -1)}x`),
      ).rejects.toBeInstanceOf(NotFound);
      await expect(unsubscribeSurveyMail(t.db, "other-secret", a.id, token)).rejects.toBeInstanceOf(
        NotFound,
      );
      expect(await personForSurveyUnsubscribe(t.db, CFG.secret, a.id, token)).toEqual({
        id: a.id,
        optedOut: false,
      });
      await unsubscribeSurveyMail(t.db, CFG.secret, a.id, token);
      await unsubscribeSurveyMail(t.db, CFG.secret, a.id, token); // idempotent
      expect((await personForSurveyUnsubscribe(t.db, CFG.secret, a.id, token)).optedOut).toBe(true);
      expect(await send(s.id)).toMatchObject({ targeted: 1, queued: 0, optedOut: 1 });
      expect(await send(s.id, { reminder: true })).toMatchObject({ queued: 0 });
    });

    it("counts a batch's sent, failed and pending messages from the outbox (real SMTP)", async () => {
      const s = await alumniSurvey();
      const people = [await person(), await person(), await person()];
      const r = await send(s.id);
      expect(r.dryRun).toBe(false);
      if (r.dryRun) return;
      expect(r.batch).toMatchObject({ queued: 3, pending: 3, sent: 0, failed: 0 });
      sink.clear();
      const sender = createSender({
        smtpUrl: sink.url,
        from: "Runway <runway@test>",
        outboxDir: "",
      });
      await deliverDue(t.db, sender, { max: 2 });
      await t.db.execute(
        sql`update mail_outbox set status = 'failed', text = null, html = null, headers = null
            where status = 'pending'`,
      );
      sender.close();
      const [b] = await getInviteBatches(await admin(), s.id);
      expect(b).toMatchObject({ targeted: 3, queued: 3, sent: 2, failed: 1, pending: 0 });
      const got = sink.messages.filter((m) => people.some((p) => m.to.includes(p.email)));
      expect(got).toHaveLength(2);
      expect(got[0].subject).toContain(s.title);
      const unfolded = got[0].raw.replace(/\r?\n[ \t]+/g, " ");
      expect(unfolded).toMatch(
        /List-Unsubscribe: <https:\/\/runway\.test\/surveys\/unsubscribe\?user=/,
      );
      expect(unfolded).toMatch(/List-Unsubscribe-Post: List-Unsubscribe=One-Click/);
      // Sent messages keep no link.
      const [left] = await rows<{ n: number }>(
        t,
        sql`select count(*)::int as n from mail_outbox where text is not null`,
      );
      expect(left.n).toBe(0);
    });

    it("computes response and knowledge rates overall, by programme and by graduation year", async () => {
      const { survey: s, questions } = await createSurvey(t.db, {
        audience: "alumni",
        questions: [
          { text: "Employed?", type: "multiple_choice", options: ["Yes", "No"] },
          { text: "Comments", type: "short_text" },
        ],
      });
      const empty = await computeProgress(t.db, s.id);
      expect(empty).toMatchObject({ targeted: 0, responseRate: null, knowledgeRate: null });
      const a = await person({ year: 2023 });
      const b = await person({ year: 2023 });
      const c = await person({ year: 2024 });
      await person({ year: 2024 });
      await send(s.id);
      const respond = async (u: { id: string }, employed: boolean, year: number) => {
        await answer(s.id, u.id);
        const [r] = await rows<{ id: string }>(
          t,
          sql`insert into survey_responses (survey_id, user_id, role, course_id, graduation_year)
              values (${s.id}, ${u.id}, 'alumni', (select course_id from users where id = ${u.id}), ${year})
              returning id`,
        );
        await t.db.execute(
          sql`insert into survey_answers (response_id, question_id, value)
              values (${r.id}, ${employed ? questions[0].id : questions[1].id}, '"Yes"'::jsonb)`,
        );
      };
      await respond(a, true, 2023);
      await respond(b, false, 2023);
      await respond(c, true, 2024);
      // No question keyed employment_status: nothing is known.
      let p = await computeProgress(t.db, s.id);
      expect(p).toMatchObject({
        targeted: 4,
        invited: 4,
        answered: 3,
        responseRate: 0.75,
        known: 0,
        knowledgeRate: 0,
        hasEmploymentQuestion: false,
      });
      await t.db.execute(
        sql`update survey_questions set key = 'employment_status' where id = ${questions[0].id}`,
      );
      p = await computeProgress(t.db, s.id);
      expect(p).toMatchObject({ known: 2, knowledgeRate: 0.5, hasEmploymentQuestion: true });
      expect(p.byGraduationYear).toEqual([
        expect.objectContaining({
          graduationYear: 2023,
          targeted: 2,
          answered: 2,
          responseRate: 1,
          known: 1,
          knowledgeRate: 0.5,
        }),
        expect.objectContaining({
          graduationYear: 2024,
          targeted: 2,
          answered: 1,
          responseRate: 0.5,
          known: 1,
        }),
      ]);
      expect(p.byCourse).toEqual([expect.objectContaining({ targeted: 4, answered: 3, known: 2 })]);
      expect(p.byCourse[0].course).not.toBe("No programme");
    });

    it("withholds a programme's or a year's small count of known statuses in an anonymous survey", async () => {
      const { survey: s, questions } = await createSurvey(t.db, {
        audience: "alumni",
        questions: [{ text: "Employed?", type: "multiple_choice", options: ["Yes", "No"] }],
      });
      await t.db.execute(
        sql`update survey_questions set key = 'employment_status' where id = ${questions[0].id}`,
      );
      // Five of 2023 (a group big enough to show) and one of 2024 (too small in anonymous mode).
      const people = [
        ...(await Promise.all([1, 2, 3, 4, 5].map(() => person({ year: 2023 })))),
        await person({ year: 2024 }),
      ];
      for (const [i, u] of people.entries()) {
        const year = i < 5 ? 2023 : 2024;
        await answer(s.id, u.id);
        const [r] = await rows<{ id: string }>(
          t,
          sql`insert into survey_responses (survey_id, user_id, role, course_id, graduation_year)
              values (${s.id}, null, 'alumni', (select course_id from users where id = ${u.id}), ${year})
              returning id`,
        );
        await t.db.execute(
          sql`insert into survey_answers (response_id, question_id, value)
              values (${r.id}, ${questions[0].id}, '"Yes"'::jsonb)`,
        );
      }
      const year = (p: Awaited<ReturnType<typeof computeProgress>>, y: number) =>
        p.byGraduationYear.find((g) => g.graduationYear === y);
      // Named: every count shows.
      let p = await computeProgress(t.db, s.id);
      expect(year(p, 2024)).toMatchObject({ answered: 1, known: 1, knowledgeRate: 1 });
      await t.db.execute(sql`update surveys set anonymous = true where id = ${s.id}`);
      p = await computeProgress(t.db, s.id);
      expect(p).toMatchObject({ known: 6, answered: 6 });
      expect(year(p, 2023)).toMatchObject({ known: 5, knowledgeRate: 1 });
      expect(year(p, 2023)?.knownSuppressed).toBeUndefined();
      expect(year(p, 2024)).toMatchObject({
        answered: 1,
        known: null,
        knowledgeRate: null,
        knownSuppressed: true,
      });
      expect(p.byCourse).toEqual([expect.objectContaining({ known: 6 })]);
    });
  });
});
