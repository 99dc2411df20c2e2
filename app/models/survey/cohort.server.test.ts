/**
 * The cohort rule is written twice, in JavaScript for one person and in SQL for lists;
 * these tests hold the three forms to the same answers over every combination of audience,
 * programmes and graduation years against students, alumni and admins of several programmes and
 * years, active or not.
 */
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { parsedRows } from "#db/client";
import { idRow } from "~/lib/rows";
import { surveys, users } from "#db/schema";
import { forEachDb } from "../../../tests/setup/db";
import { courseId, createSurvey, createUser } from "../../../tests/factories";
import { cohortCondition, cohortMatchSql, inCohort, rolesOfAudience } from "./cohort.server";

describe("rolesOfAudience", () => {
  it("maps each audience to the roles it reaches, and nothing else to none", () => {
    expect(rolesOfAudience("all")).toEqual(["student", "alumni"]);
    expect(rolesOfAudience("students")).toEqual(["student"]);
    expect(rolesOfAudience("alumni")).toEqual(["alumni"]);
    expect(rolesOfAudience("admins")).toEqual([]);
  });
});

describe("the cohort rule", () => {
  forEachDb((t) => {
    it("agrees in JavaScript, in SQL over users and in SQL against the surveys row", async () => {
      const bsae = await courseId(t.db, "BSAE");
      const bsat = await courseId(t.db, "BSAMT");
      const people: Array<{
        id: string;
        role: string;
        courseId: string | null;
        graduationYear: number | null;
        active: boolean;
      }> = [];
      for (const role of ["student", "alumni", "admin"] as const)
        for (const course of [bsae, bsat, null])
          for (const year of [2023, 2024, null])
            for (const active of [true, false]) {
              const { user } = await createUser(t.db, { role });
              await t.db
                .update(users)
                .set({ courseId: course, graduationYear: year, isActive: active })
                .where(eq(users.id, user.id));
              people.push({ id: user.id, role, courseId: course, graduationYear: year, active });
            }
      const ids = new Set(people.map((p) => p.id));
      for (const audience of ["all", "students", "alumni"] as const)
        for (const courseIds of [[], [bsae], [bsae, bsat]])
          for (const graduationYears of [[], [2024], [2023, 2024]]) {
            const cohort = { audience, courseIds, graduationYears };
            const expected = people
              .filter((p) => p.active && inCohort(cohort, p))
              .map((p) => p.id)
              .sort();
            const byCondition = (
              await parsedRows(
                t.db,
                idRow,
                sql`select u.id from users u where ${cohortCondition(cohort)}`,
              )
            )
              .map((r) => r.id)
              .filter((id) => ids.has(id))
              .sort();
            const { survey: s } = await createSurvey(t.db, { audience, status: "active" });
            await t.db
              .update(surveys)
              .set({ courseIds, graduationYears })
              .where(eq(surveys.id, s.id));
            const byMatch = (
              await parsedRows(
                t.db,
                idRow,
                sql`select u.id from users u join surveys sv on sv.id = ${s.id} where ${cohortMatchSql("sv", "u")}`,
              )
            )
              .map((r) => r.id)
              .filter((id) => ids.has(id))
              .sort();
            const label = JSON.stringify({ audience, courses: courseIds.length, graduationYears });
            expect(byCondition, label).toEqual(expected);
            expect(byMatch, label).toEqual(expected);
          }
      // Sanity: the grid is not trivially empty or full.
      const all = { audience: "all", courseIds: [], graduationYears: [] };
      expect(people.filter((p) => p.active && inCohort(all, p))).toHaveLength(18);
      expect(
        people.filter((p) =>
          inCohort({ audience: "alumni", courseIds: [bsae], graduationYears: [2024] }, p),
        ),
      ).toHaveLength(2);
    });
  });
});
