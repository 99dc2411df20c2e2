import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { forEachDb } from "../../../tests/setup/db";
import { createSurvey as createSurveyRow, createUser } from "../../../tests/factories";
import { surveyAnswers, surveyQuestions, surveyResponses } from "../../../db/schema";
import {
  createSurvey,
  createSurveyFromTemplate,
  deleteResponse,
  deleteSurvey,
  getSurvey,
  getSurveyForAnswering,
  listEligibleSurveys,
  listResponses,
  listSurveys,
  submitResponse,
  surveySummary,
  updateSurvey,
} from "./survey.server";
import { responsesCsvString } from "../../../tests/setup/survey-csv";
import type { Role } from "../../../db/constants";
import { ctxOf } from "~/models/context";

async function errorOf(p: Promise<unknown>) {
  try {
    await p;
  } catch (e) {
    return e as { status: number; message: string; fields?: Record<string, string[]> };
  }
  throw new Error("expected a rejection");
}

const ALL_TYPES = [
  { text: "Your name on the certificate", type: "short_text" as const, required: true },
  { text: "Tell us about your OJT", type: "long_text" as const },
  { text: "Employed?", type: "multiple_choice" as const, required: true, options: ["Yes", "No"] },
  { text: "Skills used", type: "checkbox" as const, options: ["Comms", "Safety", "IT"] },
  { text: "Rate the programme", type: "rating" as const, required: true, scaleMax: 5 },
];

describe("surveys", () =>
  forEachDb((t) => {
    async function people() {
      const admin = (await createUser(t.db, { role: "admin" })).user;
      const student = (await createUser(t.db, { role: "student" })).user;
      const alumnus = (await createUser(t.db, { role: "alumni" })).user;
      return { admin, student, alumnus };
    }

    it("lists eligible surveys by audience, status and role; answered ones and admins get none", async () => {
      const { admin, student, alumnus } = await people();
      const all = await createSurveyRow(t.db, { title: "All", audience: "all" });
      const forStudents = await createSurveyRow(t.db, { title: "Students", audience: "students" });
      const forAlumni = await createSurveyRow(t.db, { title: "Alumni", audience: "alumni" });
      await createSurveyRow(t.db, { title: "Draft", audience: "all", status: "draft" });

      const titles = async (u: { id: string; role: string }) =>
        (await listEligibleSurveys(t.db, u)).map((s) => s.title).sort();
      expect(await titles(student)).toEqual(["All", "Students"]);
      expect(await titles(alumnus)).toEqual(["All", "Alumni"]);
      expect(await titles(admin)).toEqual([]);
      const one = (await listEligibleSurveys(t.db, student)).find((s) => s.id === all.survey.id)!;
      expect(one).toEqual({ id: all.survey.id, title: "All", description: null, questionCount: 1 });

      await submitResponse(ctxOf(t.db, student), all.survey.id, {
        answers: [{ questionId: all.questions[0].id, value: "Fine" }],
      });
      expect(await titles(student)).toEqual(["Students"]);
      expect(await titles(alumnus)).toEqual(["All", "Alumni"]);

      // A survey not meant for the role is not found, not merely refused.
      expect(
        (await errorOf(getSurveyForAnswering(ctxOf(t.db, student), forAlumni.survey.id))).status,
      ).toBe(404);
      expect((await getSurveyForAnswering(ctxOf(t.db, student), all.survey.id)).state).toBe(
        "answered",
      );
      expect((await getSurveyForAnswering(ctxOf(t.db, student), forStudents.survey.id)).state).toBe(
        "open",
      );
      expect((await getSurveyForAnswering(ctxOf(t.db, admin), forAlumni.survey.id)).state).toBe(
        "preview",
      );
      const e = await errorOf(submitResponse(ctxOf(t.db, admin), all.survey.id, { answers: [] }));
      expect(e.status).toBe(403);
      const wrongRole = await errorOf(
        submitResponse(ctxOf(t.db, alumnus), forStudents.survey.id, { answers: [] }),
      );
      expect(wrongRole.status).toBe(403);

      const mine = await listSurveys(ctxOf(t.db, student));
      expect(mine.map((s) => [s.title, s.answered]).sort()).toEqual([
        ["All", true],
        ["Students", false],
      ]);
      expect((await listSurveys(ctxOf(t.db, admin))).length).toBe(4);
    });

    it("keeps one response per user, also under concurrent submits", async () => {
      const { student } = await people();
      const { survey, questions } = await createSurveyRow(t.db);
      const payload = {
        answers: [
          {
            questionId: questions[0].id,
            type: "short_text",
            label: "How are you?",
            value: "Great",
          },
        ],
      };
      const results = await Promise.allSettled(
        Array.from({ length: 6 }, () => submitResponse(ctxOf(t.db, student), survey.id, payload)),
      );
      const ok = results.filter((r) => r.status === "fulfilled");
      const failed = results.filter((r): r is PromiseRejectedResult => r.status === "rejected");
      expect(ok).toHaveLength(1);
      expect(failed).toHaveLength(5);
      for (const f of failed) {
        expect(f.reason.status).toBe(409);
        expect(f.reason.message).toBe("You have already answered this survey.");
      }
      const rows = await t.db
        .select()
        .from(surveyResponses)
        .where(eq(surveyResponses.surveyId, survey.id));
      expect(rows).toHaveLength(1);
      expect(await t.db.select().from(surveyAnswers)).toHaveLength(1);
    });

    it("validates answers per type and stores them normalised", async () => {
      const { student, alumnus } = await people();
      const { survey, questions } = await createSurveyRow(t.db, { questions: ALL_TYPES });
      const [short, long, mc, cb, rating] = questions;
      const submit = (answers: { questionId: string; value: unknown }[], who = student) =>
        submitResponse(ctxOf(t.db, who), survey.id, { answers });
      const base = [
        { questionId: short.id, value: "  Juan  " },
        { questionId: mc.id, value: "Yes" },
        { questionId: rating.id, value: 4 },
      ];
      const bad: [unknown[], string][] = [
        [
          [...base.slice(0, 1), { questionId: mc.id, value: "Maybe" }, base[2]],
          "Please choose one of the options for: Employed?",
        ],
        [
          [...base, { questionId: cb.id, value: ["Comms", "Cooking"] }],
          "Please choose one of the options for: Skills used",
        ],
        [
          [base[0], base[1], { questionId: rating.id, value: 6 }],
          "Rating for “Rate the programme” must be a whole number from 1 to 5",
        ],
        [
          [base[0], base[1], { questionId: rating.id, value: 2.5 }],
          "Rating for “Rate the programme” must be a whole number from 1 to 5",
        ],
        [
          [base[0], base[1], { questionId: rating.id, value: -1 }],
          "Rating for “Rate the programme” must be a whole number from 1 to 5",
        ],
        [
          [...base, { questionId: long.id, value: "x".repeat(10_001) }],
          "The answer to “Tell us about your OJT” is too long (at most 10000 characters)",
        ],
        [
          [...base, { questionId: "00000000-0000-4000-8000-000000000000", value: "x" }],
          "An answer refers to a question that is not in this survey",
        ],
        [[...base, { questionId: short.id, value: "again" }], "A question was answered twice"],
      ];
      for (const [answers, message] of bad) {
        const e = await errorOf(submit(answers as never));
        expect(e.status, message).toBe(400);
        expect(e.message).toBe(message);
      }
      const badShape = await errorOf(
        submitResponse(ctxOf(t.db, student), survey.id, { answers: "nope" }),
      );
      expect(badShape.status).toBe(400);
      expect(await t.db.select().from(surveyResponses)).toHaveLength(0);

      await submit([
        ...base,
        { questionId: cb.id, value: ["IT", "Comms", "IT"] },
        { questionId: long.id, value: "   " },
      ]);
      const [stored] = await listResponses(t.db, survey.id);
      const byQ = Object.fromEntries(stored.answers.map((a) => [a.questionId, a.value]));
      expect(byQ).toEqual({
        [short.id]: "Juan",
        [mc.id]: "Yes",
        [rating.id]: 4,
        [cb.id]: ["Comms", "IT"],
      });
      // A rating sent as a numeric string (no-JS form) is stored as a number.
      await submit([base[0], base[1], { questionId: rating.id, value: "5" }], alumnus);
      const rows = await listResponses(t.db, survey.id, { role: "alumni" });
      expect(rows[0].answers.find((a) => a.questionId === rating.id)!.value).toBe(5);
    });

    it("enforces required questions with 'Please answer: {text}'", async () => {
      const { student } = await people();
      const { survey, questions } = await createSurveyRow(t.db, { questions: ALL_TYPES });
      const [short, , mc, , rating] = questions;
      const cases: [unknown[], string][] = [
        [[], "Please answer: Your name on the certificate"],
        [[{ questionId: short.id, value: "   " }], "Please answer: Your name on the certificate"],
        [
          [
            { questionId: short.id, value: "A" },
            { questionId: mc.id, value: "" },
          ],
          "Please answer: Employed?",
        ],
        [
          [
            { questionId: short.id, value: "A" },
            { questionId: mc.id, value: "No" },
            { questionId: rating.id, value: 0 },
          ],
          "Please answer: Rate the programme",
        ],
      ];
      for (const [answers, message] of cases) {
        const e = await errorOf(submitResponse(ctxOf(t.db, student), survey.id, { answers }));
        expect(e.status).toBe(400);
        expect(e.message).toBe(message);
      }
      const req = await createSurveyRow(t.db, {
        questions: [{ text: "Pick some", type: "checkbox", required: true, options: ["a", "b"] }],
      });
      const e = await errorOf(
        submitResponse(ctxOf(t.db, student), req.survey.id, {
          answers: [{ questionId: req.questions[0].id, value: [] }],
        }),
      );
      expect(e.message).toBe("Please answer: Pick some");
    });

    it("creates the graduate tracer template as an editable draft for alumni", async () => {
      const { admin } = await people();
      const s = await createSurveyFromTemplate(ctxOf(t.db, admin));
      expect(s).toMatchObject({
        title: "Graduate Tracer Study",
        status: "draft",
        audience: "alumni",
      });
      const texts = s.questions.map((q) => q.text).join("\n");
      for (const topic of [
        /employed/i,
        /first job/i,
        /related to the course/i,
        /monthly earning/i,
        /find your first job/i,
        /competencies/i,
      ])
        expect(texts).toMatch(topic);
      expect(s.questions.map((q) => q.type)).toEqual(
        expect.arrayContaining([
          "multiple_choice",
          "checkbox",
          "rating",
          "short_text",
          "long_text",
        ]),
      );
      expect(s.questions.map((q) => q.order)).toEqual(s.questions.map((_, i) => i));
      const edited = await updateSurvey(ctxOf(t.db, admin), s.id, {
        ...s,
        status: "active",
        questions: s.questions.slice(0, 3),
      });
      expect(edited.status).toBe("active");
      expect(edited.questions.map((q) => q.id)).toEqual(s.questions.slice(0, 3).map((q) => q.id));
    });

    it("edits keep question ids and old answers: removed answered questions are archived and still exported", async () => {
      const { admin, student } = await people();
      const created = await createSurvey(ctxOf(t.db, admin), {
        title: "Tracer",
        audience: "ALL",
        status: "active",
        questions: [
          { text: "Job title", type: "text" },
          { text: "Employed?", type: "radio", options: "Yes\n  No \n\nYes" },
          { text: "Unused", type: "essay" },
          { text: "Stars", type: "rating" },
        ],
      });
      expect(created.audience).toBe("all");
      const [title, employed, unused, stars] = created.questions;
      expect([title.type, employed.type, unused.type, stars.type]).toEqual([
        "short_text",
        "multiple_choice",
        "long_text",
        "rating",
      ]);
      expect(employed.options).toEqual(["Yes", "No"]);
      await submitResponse(ctxOf(t.db, student), created.id, {
        answers: [
          { questionId: title.id, value: '=HYPERLINK("x")' },
          { questionId: employed.id, value: "Yes" },
          { questionId: stars.id, value: 3 },
        ],
      });

      const updated = await updateSurvey(ctxOf(t.db, admin), created.id, {
        title: "Tracer v2",
        audience: "alumni",
        status: "whatever",
        questions: [
          {
            _id: employed.id,
            text: "Are you employed?",
            type: "multiple_choice",
            options: ["Yes", "No", "Studying"],
            required: true,
          },
          { text: "New question", type: "short_text" },
          { _id: stars.id, text: "Stars as text now", type: "short_text" },
        ],
      });
      expect(updated.status).toBe("draft");
      expect(updated.audience).toBe("alumni");
      expect(updated.questions.map((q) => q.text)).toEqual([
        "Are you employed?",
        "New question",
        "Stars as text now",
      ]);
      expect(updated.questions[0].id).toBe(employed.id);
      // The answered rating changed to an incompatible type: archived and replaced by a new id.
      expect(updated.questions[2].id).not.toBe(stars.id);

      const all = await t.db
        .select()
        .from(surveyQuestions)
        .where(eq(surveyQuestions.surveyId, created.id));
      const state = Object.fromEntries(all.map((q) => [q.id, q.archivedAt ? "archived" : "live"]));
      expect(state[title.id]).toBe("archived");
      expect(state[stars.id]).toBe("archived");
      expect(state[unused.id]).toBeUndefined(); // never answered: deleted
      expect(state[employed.id]).toBe("live");

      const csv = await responsesCsvString(t.db, created.id);
      const [header, row] = csv
        .replace(/^\uFEFF/, "")
        .trimEnd()
        .split("\r\n");
      expect(header).toBe(
        "Respondent,Email,Role,Course,Submitted At,Are you employed?,New question,Stars as text now,Job title (removed),Stars (removed)",
      );
      expect(row).toContain(`,Yes,,,"'=HYPERLINK(""x"")",3`);

      const summary = await surveySummary(t.db, created.id);
      expect(summary.total).toBe(1);
      const emp = summary.questions.find((q) => q.questionId === employed.id)!;
      expect(emp.counts).toEqual([
        { label: "Yes", count: 1 },
        { label: "No", count: 0 },
        { label: "Studying", count: 0 },
      ]);
    });

    it("rejects bad editor payloads with field errors and refuses non-admins", async () => {
      const { admin, student } = await people();
      const e1 = await errorOf(createSurvey(ctxOf(t.db, admin), { title: "  ", questions: [] }));
      expect(e1.status).toBe(400);
      expect(e1.message).toBe("Survey title is required");
      const e2 = await errorOf(
        createSurvey(ctxOf(t.db, admin), { title: "T", questions: [{ text: "", type: "rating" }] }),
      );
      expect(e2.fields?.["questions.0.text"]).toEqual(["Question text is required"]);
      const e3 = await errorOf(
        createSurvey(ctxOf(t.db, admin), {
          title: "T",
          questions: [{ text: "Pick", type: "checkbox", options: " \n " }],
        }),
      );
      expect(e3.message).toBe("Add at least one option (one per line)");
      const e4 = await errorOf(
        createSurvey(ctxOf(t.db, admin), { title: "T", audience: "teachers" }),
      );
      expect(e4.message).toBe("Audience must be all, students or alumni");
      expect((await errorOf(createSurvey(ctxOf(t.db, student), { title: "T" }))).status).toBe(403);
      // Unknown types are read as a text question; options are only kept for choice types.
      const s = await createSurvey(ctxOf(t.db, admin), {
        title: "T",
        questions: [{ label: "Q", type: "dropdown-thing", options: ["a"] }],
      });
      expect(s.questions[0]).toMatchObject({ text: "Q", type: "short_text", options: [] });
    });

    it("deletes a survey with its responses, and single responses; summaries follow the role filter", async () => {
      const { admin } = await people();
      const { survey, questions } = await createSurveyRow(t.db, {
        questions: [
          { text: "Employed?", type: "multiple_choice", options: ["Yes", "No"] },
          { text: "Skills", type: "checkbox", options: ["A", "B"] },
          { text: "Rate", type: "rating" },
          { text: "Comment", type: "long_text" },
        ],
      });
      const [mc, cb, rating, comment] = questions;
      const roles: Role[] = ["student", "student", "alumni"];
      const values = [
        ["Yes", ["A", "B"], 5, "great"],
        ["No", ["A"], 3, ""],
        ["Yes", ["B"], 4, "ok"],
      ] as const;
      for (const [i, role] of roles.entries()) {
        const u = (await createUser(t.db, { role })).user;
        const [a, b, c, d] = values[i];
        await submitResponse(ctxOf(t.db, u), survey.id, {
          answers: [
            { questionId: mc.id, value: a },
            { questionId: cb.id, value: [...b] },
            { questionId: rating.id, value: c },
            { questionId: comment.id, value: d },
          ],
        });
      }
      const s = await surveySummary(t.db, survey.id);
      const by = (id: string, sum = s) => sum.questions.find((q) => q.questionId === id)!;
      expect(s.total).toBe(3);
      expect(by(mc.id).counts).toEqual([
        { label: "Yes", count: 2 },
        { label: "No", count: 1 },
      ]);
      expect(by(cb.id).counts).toEqual([
        { label: "A", count: 2 },
        { label: "B", count: 2 },
      ]);
      expect(by(rating.id).average).toBe(4);
      expect(by(rating.id).distribution!.map((d) => d.count)).toEqual([0, 0, 1, 1, 1]);
      expect(by(comment.id).answered).toBe(2);
      const students = await surveySummary(t.db, survey.id, { role: "student" });
      expect(students.total).toBe(2);
      expect(by(rating.id, students).average).toBe(4);
      expect(by(mc.id, students).counts).toEqual([
        { label: "Yes", count: 1 },
        { label: "No", count: 1 },
      ]);

      const list = await listResponses(t.db, survey.id, { role: "alumni" });
      expect(list).toHaveLength(1);
      expect(list[0].userId).toMatchObject({
        name: expect.any(String),
        email: expect.stringContaining("@"),
      });
      await deleteResponse(ctxOf(t.db, admin), survey.id, list[0].id);
      expect(await listResponses(t.db, survey.id)).toHaveLength(2);
      expect(
        (await errorOf(deleteResponse(ctxOf(t.db, admin), survey.id, list[0].id))).status,
      ).toBe(404);

      expect((await getSurvey(ctxOf(t.db, admin), survey.id)).responseCount).toBe(2);
      expect(await deleteSurvey(ctxOf(t.db, admin), survey.id)).toEqual({
        deleted: true,
        responses: 2,
      });
      expect(await t.db.select().from(surveyResponses)).toHaveLength(0);
      expect(await t.db.select().from(surveyAnswers)).toHaveLength(0);
      expect((await errorOf(deleteSurvey(ctxOf(t.db, admin), survey.id))).status).toBe(404);
    });
  }));
