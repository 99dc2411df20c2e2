/**
 * Surveys: building, targeting, answering, reading and summarising.
 * Screens, /api routes, the CLI and the tests all come through here.
 */
import { and, asc, count, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import { z } from "zod";
import { type Db, parsedRows } from "#db/client";
import type { QuestionType, SurveyAudience } from "#db/constants";
import {
  surveyAnswers,
  surveyQuestions,
  surveyRespondents,
  surveyResponses,
  surveys,
  users,
} from "#db/schema";
import { cohortMatchSql, inCohort } from "./cohort.server";
import { audit } from "../audit/audit.server";
import { numeric } from "~/lib/rows";
import { type Ctx, requireAdmin } from "../context";
import { Conflict, Forbidden, isUniqueViolation, NotFound, ValidationError } from "~/lib/errors";
import {
  answerPayloadSchema,
  audienceForRole,
  checkAnswers,
  effectiveType,
  surveyInputSchema,
  SURVEY_MSG,
  type AnswerValue,
  type SurveyInput,
} from "./survey.schema";
import { TRACER_TEMPLATE } from "./template";
import {
  assertAnonymousChangeAllowed,
  assertReminderPair,
  courseNamesById,
  targetingColumns,
} from "./targeting.server";
import { isUuid } from "~/lib/ids";

type SurveyRow = typeof surveys.$inferSelect;
type QuestionRow = typeof surveyQuestions.$inferSelect;

/** A question as the API and the screens see it (`_id`, also id; text, also label). */
export function serializeQuestion(q: QuestionRow) {
  return {
    _id: q.id,
    id: q.id,
    key: q.key,
    text: q.text,
    label: q.text,
    type: q.type,
    required: q.required,
    options: q.options,
    scaleMax: q.scaleMax,
    order: q.position,
    ...(q.archivedAt ? { archivedAt: q.archivedAt.toISOString() } : {}),
  };
}

export function serializeSurvey(
  s: SurveyRow,
  questions: QuestionRow[],
  extra: { responseCount?: number; answered?: boolean } = {},
  courseNames: ReadonlyMap<string, string> = new Map(),
) {
  const live = questions.filter((q) => !q.archivedAt).sort((a, b) => a.position - b.position);
  return {
    _id: s.id,
    id: s.id,
    title: s.title,
    description: s.description,
    audience: s.audience,
    status: s.status,
    // Cohort and privacy: empty lists mean everyone in the audience.
    courses: s.courseIds,
    courseNames: s.courseIds.map((id) => courseNames.get(id) ?? id),
    graduationYears: s.graduationYears,
    anonymous: s.anonymous,
    remindEveryDays: s.remindEveryDays,
    remindMax: s.remindMax,
    questions: live.map(serializeQuestion),
    questionCount: live.length,
    ...extra,
    /** The AeroJob `_id` (24 hex) of an imported survey; null for surveys made in Runway (ADR 115). */
    legacyId: s.legacyId ?? null,
    createdAt: s.createdAt.toISOString(),
    updatedAt: s.updatedAt.toISOString(),
  };
}
export type SurveyDto = ReturnType<typeof serializeSurvey>;

async function questionsOf(db: Db, surveyIds: string[], opts: { archived?: boolean } = {}) {
  if (!surveyIds.length) return new Map<string, QuestionRow[]>();
  const rows = await db
    .select()
    .from(surveyQuestions)
    .where(
      and(
        inArray(surveyQuestions.surveyId, surveyIds),
        opts.archived ? undefined : isNull(surveyQuestions.archivedAt),
      ),
    )
    .orderBy(asc(surveyQuestions.position), asc(surveyQuestions.createdAt));
  const map = new Map<string, QuestionRow[]>();
  for (const q of rows) pushTo(map, q.surveyId, q);
  return map;
}

/** Appends `v` to the list under `key`, starting the list if needed. */
const pushTo = <V>(map: Map<string, V[]>, key: string, v: V) =>
  map.get(key)?.push(v) ?? map.set(key, [v]);

/** The audience values a role may see: students → all + students, alumni → all + alumni. */
function visibleAudiences(role: string): SurveyAudience[] {
  const own = audienceForRole(role);
  return own ? ["all", own] : [];
}

/** A person's cohort fields (role, programme, graduation year), read fresh for eligibility. */
async function cohortOf(db: Db, userId: string) {
  const [u] = await db
    .select({ role: users.role, courseId: users.courseId, graduationYear: users.graduationYear })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return u ?? null;
}

/** Active and for this person's cohort (audience, programmes, graduation years). */
function mayAnswer(
  s: SurveyRow,
  u: { role: string; courseId: string | null; graduationYear: number | null } | null,
) {
  return s.status === "active" && !!u && inCohort(s, u);
}

/** Whether this person has answered (survey_respondents, in every mode). */
async function hasAnswered(db: Db, surveyId: string, userId: string) {
  const [row] = await db
    .select({ userId: surveyRespondents.userId })
    .from(surveyRespondents)
    .where(and(eq(surveyRespondents.surveyId, surveyId), eq(surveyRespondents.userId, userId)))
    .limit(1);
  return !!row;
}

/** Every survey, newest first, with its questions and response count (admin screens and the CLI). */
export async function listAllSurveys(db: Db) {
  const rows = await db.select().from(surveys).orderBy(desc(surveys.createdAt), desc(surveys.id));
  const counts = await db
    .select({ surveyId: surveyResponses.surveyId, n: count() })
    .from(surveyResponses)
    .groupBy(surveyResponses.surveyId);
  const byId = new Map(counts.map((c) => [c.surveyId, Number(c.n)]));
  const qs = await questionsOf(
    db,
    rows.map((r) => r.id),
  );
  const names = await courseNamesById(db);
  return rows.map((s) =>
    serializeSurvey(s, qs.get(s.id) ?? [], { responseCount: byId.get(s.id) ?? 0 }, names),
  );
}

/** Surveys for a list: admins get all (with response counts), others the active ones meant for them. */
export async function listSurveys(ctx: Ctx) {
  const actor = ctx.actor;
  if (!actor) throw new Forbidden("Authentication required");
  if (actor.role === "admin") return listAllSurveys(ctx.db);
  const audiences = visibleAudiences(actor.role);
  if (!audiences.length) return [];
  const rows = await ctx.db
    .select({
      survey: surveys,
      answered: sql<boolean>`exists (select 1 from ${surveyRespondents} r where r.survey_id = "surveys"."id" and r.user_id = ${actor.id})`,
    })
    .from(surveys)
    .where(
      and(
        eq(surveys.status, "active"),
        inArray(surveys.audience, audiences),
        sql`exists (select 1 from ${users} u where u.id = ${actor.id} and ${cohortMatchSql(`"surveys"`, "u")})`,
      ),
    )
    .orderBy(desc(surveys.createdAt), desc(surveys.id));
  const qs = await questionsOf(
    ctx.db,
    rows.map((r) => r.survey.id),
  );
  const names = await courseNamesById(ctx.db);
  return rows.map((r) =>
    serializeSurvey(r.survey, qs.get(r.survey.id) ?? [], { answered: !!r.answered }, names),
  );
}

async function findSurvey(db: Db, id: string): Promise<SurveyRow | null> {
  if (!isUuid(id)) return null;
  const [s] = await db.select().from(surveys).where(eq(surveys.id, id)).limit(1);
  return s ?? null;
}

/** One survey with its live questions; non-admins only see active surveys for their cohort. */
export async function getSurvey(ctx: Ctx, id: string): Promise<SurveyDto> {
  const s = await findSurvey(ctx.db, id);
  if (
    !s ||
    !ctx.actor ||
    (ctx.actor.role !== "admin" && !mayAnswer(s, await cohortOf(ctx.db, ctx.actor.id)))
  )
    throw new NotFound(SURVEY_MSG.notFound);
  const qs = await questionsOf(ctx.db, [s.id]);
  const extra: { responseCount?: number } = {};
  if (ctx.actor.role === "admin") extra.responseCount = await countResponses(ctx.db, s.id);
  return serializeSurvey(s, qs.get(s.id) ?? [], extra, await courseNamesById(ctx.db));
}

/** Validates an editor payload; throws ValidationError with field paths like `questions.0.text`. */
export function parseSurveyInput(data: unknown): SurveyInput {
  const r = surveyInputSchema.safeParse(data ?? {});
  if (r.success) {
    assertReminderPair(r.data);
    return r.data;
  }
  const errors: Record<string, string[]> = {};
  for (const issue of r.error.issues)
    (errors[issue.path.join(".") || "_"] ??= []).push(issue.message);
  throw new ValidationError(r.error.issues[0]?.message ?? SURVEY_MSG.saveFailed, errors);
}

/** The stored columns of the editor's question at position `i` (insert and in-place update). */
function questionColumns(q: SurveyInput["questions"][number], i: number) {
  return {
    key: q.key,
    text: q.text,
    type: q.type,
    required: q.required,
    options: q.options,
    scaleMax: q.scaleMax,
    position: i,
  };
}

/** Creates a survey from an editor payload (admin). */
export async function createSurvey(ctx: Ctx, data: unknown): Promise<SurveyDto> {
  const actor = requireAdmin(ctx, "Only administrators can manage surveys");
  const input = parseSurveyInput(data);
  const targeting = await targetingColumns(ctx.db, input);
  const id = await ctx.db.transaction(async (tx) => {
    const [s] = await tx
      .insert(surveys)
      .values({
        title: input.title,
        description: input.description,
        audience: input.audience,
        status: input.status,
        ...targeting,
        createdBy: actor.id,
      })
      .returning();
    if (input.questions.length)
      await tx
        .insert(surveyQuestions)
        .values(input.questions.map((q, i) => ({ surveyId: s.id, ...questionColumns(q, i) })));
    await audit(tx, actor, {
      action: "survey.create",
      entityType: "survey",
      entityId: s.id,
      after: input,
    });
    return s.id;
  });
  return getSurvey(ctx, id);
}

/** Types whose stored answers keep their meaning when a question moves between them. */
function compatible(a: string, b: string) {
  const fam = (t: string) => (t === "short_text" || t === "long_text" ? "text" : t);
  return fam(a) === fam(b);
}

/**
 * Updates a survey (admin), keeping question ids stable: questions sent with an existing `_id` are
 * updated in place; new ones are inserted; removed ones are deleted when nobody answered them and
 * archived (archived_at) when they have answers, so old answers stay readable in exports. A
 * question with answers whose type changes to an incompatible one is archived and replaced by a
 * new question, so old answers are never reinterpreted under the new type.
 */
export async function updateSurvey(ctx: Ctx, id: string, data: unknown): Promise<SurveyDto> {
  const actor = requireAdmin(ctx, "Only administrators can manage surveys");
  const input = parseSurveyInput(data);
  const before = await findSurvey(ctx.db, id);
  if (!before) throw new NotFound(SURVEY_MSG.notFound);
  const targeting = await targetingColumns(ctx.db, input);
  await ctx.db.transaction(async (tx) => {
    // Row lock: two admins saving at once apply one after the other.
    await tx.execute(sql`select id from surveys where id = ${id} for update`);
    await assertAnonymousChangeAllowed(tx, id, targeting.anonymous);
    await tx
      .update(surveys)
      .set({
        title: input.title,
        description: input.description,
        audience: input.audience,
        status: input.status,
        ...targeting,
        updatedAt: new Date(),
      })
      .where(eq(surveys.id, id));
    const existing = await tx
      .select()
      .from(surveyQuestions)
      .where(and(eq(surveyQuestions.surveyId, id), isNull(surveyQuestions.archivedAt)));
    const answeredRows = existing.length
      ? await tx
          .selectDistinct({ questionId: surveyAnswers.questionId })
          .from(surveyAnswers)
          .where(
            inArray(
              surveyAnswers.questionId,
              existing.map((q) => q.id),
            ),
          )
      : [];
    const answered = new Set(answeredRows.map((r) => r.questionId));
    const byId = new Map(existing.map((q) => [q.id, q]));
    // Keys are set afresh below: clearing them first lets a key move between questions in one save
    // without tripping the unique index midway (ADR 101).
    if (existing.some((q) => q.key))
      await tx
        .update(surveyQuestions)
        .set({ key: null })
        .where(and(eq(surveyQuestions.surveyId, id), isNull(surveyQuestions.archivedAt)));
    const kept = new Set<string>();
    const now = new Date();
    // An archived question keeps its key, so its old answers still count in the outcomes.
    const archive = (old: QuestionRow) =>
      tx
        .update(surveyQuestions)
        .set({ archivedAt: now, key: old.key })
        .where(eq(surveyQuestions.id, old.id));
    for (const [i, q] of input.questions.entries()) {
      const old = q.id ? byId.get(q.id) : undefined;
      if (old && !kept.has(old.id) && (compatible(old.type, q.type) || !answered.has(old.id))) {
        kept.add(old.id);
        await tx
          .update(surveyQuestions)
          .set(questionColumns(q, i))
          .where(eq(surveyQuestions.id, old.id));
        continue;
      }
      if (old && !kept.has(old.id)) {
        kept.add(old.id);
        await archive(old);
      }
      await tx.insert(surveyQuestions).values({ surveyId: id, ...questionColumns(q, i) });
    }
    for (const old of existing) {
      if (kept.has(old.id)) continue;
      if (answered.has(old.id)) await archive(old);
      else await tx.delete(surveyQuestions).where(eq(surveyQuestions.id, old.id));
    }
    await audit(tx, actor, {
      action: "survey.update",
      entityType: "survey",
      entityId: id,
      before: { title: before.title, audience: before.audience, status: before.status },
      after: input,
    });
  });
  return getSurvey(ctx, id);
}

/** Deletes a survey with its questions, responses and answers; returns how many responses went. */
export async function deleteSurvey(
  ctx: Ctx,
  id: string,
): Promise<{ deleted: true; responses: number }> {
  const actor = requireAdmin(ctx, "Only administrators can manage surveys");
  const s = await findSurvey(ctx.db, id);
  if (!s) throw new NotFound(SURVEY_MSG.notFound);
  return ctx.db.transaction(async (tx) => {
    const [{ n }] = await tx
      .select({ n: count() })
      .from(surveyResponses)
      .where(eq(surveyResponses.surveyId, id));
    await tx.delete(surveys).where(eq(surveys.id, id));
    await audit(tx, actor, {
      action: "survey.delete",
      entityType: "survey",
      entityId: id,
      before: { title: s.title, responses: Number(n) },
    });
    return { deleted: true as const, responses: Number(n) };
  });
}

/** The templates a survey can be created from (`POST /api/surveys {"template": …}`). */
export const SURVEY_TEMPLATES = { tracer: TRACER_TEMPLATE } as const;

/**
 * A ready graduate tracer survey (draft) modelled on the CHED Graduate Tracer Study, its key
 * questions keyed (ADR 101). The admin screen's template button and the API both come here.
 */
export async function createSurveyFromTemplate(
  ctx: Ctx,
  name: unknown = "tracer",
): Promise<SurveyDto> {
  const template =
    Object.entries(SURVEY_TEMPLATES).find(([k]) => typeof name === "string" && k === name)?.[1] ??
    null;
  if (!template)
    throw new ValidationError(
      `Unknown template; use one of: ${Object.keys(SURVEY_TEMPLATES).join(", ")}`,
      { template: ["Unknown template"] },
    );
  return createSurvey(ctx, template);
}

export interface EligibleSurvey {
  id: string;
  title: string;
  description: string | null;
  questionCount: number;
}

/**
 * Surveys this user should be prompted to answer: active, for their cohort (audience, programmes,
 * graduation years) and not answered by them yet. Admins are never prompted.
 */
export async function listEligibleSurveys(
  db: Db,
  user: { id: string; role: string },
): Promise<EligibleSurvey[]> {
  const audiences = visibleAudiences(user.role);
  if (!audiences.length || !isUuid(user.id)) return [];
  const rows = await db
    .select({
      id: surveys.id,
      title: surveys.title,
      description: surveys.description,
      questionCount: sql<number>`(select count(*)::int from ${surveyQuestions} q where q.survey_id = "surveys"."id" and q.archived_at is null)`,
    })
    .from(surveys)
    .where(
      and(
        eq(surveys.status, "active"),
        inArray(surveys.audience, audiences),
        sql`exists (select 1 from ${users} u where u.id = ${user.id} and ${cohortMatchSql(`"surveys"`, "u")})`,
        sql`not exists (select 1 from ${surveyRespondents} r where r.survey_id = "surveys"."id" and r.user_id = ${user.id})`,
      ),
    )
    .orderBy(desc(surveys.createdAt), desc(surveys.id));
  return rows.map((r) => ({ ...r, questionCount: Number(r.questionCount) }));
}

/** The eligible surveys as full survey objects with their questions (GET /api/surveys/active/eligible). */
export async function listEligibleSurveyDtos(
  db: Db,
  user: { id: string; role: string },
): Promise<SurveyDto[]> {
  const eligible = await listEligibleSurveys(db, user);
  if (!eligible.length) return [];
  const ids = eligible.map((s) => s.id);
  const rows = await db.select().from(surveys).where(inArray(surveys.id, ids));
  const qs = await questionsOf(db, ids);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const names = await courseNamesById(db);
  return ids.flatMap((id) => {
    const s = byId.get(id);
    return s ? [serializeSurvey(s, qs.get(id) ?? [], {}, names)] : [];
  });
}

export type AnswerState = "open" | "answered" | "preview";

/**
 * The answering screen's view of a survey: `open` for an eligible user, `answered` once they
 * have responded, `preview` for admins (who never answer). Anything else is not found, so a
 * survey meant for another role does not reveal itself.
 */
export async function getSurveyForAnswering(
  ctx: Ctx,
  id: string,
): Promise<{ survey: SurveyDto; state: AnswerState }> {
  const actor = ctx.actor;
  const s = await findSurvey(ctx.db, id);
  if (!s || !actor) throw new NotFound(SURVEY_MSG.notFound);
  const qs = (await questionsOf(ctx.db, [s.id])).get(s.id) ?? [];
  const dto = async () => serializeSurvey(s, qs, {}, await courseNamesById(ctx.db));
  if (actor.role === "admin") return { survey: await dto(), state: "preview" };
  // Answered stays readable after the cohort changes (a profile edit); otherwise not for them.
  if (await hasAnswered(ctx.db, s.id, actor.id)) return { survey: await dto(), state: "answered" };
  if (!mayAnswer(s, await cohortOf(ctx.db, actor.id))) throw new NotFound(SURVEY_MSG.notFound);
  return { survey: await dto(), state: "open" };
}

/**
 * Stores one user's response after checking every answer against its question. One response
 * per user and survey is enforced by the unique index, so concurrent submits get 409 too.
 */
export async function submitResponse(
  ctx: Ctx,
  surveyId: string,
  payload: unknown,
): Promise<{ _id: string; id: string; createdAt: string }> {
  const actor = ctx.actor;
  if (!actor) throw new Forbidden("Authentication required");
  if (actor.role === "admin") throw new Forbidden(SURVEY_MSG.adminsDoNotAnswer);
  const s = await findSurvey(ctx.db, surveyId);
  if (!s) throw new NotFound(SURVEY_MSG.notFound);
  if (s.status !== "active") throw new Forbidden(SURVEY_MSG.notOpen);
  const who = await cohortOf(ctx.db, actor.id);
  if (!mayAnswer(s, who)) throw new Forbidden(SURVEY_MSG.notForYou);

  const parsed = answerPayloadSchema.safeParse(payload ?? {});
  if (!parsed.success)
    throw new ValidationError(parsed.error.issues[0]?.message ?? "Invalid answers");
  const questions = (await questionsOf(ctx.db, [s.id])).get(s.id) ?? [];
  const known = new Set(questions.map((q) => q.id));
  const raw = new Map<string, unknown>();
  for (const a of parsed.data.answers) {
    if (!known.has(a.questionId))
      throw new ValidationError(SURVEY_MSG.unknownQuestion, {
        [a.questionId]: [SURVEY_MSG.unknownQuestion],
      });
    if (raw.has(a.questionId)) throw new ValidationError(SURVEY_MSG.duplicateAnswer);
    raw.set(a.questionId, a.value);
  }
  const checked = checkAnswers(questions, raw);
  if (!checked.ok) {
    const fields = Object.fromEntries(Object.entries(checked.errors).map(([k, v]) => [k, [v]]));
    throw new ValidationError(checked.message, fields);
  }
  try {
    return await ctx.db.transaction(async (tx) => {
      // The mode as it stands under a share lock: an admin's toggle (which takes the row lock and
      // refuses once anyone answered) cannot slip in between the read and the insert.
      const [mode] = await tx
        .select({ anonymous: surveys.anonymous })
        .from(surveys)
        .where(eq(surveys.id, s.id))
        .for("share");
      const anonymous = mode?.anonymous ?? s.anonymous;
      // One answer per person, in every mode: the respondent row first (its key refuses a second).
      await tx.insert(surveyRespondents).values({ surveyId: s.id, userId: actor.id });
      // Anonymous mode keeps no user on the response, only the cohort fields, and only the day it
      // was sent (midnight UTC), so its time cannot be matched with sign-ins or mail logs (ADR 100).
      const [r] = await tx
        .insert(surveyResponses)
        .values({
          surveyId: s.id,
          userId: anonymous ? null : actor.id,
          role: actor.role,
          courseId: who?.courseId ?? null,
          graduationYear: who?.graduationYear ?? null,
          ...(anonymous
            ? { createdAt: sql`date_trunc('day', now() at time zone 'UTC') at time zone 'UTC'` }
            : {}),
        })
        .returning();
      const rows = [...checked.values].map(([questionId, value]) => ({
        responseId: r.id,
        questionId,
        value,
      }));
      if (rows.length) await tx.insert(surveyAnswers).values(rows);
      return { _id: r.id, id: r.id, createdAt: r.createdAt.toISOString() };
    });
  } catch (e) {
    if (
      isUniqueViolation(e, "survey_responses_survey_user_key") ||
      isUniqueViolation(e, "survey_respondents_survey_id_user_id_pk")
    )
      throw new Conflict(SURVEY_MSG.alreadyAnswered);
    throw e;
  }
}

export type RoleFilter = "student" | "alumni" | undefined;

/** Reads `?role=student|alumni`; anything else means all roles. */
export function readRoleFilter(v: string | null | undefined): RoleFilter {
  return v === "student" || v === "alumni" ? v : undefined;
}

export async function countResponses(db: Db, surveyId: string, role?: RoleFilter): Promise<number> {
  const [{ n }] = await db
    .select({ n: count() })
    .from(surveyResponses)
    .where(
      and(
        eq(surveyResponses.surveyId, surveyId),
        role ? eq(surveyResponses.role, role) : undefined,
      ),
    );
  return Number(n);
}

/**
 * Responses of a survey, newest first, in the /api shape: `userId` is `{_id, name, email}` (null
 * for a deleted account), answers are `{questionId, value}`.
 */
export async function listResponses(
  db: Db,
  surveyId: string,
  opts: { role?: RoleFilter; userId?: string; limit?: number; offset?: number } = {},
) {
  const rows = await db
    .select({
      id: surveyResponses.id,
      role: surveyResponses.role,
      courseId: surveyResponses.courseId,
      graduationYear: surveyResponses.graduationYear,
      createdAt: surveyResponses.createdAt,
      userId: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
    })
    .from(surveyResponses)
    .leftJoin(users, eq(users.id, surveyResponses.userId))
    .where(
      and(
        eq(surveyResponses.surveyId, surveyId),
        opts.role ? eq(surveyResponses.role, opts.role) : undefined,
        opts.userId ? eq(surveyResponses.userId, opts.userId) : undefined,
      ),
    )
    .orderBy(desc(surveyResponses.createdAt), desc(surveyResponses.id))
    .limit(opts.limit ?? 100_000)
    .offset(opts.offset ?? 0);
  const answers = rows.length
    ? await db
        .select()
        .from(surveyAnswers)
        .where(
          inArray(
            surveyAnswers.responseId,
            rows.map((r) => r.id),
          ),
        )
    : [];
  const byResponse = new Map<string, { questionId: string; value: AnswerValue }[]>();
  for (const a of answers)
    pushTo(byResponse, a.responseId, { questionId: a.questionId, value: a.value });
  return rows.map((r) => {
    const name = r.userId ? `${r.firstName ?? ""} ${r.lastName ?? ""}`.trim() : "";
    return {
      _id: r.id,
      id: r.id,
      userId: r.userId ? { _id: r.userId, name, email: r.email } : null,
      role: r.role,
      // The cohort copied at submit (the only link an anonymous response keeps).
      courseId: r.courseId,
      graduationYear: r.graduationYear,
      createdAt: r.createdAt.toISOString(),
      answers: byResponse.get(r.id) ?? [],
    };
  });
}

/** All questions of a survey including archived ones (for cards and exports of old answers). */
export async function allQuestions(db: Db, surveyId: string) {
  return db
    .select()
    .from(surveyQuestions)
    .where(eq(surveyQuestions.surveyId, surveyId))
    .orderBy(
      sql`${surveyQuestions.archivedAt} is not null`,
      asc(surveyQuestions.position),
      asc(surveyQuestions.createdAt),
    );
}

/** Admin: a survey (404 if missing) and its questions, archived ones last. */
export async function getSurveyForAdmin(db: Db, id: string) {
  const s = await findSurvey(db, id);
  if (!s) throw new NotFound(SURVEY_MSG.notFound);
  const qs = await allQuestions(db, s.id);
  return {
    survey: serializeSurvey(s, qs, {}, await courseNamesById(db)),
    questions: qs.map(serializeQuestion),
  };
}

/**
 * Deletes one response (admin); the user may then answer again. An anonymous response has no
 * user, so its respondent stays counted as answered (nothing says which respondent it was).
 */
export async function deleteResponse(
  ctx: Ctx,
  surveyId: string,
  responseId: string,
): Promise<{ deleted: true }> {
  const actor = requireAdmin(ctx, "Only administrators can manage surveys");
  if (!isUuid(surveyId) || !isUuid(responseId)) throw new NotFound("Response not found");
  const gone = await ctx.db.transaction(async (tx) => {
    const rows = await tx
      .delete(surveyResponses)
      .where(and(eq(surveyResponses.id, responseId), eq(surveyResponses.surveyId, surveyId)))
      .returning({ id: surveyResponses.id, userId: surveyResponses.userId });
    if (rows[0]?.userId)
      await tx
        .delete(surveyRespondents)
        .where(
          and(
            eq(surveyRespondents.surveyId, surveyId),
            eq(surveyRespondents.userId, rows[0].userId),
          ),
        );
    if (rows.length)
      await audit(tx, actor, {
        action: "survey.response.delete",
        entityType: "survey_response",
        entityId: responseId,
        before: { surveyId, userId: rows[0].userId },
      });
    return rows.length;
  });
  if (!gone) throw new NotFound("Response not found");
  return { deleted: true };
}

export interface QuestionSummary {
  questionId: string;
  text: string;
  type: QuestionType;
  archived: boolean;
  answered: number;
  /** Choice questions: one bar per option (plus any value no longer among the options). */
  counts?: { label: string; count: number }[];
  /** Rating questions. */
  average?: number | null;
  distribution?: { label: string; count: number }[];
}

/**
 * Summary above the response cards, following the role filter: counts per option for choice
 * questions, average and distribution for ratings, the number answered for text questions.
 * Computed in SQL so it costs the same for ten responses or a hundred thousand.
 */
export async function surveySummary(db: Db, surveyId: string, opts: { role?: RoleFilter } = {}) {
  const questions = await allQuestions(db, surveyId);
  const total = await countResponses(db, surveyId, opts.role);
  const roleCond = opts.role ? sql`and r.role = ${opts.role}` : sql``;
  const answered = await parsedRows(
    db,
    z.object({ question_id: z.string(), n: numeric }),
    sql`select a.question_id, count(*)::int as n
        from survey_answers a join survey_responses r on r.id = a.response_id
        where r.survey_id = ${surveyId} ${roleCond}
        group by a.question_id`,
  );
  const values = await parsedRows(
    db,
    z.object({ question_id: z.string(), v: z.string(), n: numeric }),
    sql`select a.question_id, e.v, count(*)::int as n
        from survey_answers a
        join survey_responses r on r.id = a.response_id
        join survey_questions q on q.id = a.question_id
        cross join lateral jsonb_array_elements_text(
          case when jsonb_typeof(a.value) = 'array' then a.value else jsonb_build_array(a.value) end
        ) as e(v)
        where r.survey_id = ${surveyId} ${roleCond}
          and q.type in ('multiple_choice', 'checkbox', 'rating')
        group by a.question_id, e.v`,
  );
  const answeredBy = new Map(answered.map((r) => [r.question_id, r.n]));
  const valuesBy = new Map<string, [string, number][]>();
  for (const r of values) pushTo(valuesBy, r.question_id, [r.v, r.n]);
  const list: QuestionSummary[] = questions.map((q) => {
    const type = effectiveType(q.type);
    const base = {
      questionId: q.id,
      text: q.text,
      type,
      archived: !!q.archivedAt,
      answered: answeredBy.get(q.id) ?? 0,
    };
    const m = new Map(valuesBy.get(q.id));
    if (type === "multiple_choice" || type === "checkbox") {
      const counts = q.options.map((o) => ({ label: o, count: m.get(o) ?? 0 }));
      for (const [v, n] of m) if (!q.options.includes(v)) counts.push({ label: v, count: n });
      return { ...base, counts };
    }
    if (type === "rating") {
      let sum = 0;
      let n = 0;
      let max = q.scaleMax;
      for (const [v, c] of m) {
        const x = Number(v);
        if (!Number.isFinite(x)) continue;
        sum += x * c;
        n += c;
        max = Math.max(max, x);
      }
      const distribution = Array.from({ length: max }, (_, i) => ({
        label: String(i + 1),
        count: m.get(String(i + 1)) ?? 0,
      }));
      return { ...base, average: n ? Math.round((sum / n) * 100) / 100 : null, distribution };
    }
    return base;
  });
  return { total, questions: list };
}
export type SurveySummary = Awaited<ReturnType<typeof surveySummary>>;
