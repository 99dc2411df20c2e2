/**
 * A survey's cohort and privacy settings (ADR 100): programmes given as ids or names are
 * resolved to course ids, the columns a create or an update writes, and the rule that anonymous
 * mode is fixed once someone has answered (answers already given cannot be re-linked to people or
 * un-linked from them).
 */
import { eq, sql } from "drizzle-orm";
import { surveys } from "#db/schema";
import type { Db, DbOrTx } from "#db/client";
import { Conflict, ValidationError } from "~/lib/errors";
import { listCourses } from "../course/course.server";
import { TARGETING_MSG, type SurveyInput } from "./survey.schema";

/** Course id → name, for the `courseNames` of survey objects (the courses table is small). */
export async function courseNamesById(db: Db): Promise<Map<string, string>> {
  return new Map((await listCourses(db)).map((c) => [c.id, c.name]));
}

/**
 * Course ids of a list of ids, names or codes (case-insensitive), in the order given, without
 * repeats. An unknown one is a 400 that names it.
 */
export async function resolveCourseList(db: Db, list: readonly string[]): Promise<string[]> {
  if (!list.length) return [];
  const all = await listCourses(db);
  const ids: string[] = [];
  for (const raw of list) {
    const v = raw.trim();
    const lower = v.toLowerCase();
    const c = all.find(
      (x) => x.id === v || x.name.toLowerCase() === lower || x.code.toLowerCase() === lower,
    );
    if (!c)
      throw new ValidationError(TARGETING_MSG.unknownCourse(v), {
        courses: [TARGETING_MSG.unknownCourse(v)],
      });
    if (!ids.includes(c.id)) ids.push(c.id);
  }
  return ids;
}

/** The reminder schedule is one setting: both numbers, or neither (null clears it); else a 400. */
export function assertReminderPair(input: Pick<SurveyInput, "remindEveryDays" | "remindMax">) {
  const every = input.remindEveryDays != null;
  const max = input.remindMax != null;
  if (every !== max)
    throw new ValidationError(TARGETING_MSG.remindPair, {
      [every ? "remindMax" : "remindEveryDays"]: [TARGETING_MSG.remindPair],
    });
}

export interface TargetingColumns {
  courseIds?: string[];
  graduationYears?: number[];
  anonymous?: boolean;
  remindEveryDays?: number | null;
  remindMax?: number | null;
}

/**
 * The survey columns an editor payload sets: only the keys it carries (an update without them
 * keeps the stored values). The reminder schedule is one setting, so either key sets both.
 */
export async function targetingColumns(db: Db, input: SurveyInput): Promise<TargetingColumns> {
  const out: TargetingColumns = {};
  if (input.courses !== undefined) out.courseIds = await resolveCourseList(db, input.courses);
  if (input.graduationYears !== undefined) out.graduationYears = input.graduationYears;
  if (input.anonymous !== undefined) out.anonymous = input.anonymous;
  if (input.remindEveryDays !== undefined || input.remindMax !== undefined) {
    out.remindEveryDays = input.remindEveryDays ?? null;
    out.remindMax = input.remindMax ?? null;
  }
  return out;
}

/**
 * Refuses to turn anonymous mode on or off once the survey has a respondent (409). Call inside the
 * transaction that holds the survey's row lock, so a response cannot arrive in between.
 */
export async function assertAnonymousChangeAllowed(
  tx: DbOrTx,
  surveyId: string,
  next: boolean | undefined,
): Promise<void> {
  if (next === undefined) return;
  const [row] = await tx
    .select({
      anonymous: surveys.anonymous,
      answered: sql`exists (select 1 from survey_respondents r where r.survey_id = ${surveys.id})
               or exists (select 1 from survey_responses x where x.survey_id = ${surveys.id})`.mapWith(
        Boolean,
      ),
    })
    .from(surveys)
    .where(eq(surveys.id, surveyId));
  if (row && row.anonymous !== next && row.answered)
    throw new Conflict(TARGETING_MSG.anonymousLocked, {
      anonymous: [TARGETING_MSG.anonymousLocked],
    });
}
