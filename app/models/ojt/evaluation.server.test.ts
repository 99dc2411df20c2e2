/**
 * Supervisor evaluations and host reviews on PGlite and PostgreSQL: the midterm is asked at the
 * placement's midpoint (college date) and not before, the final when approved hours reach the
 * requirement, each once; links are hashed, single-use, expiring and revoked with the supervisor
 * address; the rubric is versioned and an answer keeps its version; a host review is the
 * student's, once, at the end; a company's average shows from 3 reviews only.
 */
import { describe, expect, it } from "vitest";
import { and, eq, like } from "drizzle-orm";
import { caught } from "../../../tests/setup/caught";
import { forEachDb, type TestDb } from "../../../tests/setup/db";
import { createUser } from "../../../tests/factories";
import { createCoordinator, createOjtSetup, ctxAs, ojtClock } from "../../../tests/factories/ojt";
import {
  answerFinal,
  DEFAULT_RATINGS,
  lastEvaluationToken,
  placementAtRequiredHours,
} from "../../../tests/factories/ojt-eval";
import { mailOutbox, ojtEvaluationTokens } from "#db/schema";
import { Conflict, Forbidden, NotFound, Unauthorized } from "~/lib/errors";
import {
  EVAL_MSG,
  evaluationInputSchema,
  hostReviewSchema,
  midpointOf,
  rubricInputSchema,
} from "./evaluation.schema";
import {
  evaluationFormView,
  getRubric,
  hostRatingForViewer,
  hostRatingSummary,
  listEvaluations,
  resendEvaluation,
  sendDueEvaluations,
  submitEvaluation,
  submitHostReview,
  updateRubric,
} from "./evaluation.server";
import { getPlacement, updatePlacement } from "./placement.server";
import { runOjtReminders } from "./reminders.server";

const REVIEW = {
  ratings: {
    learning_opportunities: 5,
    supervision_mentoring: 4,
    safety_culture: 5,
    facilities_equipment: 3,
    treatment_of_interns: 4,
  },
  comments: null,
};

forEachDb((t: TestDb) => {
  async function evaluationMails(to: string) {
    return t.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, to), like(mailOutbox.template, "ojt_evaluation_%")));
  }

  describe("midterm evaluation", () => {
    it("is asked at the midpoint by the college's date, not before, once; its link works once", async () => {
      const clock = ojtClock("2026-03-16T02:00:00Z");
      const s = await createOjtSetup(t.db, clock.cfg); // 2026-03-02 … 2026-06-30
      const pid = s.placement.id;
      const sup = s.placement.supervisor.email;
      expect(midpointOf("2026-03-02", "2026-06-30")).toBe("2026-05-01");
      // Before the midpoint: the timer asks nothing, a coordinator cannot send it either.
      expect((await sendDueEvaluations(t.db, clock.cfg)).sent).toBe(0);
      const early = await caught(resendEvaluation(s.coordinator, pid, "midterm"));
      expect(early).toBeInstanceOf(Conflict);
      expect(early.message).toBe(EVAL_MSG.beforeMidpoint("2026-05-01"));
      expect(await t.db.select().from(ojtEvaluationTokens)).toHaveLength(0);
      // 23:00 on 30 April in Manila is still before the midpoint; 00:30 on 1 May is on it.
      clock.set("2026-04-30T15:00:00Z");
      expect((await runOjtReminders(t.db, clock.cfg)).evaluations).toBe(0);
      clock.set("2026-04-30T16:30:00Z");
      const run = await runOjtReminders(t.db, clock.cfg);
      expect(run.evaluations).toBe(1);
      expect(run.items.filter((i) => i.kind === "evaluation")).toEqual([
        { kind: "evaluation", placementId: pid, to: sup, stage: "midterm" },
      ]);
      expect((await runOjtReminders(t.db, clock.cfg)).evaluations).toBe(0);
      expect(await evaluationMails(sup)).toHaveLength(1);
      const token = await lastEvaluationToken(t.db, sup);
      // Stored only as a hash.
      expect(JSON.stringify(await t.db.select().from(ojtEvaluationTokens))).not.toContain(token);
      const view = await evaluationFormView(t.db, clock.cfg, token);
      expect([view.stage, view.rubric.version, view.rubric.criteria.length]).toEqual([
        "midterm",
        1,
        7,
      ]);
      // The final is not due: hours are far from the requirement.
      expect((await caught(resendEvaluation(s.coordinator, pid, "final"))).message).toBe(
        EVAL_MSG.hoursNotReached,
      );
      const r = await submitEvaluation(t.db, clock.cfg, token, 1, {
        ratings: DEFAULT_RATINGS,
        comments: null,
        wouldHire: "maybe",
      });
      expect(r).toMatchObject({ stage: "midterm", average: 4.43 });
      // Spent: the page and a second submission answer 404; the coordinator cannot ask again.
      expect(await caught(evaluationFormView(t.db, clock.cfg, token))).toBeInstanceOf(NotFound);
      expect(
        await caught(
          submitEvaluation(t.db, clock.cfg, token, 1, {
            ratings: DEFAULT_RATINGS,
            comments: null,
            wouldHire: "no",
          }),
        ),
      ).toBeInstanceOf(NotFound);
      expect((await caught(resendEvaluation(s.coordinator, pid, "midterm"))).message).toBe(
        EVAL_MSG.alreadySubmitted,
      );
      const p = await getPlacement(s.student, pid);
      expect(p.evaluations).toEqual([
        { stage: "midterm", submittedAt: "2026-04-30T16:30:00.000Z", average: 4.43 },
      ]);
      const list = await listEvaluations(s.coordinator, pid);
      expect(list.items[0]).toMatchObject({
        stage: "midterm",
        rubricVersion: 1,
        wouldHire: "maybe",
        supervisorName: "Maria Santos",
      });
      expect(list.items[0].criteria[0]).toEqual({
        key: "quality_of_work",
        label: "Quality of work",
        rating: 5,
      });
      expect(list.midpoint).toBe("2026-05-01");
    });

    it("refuses an answer once the period moved the midpoint later, and links that are forged, expired or for an old supervisor", async () => {
      const clock = ojtClock("2026-05-02T02:00:00Z");
      const s = await createOjtSetup(t.db, clock.cfg);
      const pid = s.placement.id;
      const sup = s.placement.supervisor.email;
      await resendEvaluation(s.coordinator, pid, "midterm");
      const token = await lastEvaluationToken(t.db, sup);
      await evaluationFormView(t.db, clock.cfg, token);
      // The end moves to December: the midpoint is now in August — the link no longer answers.
      await updatePlacement(s.coordinator, pid, { expectedEndDate: "2026-12-31" });
      expect(await caught(evaluationFormView(t.db, clock.cfg, token))).toBeInstanceOf(NotFound);
      await updatePlacement(s.coordinator, pid, { expectedEndDate: "2026-06-30" });
      await evaluationFormView(t.db, clock.cfg, token);
      // Forged, or of the right shape but unknown.
      expect(await caught(evaluationFormView(t.db, clock.cfg, "x"))).toBeInstanceOf(NotFound);
      expect(
        await caught(evaluationFormView(t.db, clock.cfg, token.slice(0, -2) + "AA")),
      ).toBeInstanceOf(NotFound);
      // A new supervisor address revokes the link; the timer asks the new supervisor once.
      await updatePlacement(s.coordinator, pid, {
        supervisor: { email: "new.lead@mro.example.com" },
      });
      expect(await caught(evaluationFormView(t.db, clock.cfg, token))).toBeInstanceOf(NotFound);
      expect((await sendDueEvaluations(t.db, clock.cfg)).sent).toBe(1);
      expect((await sendDueEvaluations(t.db, clock.cfg)).sent).toBe(0);
      const fresh = await lastEvaluationToken(t.db, "new.lead@mro.example.com");
      await evaluationFormView(t.db, clock.cfg, fresh);
      // Expired after 14 days.
      clock.advanceDays(14.01);
      expect(await caught(evaluationFormView(t.db, clock.cfg, fresh))).toBeInstanceOf(NotFound);
      // Another programme's coordinator and a student cannot resend.
      const other = ctxAs(t.db, clock.cfg, await createCoordinator(t.db, ["BSAET"]));
      expect(await caught(resendEvaluation(other, pid, "midterm"))).toBeInstanceOf(NotFound);
      expect(await caught(resendEvaluation(s.student, pid, "midterm"))).toBeInstanceOf(Forbidden);
      await resendEvaluation(s.coordinator, pid, "midterm");
      expect(await evaluationMails("new.lead@mro.example.com")).toHaveLength(2);
    });
  });

  describe("final evaluation", () => {
    it("is asked by the approval that reaches the required hours, once", async () => {
      const clock = ojtClock("2026-03-16T02:00:00Z");
      const s = await placementAtRequiredHours(t.db, clock.cfg);
      const sup = s.placement.supervisor.email;
      const mails = await evaluationMails(sup);
      expect(mails.map((m) => m.template)).toEqual(["ojt_evaluation_request"]);
      expect(mails[0].subject).toContain("final evaluation");
      expect((await sendDueEvaluations(t.db, clock.cfg)).sent).toBe(0);
      const token = await lastEvaluationToken(t.db, sup);
      expect((await evaluationFormView(t.db, clock.cfg, token)).stage).toBe("final");
      await answerFinal(t.db, clock.cfg, sup);
      expect((await getPlacement(s.coordinator, s.placement.id)).evaluations).toMatchObject([
        { stage: "final", average: 4.43 },
      ]);
    });
  });

  describe("rubric", () => {
    it("is edited by admins only, as a new version; a submitted evaluation keeps its version", async () => {
      const clock = ojtClock("2026-03-16T02:00:00Z");
      const { user: admin } = await createUser(t.db, { role: "admin" });
      const adminCtx = ctxAs(t.db, clock.cfg, admin);
      const s = await placementAtRequiredHours(t.db, clock.cfg);
      const sup = s.placement.supervisor.email;
      const before = await getRubric(adminCtx);
      const finalToken = await lastEvaluationToken(t.db, sup);
      expect((await evaluationFormView(t.db, clock.cfg, finalToken)).rubric.version).toBe(
        before.version,
      );
      await answerFinal(t.db, clock.cfg, sup);
      // Only admins.
      const input = rubricInputSchema.parse({
        criteria: [{ label: "Quality of work" }, { label: "Use of tools & manuals" }],
      });
      expect(input.criteria.map((c) => c.key)).toEqual(["quality_of_work", "use_of_tools_manuals"]);
      expect(await caught(updateRubric(s.coordinator, input))).toBeInstanceOf(Forbidden);
      expect(await caught(updateRubric(s.student, input))).toBeInstanceOf(Forbidden);
      expect(await caught(updateRubric({ db: t.db, actor: null }, input))).toBeInstanceOf(
        Unauthorized,
      );
      expect(await caught(getRubric(s.coordinator))).toBeInstanceOf(Forbidden);
      const next = await updateRubric(adminCtx, input);
      expect(next.version).toBe(before.version + 1);
      expect((await getRubric(adminCtx)).criteria).toHaveLength(2);
      // The answered evaluation still reads its version's seven criteria.
      const list = await listEvaluations(s.coordinator, s.placement.id);
      expect([list.items[0].rubricVersion, list.items[0].criteria.length]).toEqual([
        before.version,
        7,
      ]);
      // Duplicate keys, none, and bad keys are refused.
      expect(
        rubricInputSchema.safeParse({ criteria: [{ label: "A" }, { label: "a" }] }).success,
      ).toBe(false);
      expect(rubricInputSchema.safeParse({ criteria: [] }).success).toBe(false);
      expect(
        rubricInputSchema.safeParse({ criteria: [{ key: "Bad Key", label: "X" }] }).success,
      ).toBe(false);
    });

    it("parses ratings strictly: every criterion, whole numbers 1–5, no unknown ones", () => {
      const schema = evaluationInputSchema([
        { key: "a", label: "A" },
        { key: "b", label: "B" },
      ]);
      const ok = schema.safeParse({ ratings: { a: "5", b: 1 }, comments: " ", wouldHire: "yes" });
      expect(ok.data).toEqual({ ratings: { a: 5, b: 1 }, comments: null, wouldHire: "yes" });
      for (const ratings of [
        { a: 6, b: 1 },
        { a: 0, b: 1 },
        { a: 2.5, b: 1 },
        { a: 3 },
        { a: 3, b: 3, c: 3 },
      ])
        expect(schema.safeParse({ ratings, wouldHire: "yes" }).success).toBe(false);
      expect(schema.safeParse({ ratings: { a: 3, b: 3 }, wouldHire: "perhaps" }).success).toBe(
        false,
      );
      expect(
        hostReviewSchema.safeParse({ ratings: { ...REVIEW.ratings, safety_culture: 9 } }).success,
      ).toBe(false);
    });
  });

  describe("host reviews", () => {
    it("are the student's, once, after the final evaluation; a company's average shows from 3 reviews", async () => {
      const clock = ojtClock("2026-03-16T02:00:00Z");
      const a = await createOjtSetup(t.db, clock.cfg, { requiredHours: 8 });
      const company = a.company.id;
      // Too early: the final evaluation is not in.
      const early = await caught(submitHostReview(a.student, a.placement.id, REVIEW));
      expect([early instanceof Conflict, early.message]).toEqual([true, EVAL_MSG.reviewTooEarly]);
      const reviewed = [];
      for (let i = 0; i < 3; i++) {
        const s = await placementAtRequiredHours(t.db, clock.cfg);
        await updatePlacement(s.coordinator, s.placement.id, { companyId: company });
        await answerFinal(t.db, clock.cfg, s.placement.supervisor.email);
        reviewed.push(s);
      }
      const [first, second, third] = reviewed;
      // Others may not: another student (not revealed), the coordinator (not theirs to give).
      const { user: stranger } = await createUser(t.db, { role: "student", courseCode: "BSAMT" });
      expect(
        await caught(
          submitHostReview(ctxAs(t.db, clock.cfg, stranger), first.placement.id, REVIEW),
        ),
      ).toBeInstanceOf(NotFound);
      expect(
        await caught(submitHostReview(first.coordinator, first.placement.id, REVIEW)),
      ).toBeInstanceOf(Forbidden);
      const viewer = { db: t.db };
      expect(await hostRatingSummary(viewer, company)).toBeNull();
      await submitHostReview(first.student, first.placement.id, REVIEW);
      const twice = await caught(submitHostReview(first.student, first.placement.id, REVIEW));
      expect([twice instanceof Conflict, twice.message]).toEqual([true, EVAL_MSG.reviewTwice]);
      await submitHostReview(second.student, second.placement.id, {
        ratings: { ...REVIEW.ratings, facilities_equipment: 5 },
        comments: "Good hangar",
      });
      // Two reviews: still hidden (an average of two would give each away).
      expect(await hostRatingSummary(viewer, company)).toBeNull();
      await submitHostReview(third.student, third.placement.id, {
        ratings: {
          learning_opportunities: 1,
          supervision_mentoring: 1,
          safety_culture: 1,
          facilities_equipment: 1,
          treatment_of_interns: 1,
        },
        comments: null,
      });
      // (4.2 + 4.6 + 1) / 3 = 3.27
      expect(await hostRatingSummary(viewer, company)).toEqual({ average: 3.27, count: 3 });
      expect(await hostRatingSummary(viewer, "not-a-uuid")).toBeNull();
      // The job and company pages show it to the college's people only, not to guests or employers.
      expect(await hostRatingForViewer(first.student, company)).toEqual({
        average: 3.27,
        count: 3,
      });
      expect(await hostRatingForViewer({ db: t.db, actor: null }, company)).toBeNull();
      const employer = {
        id: "00000000-0000-4000-8000-000000000001",
        role: "employer" as const,
        email: "hr@host.example.com",
        companyId: company,
      };
      expect(await hostRatingForViewer({ db: t.db, actor: employer }, company)).toBeNull();
    });
  });
});
