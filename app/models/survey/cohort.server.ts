/**
 * Who a survey is for: its audience (all / students / alumni) narrowed by optional
 * programmes and graduation years. One rule, in SQL for lists (eligibility, invitations, response
 * rates) and in JavaScript for one person (the answering screen), so every door agrees.
 */
import { sql, type SQL } from "drizzle-orm";
import type { SurveyAudience } from "#db/constants";

export interface Cohort {
  audience: SurveyAudience | string;
  courseIds: string[];
  graduationYears: number[];
}

/** The roles an audience reaches: all → students and alumni. Admins are never in a cohort. */
export function rolesOfAudience(audience: string): Array<"student" | "alumni"> {
  if (audience === "students") return ["student"];
  if (audience === "alumni") return ["alumni"];
  if (audience === "all") return ["student", "alumni"];
  return [];
}

/** True when this person belongs to the survey's cohort (role, programme, graduation year). */
export function inCohort(
  s: Cohort,
  u: { role: string; courseId: string | null; graduationYear: number | null },
): boolean {
  if (!rolesOfAudience(s.audience).some((r) => r === u.role)) return false;
  if (s.courseIds.length && !(u.courseId && s.courseIds.includes(u.courseId))) return false;
  if (
    s.graduationYears.length &&
    !(u.graduationYear && s.graduationYears.includes(u.graduationYear))
  )
    return false;
  return true;
}

/**
 * The same rule as a condition on a users row aliased `alias` (default `u`): only active accounts.
 * `s` may be a row already read, or the SQL of the survey's columns (`surveys` table, `sv` alias).
 */
export function cohortCondition(s: Cohort, alias = "u"): SQL {
  const u = sql.raw(alias);
  const roles = rolesOfAudience(s.audience);
  if (!roles.length) return sql`false`;
  return sql`(${u}.is_active
    and ${u}.role in (${sql.join(
      roles.map((r) => sql`${r}`),
      sql`, `,
    )})
    ${
      s.courseIds.length
        ? sql`and ${u}.course_id in (${sql.join(
            s.courseIds.map((id) => sql`${id}::uuid`),
            sql`, `,
          )})`
        : sql``
    }
    ${
      s.graduationYears.length
        ? sql`and ${u}.graduation_year in (${sql.join(
            s.graduationYears.map((y) => sql`${y}::int`),
            sql`, `,
          )})`
        : sql``
    })`;
}

/**
 * The rule against the columns of a `surveys` row in the same query (alias `sv`), for lists over
 * many surveys (a user's eligible surveys): `u` is the users row.
 */
export function cohortMatchSql(survey = "sv", user = "u"): SQL {
  const s = sql.raw(survey);
  const u = sql.raw(user);
  return sql`(${u}.is_active
    and (${s}.audience = 'all' and ${u}.role in ('student', 'alumni')
         or ${s}.audience = 'students' and ${u}.role = 'student'
         or ${s}.audience = 'alumni' and ${u}.role = 'alumni')
    and (cardinality(${s}.course_ids) = 0 or ${u}.course_id = any(${s}.course_ids))
    and (cardinality(${s}.graduation_years) = 0 or ${u}.graduation_year = any(${s}.graduation_years)))`;
}
