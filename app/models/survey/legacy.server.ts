/**
 * The survey model's side of moving from AeroJob (ADR 115): surveys and their questions keyed by
 * their AeroJob `_id`s, and responses with their answers (one per person and survey, as Runway
 * keeps them: survey_respondents is written with every response).
 */
import { eq, inArray, isNotNull } from "drizzle-orm";
import type { DbOrTx } from "#db/client";
import type { QuestionType, Role, SurveyAudience, SurveyStatus } from "#db/constants";
import {
  surveyAnswers,
  surveyQuestions,
  surveyRespondents,
  surveyResponses,
  surveys,
} from "#db/schema";

export interface LegacySurveyValues {
  legacyId: string;
  title: string;
  description: string | null;
  audience: SurveyAudience;
  status: SurveyStatus;
  createdBy: string | null;
  createdAt: Date;
}
export interface LegacyQuestionValues {
  legacyId: string;
  text: string;
  type: QuestionType;
  required: boolean;
  options: string[];
  position: number;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Creates or updates one imported survey and its questions. Questions are matched by their
 * AeroJob id; one no longer in AeroJob is left as it is (its answers stay readable).
 */
export async function upsertLegacySurvey(
  tx: DbOrTx,
  s: LegacySurveyValues,
  questions: LegacyQuestionValues[],
): Promise<"created" | "updated" | "unchanged"> {
  const [before] = await tx.select().from(surveys).where(eq(surveys.legacyId, s.legacyId));
  let surveyId: string;
  let outcome: "created" | "updated" | "unchanged" = "unchanged";
  if (!before) {
    const [row] = await tx
      .insert(surveys)
      .values({ ...s, updatedAt: s.createdAt })
      .returning({ id: surveys.id });
    surveyId = row.id;
    outcome = "created";
  } else {
    surveyId = before.id;
    const patch: Partial<LegacySurveyValues> = {};
    for (const k of ["title", "description", "audience", "status"] as const)
      if (before[k] !== s[k]) Object.assign(patch, { [k]: s[k] });
    if (Object.keys(patch).length) {
      await tx
        .update(surveys)
        .set({ ...patch, updatedAt: new Date() })
        .where(eq(surveys.id, surveyId));
      outcome = "updated";
    }
  }
  const existing = questions.length
    ? await tx
        .select()
        .from(surveyQuestions)
        .where(
          inArray(
            surveyQuestions.legacyId,
            questions.map((q) => q.legacyId),
          ),
        )
    : [];
  const byLegacy = new Map(existing.map((q) => [q.legacyId!, q]));
  const fresh = questions.filter((q) => !byLegacy.has(q.legacyId));
  if (fresh.length) {
    await tx.insert(surveyQuestions).values(fresh.map((q) => ({ ...q, surveyId })));
    if (outcome === "unchanged") outcome = "updated";
  }
  for (const q of questions) {
    const b = byLegacy.get(q.legacyId);
    if (!b) continue;
    if (
      b.text !== q.text ||
      b.type !== q.type ||
      b.required !== q.required ||
      b.position !== q.position ||
      !same(b.options, q.options)
    ) {
      await tx
        .update(surveyQuestions)
        .set({
          text: q.text,
          type: q.type,
          required: q.required,
          options: q.options,
          position: q.position,
        })
        .where(eq(surveyQuestions.id, b.id));
      if (outcome === "unchanged") outcome = "updated";
    }
  }
  return outcome;
}

/** Every imported survey by AeroJob id, with its questions by AeroJob id. */
export async function legacySurveyIndex(
  tx: DbOrTx,
): Promise<
  Map<string, { id: string; questions: Map<string, { id: string; type: QuestionType }> }>
> {
  const rows = await tx
    .select({ id: surveys.id, legacyId: surveys.legacyId })
    .from(surveys)
    .where(isNotNull(surveys.legacyId));
  const out = new Map(
    rows.map((r) => [
      r.legacyId!,
      { id: r.id, questions: new Map<string, { id: string; type: QuestionType }>() },
    ]),
  );
  const bySurvey = new Map([...out.values()].map((v) => [v.id, v]));
  const qs = await tx
    .select({
      id: surveyQuestions.id,
      surveyId: surveyQuestions.surveyId,
      legacyId: surveyQuestions.legacyId,
      type: surveyQuestions.type,
    })
    .from(surveyQuestions)
    .where(isNotNull(surveyQuestions.legacyId));
  for (const q of qs)
    bySurvey.get(q.surveyId)?.questions.set(q.legacyId!, { id: q.id, type: q.type });
  return out;
}

export interface LegacyResponseValues {
  legacyId: string;
  surveyId: string;
  userId: string;
  role: Role;
  courseId: string | null;
  graduationYear: number | null;
  createdAt: Date;
  answers: Array<{ questionId: string; value: string | number | string[] }>;
}

/**
 * Inserts imported responses with their answers. A person who already has a response to that
 * survey (an earlier run, or an answer given in Runway since) keeps it: returns how many were new.
 */
export async function insertLegacyResponses(
  tx: DbOrTx,
  rows: LegacyResponseValues[],
): Promise<number> {
  if (!rows.length) return 0;
  const made = await tx
    .insert(surveyResponses)
    .values(rows.map(({ answers: _a, ...r }) => r))
    .onConflictDoNothing()
    .returning({ id: surveyResponses.id, legacyId: surveyResponses.legacyId });
  if (!made.length) return 0;
  const byLegacy = new Map(rows.map((r) => [r.legacyId, r]));
  const answers = made.flatMap((m) =>
    byLegacy.get(m.legacyId!)!.answers.map((a) => ({ responseId: m.id, ...a })),
  );
  for (let i = 0; i < answers.length; i += 2000)
    await tx.insert(surveyAnswers).values(answers.slice(i, i + 2000));
  await tx
    .insert(surveyRespondents)
    .values(
      made.map((m) => ({
        surveyId: byLegacy.get(m.legacyId!)!.surveyId,
        userId: byLegacy.get(m.legacyId!)!.userId,
      })),
    )
    .onConflictDoNothing();
  return made.length;
}
