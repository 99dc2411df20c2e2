/**
 * The tracer outcomes' "hired by their OJT host" figure on PGlite and PostgreSQL: completed
 * placements of the cohort's graduates, counted by programme and graduation year, the hires and
 * their share, hidden below the privacy threshold.
 */
import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { forEachDb, type TestDb } from "../../../tests/setup/db";
import { createUser } from "../../../tests/factories";
import { ojtClock } from "../../../tests/factories/ojt";
import { completedOjtGraduate, createHoursDone } from "../../../tests/factories/ojt-cert";
import { surveys, users } from "../../../db/schema";
import { ctxOf } from "~/models/context";
import { createSurveyFromTemplate } from "./survey.server";
import { surveyOutcomes } from "./outcomes.server";

/** The tracer survey, active (audience: alumni of every programme and year). */
async function activeTracer(t: TestDb) {
  const { user: admin } = await createUser(t.db, { role: "admin" });
  const s = await createSurveyFromTemplate(ctxOf(t.db, admin));
  await t.db.update(surveys).set({ status: "active" }).where(eq(surveys.id, s.id));
  return s;
}

describe("tracer outcomes: hired by their OJT host", () =>
  forEachDb((t) => {
    it("counts the cohort's completed placements and hires by programme and graduation year, hidden under 5", async () => {
      const s = await activeTracer(t);
      // BSAMT 2025: five completed, four hired. BSAE 2024: one completed and hired (hidden).
      for (const hired of [true, true, false, true, true])
        await completedOjtGraduate(t.db, "BSAMT", 2025, hired);
      await completedOjtGraduate(t.db, "BSAE", 2024, true);
      // Not counted: a placement still deployed, and a completed one of a student (not in the cohort).
      await createHoursDone(t.db, ojtClock().cfg, { courseCode: "BSAMT" });
      const student = await completedOjtGraduate(t.db, "BSAMT", 2025, true);
      await t.db.update(users).set({ role: "student" }).where(eq(users.id, student.studentUser.id));

      const { ojtHires: o } = await surveyOutcomes(t.db, s.id);
      // Overall 6 completed, 5 hired → 0.8333.
      expect(o.overall).toEqual({ ojtCompleted: 6, hiredByOjtHost: 5, hiredByOjtHostRate: 0.8333 });
      const amt = o.byCourse.find((c) => c.courseName === "BS in Aircraft Maintenance Technology");
      expect(amt).toMatchObject({ ojtCompleted: 5, hiredByOjtHost: 4, hiredByOjtHostRate: 0.8 });
      const ae = o.byCourse.find((c) => c.courseName === "BS in Aeronautical Engineering");
      expect(ae).toMatchObject({ ojtCompleted: 1, hiredByOjtHost: null, hiredByOjtHostRate: null });
      expect(
        o.byGraduationYear.map((y) => [y.graduationYear, y.ojtCompleted, y.hiredByOjtHost]),
      ).toEqual([
        [2025, 5, 4],
        [2024, 1, null],
      ]);
    });

    it("gives zero completed and no hires for a cohort without OJT", async () => {
      const s = await activeTracer(t);
      const o = await surveyOutcomes(t.db, s.id);
      expect(o.ojtHires.overall).toEqual({
        ojtCompleted: 0,
        hiredByOjtHost: null,
        hiredByOjtHostRate: null,
      });
    });
  }));
