/**
 * Tracer outcomes (ADR 101) on a known fixture whose figures are computed by hand in the
 * comments, on PGlite and PostgreSQL: arithmetic, suppression of small groups, answers found by key
 * after rewording, adding and archiving questions, and the CSV.
 */
import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { forEachDb } from "../../../tests/setup/db";
import { createCompany, createUser } from "../../../tests/factories";
import { surveys, users } from "../../../db/schema";
import type { Db } from "../../../db/client";
import { ctxOf } from "~/models/context";
import {
  createSurvey,
  createSurveyFromTemplate,
  getSurvey,
  submitResponse,
  updateSurvey,
  type SurveyDto,
} from "./survey.server";
import { outcomesCsv, surveyOutcomes } from "./outcomes.server";
import { FOUND_VIA_RUNWAY } from "./outcome-keys";

type Answers = Partial<
  Record<
    | "employment_status"
    | "months_to_first_job"
    | "job_related_to_course"
    | "first_job_salary_band"
    | "job_found_via"
    | "first_job_company",
    string | string[]
  >
>;

/** An alumnus of a programme and year (the factories know no graduation year yet). */
async function graduate(db: Db, courseCode: string, year: number) {
  const { user } = await createUser(db, { role: "alumni", courseCode });
  await db.update(users).set({ graduationYear: year }).where(eq(users.id, user.id));
  return user;
}

/** Answers by key, onto the survey's live questions; the rating is always answered (required). */
async function answer(db: Db, s: SurveyDto, who: { id: string; role: string }, a: Answers) {
  const idOf = (key: string) => s.questions.find((q) => q.key === key)?.id;
  const answers = Object.entries(a).map(([key, value]) => ({ questionId: idOf(key)!, value }));
  const rating = s.questions.find((q) => q.key === "programme_rating");
  if (rating) answers.push({ questionId: rating.id, value: 4 as never });
  await submitResponse(ctxOf(db, who as never), s.id, { answers });
}

const E = "Yes, employed";
const SELF = "Self-employed / business owner";
const NOT = "Not employed";
const NEVER = "Never been employed";

describe("tracer outcomes", () =>
  forEachDb((t) => {
    /**
     * BSAE 2024: 8 alumni, 6 answer. BSAMT 2023: 3 alumni, 3 answer. A student is not targeted.
     * Overall: targeted 11, responded 9 → response rate 9/11 = 0.8182; employment known for all 9
     * (knowledge 0.8182); employed #1 #2 #3 #5 #7 #8 = 6/9 = 0.6667; months 0 3 9 3 24 18 → sorted
     * 0 3 3 9 18 24, median (3+9)/2 = 6; related (N/A left out) Y Y N Y Y N = 4/6 = 0.6667;
     * placed: #1 (Runway option), #2 (company "  acme aviation " is on the board), #5 (both) = 3.
     */
    async function fixture() {
      const { user: admin } = await createUser(t.db, { role: "admin" });
      await createCompany(t.db, { name: "Acme Aviation" });
      const created = await createSurveyFromTemplate(ctxOf(t.db, admin));
      await t.db.update(surveys).set({ status: "active" }).where(eq(surveys.id, created.id));
      const s = await getSurvey(ctxOf(t.db, admin), created.id);
      const bsae = await Promise.all(Array.from({ length: 8 }, () => graduate(t.db, "BSAE", 2024)));
      const bsamt = await Promise.all(
        Array.from({ length: 3 }, () => graduate(t.db, "BSAMT", 2023)),
      );
      await createUser(t.db, { role: "student" });
      const rows: Answers[] = [
        {
          employment_status: E,
          months_to_first_job: "Less than a month",
          job_related_to_course: "Yes",
          first_job_salary_band: "₱15,000 to less than ₱20,000",
          job_found_via: [FOUND_VIA_RUNWAY],
        },
        {
          employment_status: E,
          months_to_first_job: "1 to 6 months",
          job_related_to_course: "Yes",
          first_job_salary_band: "₱15,000 to less than ₱20,000",
          job_found_via: ["Recommended by someone"],
          first_job_company: "  acme aviation ",
        },
        {
          employment_status: SELF,
          months_to_first_job: "7 to 11 months",
          job_related_to_course: "No",
          first_job_salary_band: "₱20,000 to less than ₱25,000",
          job_found_via: ["Family business"],
        },
        {
          employment_status: NOT,
          months_to_first_job: "Not yet employed",
          job_related_to_course: "Not applicable",
          first_job_salary_band: "Prefer not to say",
        },
        {
          employment_status: E,
          months_to_first_job: "1 to 6 months",
          job_related_to_course: "Yes",
          first_job_salary_band: "Below ₱10,000",
          job_found_via: [FOUND_VIA_RUNWAY, "Job fair or PESO"],
          first_job_company: "Acme Aviation",
        },
        {
          employment_status: NEVER,
          months_to_first_job: "Not yet employed",
          job_related_to_course: "Not applicable",
        },
      ];
      for (const [i, a] of rows.entries()) await answer(t.db, s, bsae[i], a);
      const small: Answers[] = [
        {
          employment_status: E,
          months_to_first_job: "2 years or more",
          job_related_to_course: "Yes",
          first_job_salary_band: "₱30,000 and above",
          job_found_via: ["Online job portal or social media"],
        },
        {
          employment_status: E,
          months_to_first_job: "1 year to less than 2 years",
          job_related_to_course: "No",
        },
        {
          employment_status: NOT,
          months_to_first_job: "Not yet employed",
          job_related_to_course: "Not applicable",
        },
      ];
      for (const [i, a] of small.entries()) await answer(t.db, s, bsamt[i], a);
      return { admin, s };
    }

    it("computes the overall figures of the known fixture", async () => {
      const { s } = await fixture();
      const o = await surveyOutcomes(t.db, s.id);
      expect(o).toMatchObject({
        targeted: 11,
        responded: 9,
        suppressed: false,
        responseRate: 0.8182,
        knowledgeRate: 0.8182,
        employmentRate: 0.6667,
        medianMonthsToFirstJob: 6,
        relatedToCourseRate: 0.6667,
        placedThroughRunway: 3,
      });
      expect(o.monthsToFirstJob.map((m) => [m.label, m.months, m.count])).toEqual([
        ["Less than a month", 0, 1],
        ["1 to 6 months", 3, 2],
        ["7 to 11 months", 9, 1],
        ["1 year to less than 2 years", 18, 1],
        ["2 years or more", 24, 1],
      ]);
      expect(o.salaryBands.map((b) => b.count)).toEqual([1, 0, 2, 1, 0, 1]);
      expect(o.foundVia).toEqual([
        { label: FOUND_VIA_RUNWAY, count: 2 },
        { label: "Family business", count: 1 },
        { label: "Job fair or PESO", count: 1 },
        { label: "Online job portal or social media", count: 1 },
        { label: "Recommended by someone", count: 1 },
      ]);
    });

    it("suppresses groups under 5 answers and rates whose own base is under 5", async () => {
      const { s } = await fixture();
      const o = await surveyOutcomes(t.db, s.id);
      const bsae = o.byCourse.find((c) => c.courseName === "BS in Aeronautical Engineering")!;
      // 6 answers of 8: rates shown; months (4 values) and related (4 answers) have too small a base.
      expect(bsae).toMatchObject({
        targeted: 8,
        responded: 6,
        suppressed: false,
        responseRate: 0.75,
        knowledgeRate: 0.75,
        employmentRate: 0.6667,
        medianMonthsToFirstJob: null,
        relatedToCourseRate: null,
        placedThroughRunway: 3,
      });
      const bsamt = o.byCourse.find(
        (c) => c.courseName === "BS in Aircraft Maintenance Technology",
      )!;
      expect(bsamt).toEqual({
        courseId: bsamt.courseId,
        courseName: "BS in Aircraft Maintenance Technology",
        targeted: 3,
        responded: 3,
        suppressed: true,
        // Response and knowledge rates are the Progress page's, shown for a small group too.
        responseRate: 1,
        knowledgeRate: 1,
        employmentRate: null,
        medianMonthsToFirstJob: null,
        monthsToFirstJob: [],
        relatedToCourseRate: null,
        salaryBands: [],
        foundVia: [],
        placedThroughRunway: null,
      });
      expect(o.byGraduationYear.map((y) => [y.graduationYear, y.responded, y.suppressed])).toEqual([
        [2024, 6, false],
        [2023, 3, true],
      ]);
      expect(o.byGraduationYear[0].employmentRate).toBe(0.6667);
    });

    it("finds answers by key after rewording, adding and archiving questions", async () => {
      const { admin, s } = await fixture();
      const ctx = ctxOf(t.db, admin);
      // Reword every question, drop job_related_to_course (answered: archived with its key) and add
      // a new question that takes the key, plus an unkeyed one.
      const kept = s.questions.filter((q) => q.key !== "job_related_to_course");
      const edited = await updateSurvey(ctx, s.id, {
        title: s.title,
        audience: s.audience,
        status: "active",
        questions: [
          ...kept.map((q) => ({ ...q, _id: q.id, text: `${q.text} (2026 wording)` })),
          {
            key: "job_related_to_course",
            text: "Does your first job use what your programme taught?",
            type: "multiple_choice",
            options: ["Yes", "No", "Not applicable"],
          },
          { text: "Anything else?", type: "long_text" },
        ],
      });
      expect(edited.questions.find((q) => q.key === "employment_status")?.id).toBe(
        s.questions.find((q) => q.key === "employment_status")?.id,
      );
      const before = await surveyOutcomes(t.db, s.id);
      expect(before).toMatchObject({
        responded: 9,
        employmentRate: 0.6667,
        relatedToCourseRate: 0.6667,
      });
      // A new BSAMT graduate answers the new wording: related 5/7 = 0.7143, employed 7/10 = 0.7.
      const late = await graduate(t.db, "BSAMT", 2023);
      await answer(t.db, edited, late, {
        employment_status: E,
        months_to_first_job: "1 to 6 months",
        job_related_to_course: "Yes",
      });
      const after = await surveyOutcomes(t.db, s.id);
      expect(after).toMatchObject({
        targeted: 12,
        responded: 10,
        employmentRate: 0.7,
        relatedToCourseRate: 0.7143,
        // months 0 3 3 3 9 18 24 → 3
        medianMonthsToFirstJob: 3,
      });
    });

    it("keeps the key on a question archived by a type change, and its replacement takes it", async () => {
      const { admin, s } = await fixture();
      const old = s.questions.find((q) => q.key === "employment_status")!;
      const edited = await updateSurvey(ctxOf(t.db, admin), s.id, {
        title: s.title,
        audience: s.audience,
        status: "active",
        questions: s.questions.map((q) =>
          q.id === old.id ? { ...q, _id: q.id, type: "checkbox" } : { ...q, _id: q.id },
        ),
      });
      const now = edited.questions.find((q) => q.key === "employment_status")!;
      expect(now.id).not.toBe(old.id);
      expect(now.type).toBe("checkbox");
      // The old answers (on the archived question) still give 6 employed of 9.
      expect(await surveyOutcomes(t.db, s.id)).toMatchObject({
        responded: 9,
        employmentRate: 0.6667,
      });
      // A new answer to the checkbox question counts by its first ticked option: 6 of 10.
      await answer(t.db, edited, await graduate(t.db, "BSAE", 2024), {
        employment_status: ["Not employed"],
        months_to_first_job: "Not yet employed",
        job_related_to_course: "Not applicable",
      });
      expect(await surveyOutcomes(t.db, s.id)).toMatchObject({
        responded: 10,
        employmentRate: 0.6,
      });
    });

    it("writes one neutralised CSV row per group", async () => {
      const { s } = await fixture();
      const o = await surveyOutcomes(t.db, s.id);
      const csv = outcomesCsv({ ...o, survey: { ...o.survey, title: "=HYPERLINK(1)" } });
      const lines = csv
        .replace(/^\uFEFF/, "")
        .trimEnd()
        .split("\r\n");
      expect(lines).toHaveLength(1 + 1 + 2 + 2);
      expect(lines[0]).toMatch(
        /^Group,Programme \/ Year,Targeted,Responded,Suppressed,Response Rate/,
      );
      expect(lines[1]).toBe("overall,'=HYPERLINK(1),11,9,no,0.8182,0.8182,0.6667,6,0.6667,3");
      // A small group keeps its response and knowledge rates (the Progress page's), nothing else.
      expect(lines).toContain("programme,BS in Aircraft Maintenance Technology,3,3,yes,1,1,,,,");
      expect(lines).toContain("graduation year,2024,8,6,no,0.75,0.75,0.6667,,,3");
    });

    it("gives zeros and nulls for a survey without keyed questions or answers, 404 for none", async () => {
      const { user: admin } = await createUser(t.db, { role: "admin" });
      const plain = await createSurvey(ctxOf(t.db, admin), {
        title: "Plain",
        questions: [{ text: "Hi?", type: "short_text" }],
      });
      const o = await surveyOutcomes(t.db, plain.id);
      expect(o).toMatchObject({
        targeted: 0,
        responded: 0,
        suppressed: true,
        employmentRate: null,
      });
      expect(o.byCourse).toEqual([]);
      await expect(
        surveyOutcomes(t.db, "00000000-0000-4000-8000-000000000000"),
      ).rejects.toMatchObject({
        status: 404,
      });
      await expect(surveyOutcomes(t.db, "nope")).rejects.toMatchObject({ status: 404 });
    });
  }));
