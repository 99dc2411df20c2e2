/**
 * The survey schemas (zod): the editor payload shared by the editor screen, PUT/POST /api/surveys
 * and the CLI, and the answer payload. The rules they share with the screens live in survey.rules.ts.
 */
import { z } from "zod";
import {
  GRADUATION_YEAR_MAX,
  GRADUATION_YEAR_MIN,
  QUESTION_TYPES,
  SURVEY_AUDIENCES,
  SURVEY_STATUSES,
  type SurveyStatus,
} from "#db/constants";
import {
  DEFAULT_RATING_SCALE,
  LIMITS,
  LIMIT_MSG,
  SURVEY_MSG,
  REMIND_LIMITS,
  TARGETING_MSG,
  effectiveType,
  isChoiceType,
  splitOptions,
} from "./survey.rules";
import { QUESTION_KEY_MSG, QUESTION_KEY_RE } from "./outcome-keys";

export * from "./survey.rules";

const boolish = (v: unknown) =>
  v === true || v === "true" || v === "on" || v === "yes" || v === 1 || v === "1";

/**
 * A question's semantic key (ADR 101): optional; blank or null means none. (Before
 * semantic keys, `key` was read as a third spelling of the id; it no longer is.)
 */
function readQuestionKey(v: unknown): { key: string | null; error?: string } {
  if (v === undefined || v === null) return { key: null };
  if (typeof v !== "string") return { key: null, error: QUESTION_KEY_MSG.format };
  const key = v.trim();
  if (!key) return { key: null };
  return QUESTION_KEY_RE.test(key) ? { key } : { key: null, error: QUESTION_KEY_MSG.format };
}

/**
 * One question of the editor payload: `_id` (also id) keeps an existing question; `key` is its
 * semantic key.
 */
export const questionInputSchema = z
  .object({
    _id: z.unknown().optional(),
    id: z.unknown().optional(),
    key: z.unknown().optional(),
    text: z.unknown().optional(),
    label: z.unknown().optional(),
    type: z.unknown().optional(),
    required: z.unknown().optional(),
    options: z.unknown().optional(),
    scaleMax: z.unknown().optional(),
  })
  .transform((q, ctx) => {
    const rawId = q._id ?? q.id;
    const id = typeof rawId === "string" && rawId.trim() ? rawId.trim() : null;
    const rawText = q.text ?? q.label;
    const text = typeof rawText === "string" ? rawText.trim() : "";
    if (!text)
      ctx.addIssue({ code: "custom", message: SURVEY_MSG.questionTextRequired, path: ["text"] });
    else if (text.length > LIMITS.questionText)
      ctx.addIssue({
        code: "custom",
        message: `Question text must be at most ${LIMITS.questionText} characters`,
        path: ["text"],
      });
    const { key, error: keyError } = readQuestionKey(q.key);
    if (keyError) ctx.addIssue({ code: "custom", message: keyError, path: ["key"] });
    // Editor payloads with an unknown type are read as a text question, as the answer side does.
    const type = effectiveType(q.type);
    const options = isChoiceType(type) ? splitOptions(q.options) : [];
    if (isChoiceType(type) && options.length === 0)
      ctx.addIssue({ code: "custom", message: SURVEY_MSG.optionsRequired, path: ["options"] });
    if (options.length > LIMITS.options)
      ctx.addIssue({
        code: "custom",
        message: `At most ${LIMITS.options} options per question`,
        path: ["options"],
      });
    if (options.some((o) => o.length > LIMITS.option))
      ctx.addIssue({
        code: "custom",
        message: `Options must be at most ${LIMITS.option} characters`,
        path: ["options"],
      });
    let scaleMax = DEFAULT_RATING_SCALE;
    if (type === "rating" && q.scaleMax !== undefined && q.scaleMax !== null && q.scaleMax !== "") {
      const n = Number(q.scaleMax);
      if (!Number.isInteger(n) || n < 2 || n > 10)
        ctx.addIssue({
          code: "custom",
          message: "The rating scale must be a whole number from 2 to 10",
          path: ["scaleMax"],
        });
      else scaleMax = n;
    }
    return { id, key, text, type, required: boolish(q.required), options, scaleMax };
  });

/** A list given as an array or as one comma/newline-separated string; blanks dropped, null → missing. */
const listOf = (v: unknown) => {
  if (v === undefined || v === null) return undefined;
  const items = typeof v === "string" ? v.split(/[,\n]/) : v;
  if (!Array.isArray(items)) return items;
  return items
    .map((x) => (typeof x === "string" ? x.trim() : x))
    .filter((x) => x !== "" && x !== null);
};
/** A whole number from JSON or a numeric string from a form; blank → null. */
const wholeOrNull = (v: unknown) => {
  if (v === undefined) return undefined;
  if (v === null || v === "") return null;
  if (typeof v === "string" && /^\s*\d+\s*$/.test(v)) return Number(v);
  return v;
};
const remindField = (max: number, message: string) =>
  z.preprocess(
    wholeOrNull,
    z
      .number({ error: message })
      .int(message)
      .min(1, message)
      .max(max, message)
      .nullable()
      .optional(),
  );

/**
 * The cohort and privacy fields. Each is optional: a payload without it leaves a saved
 * survey's value alone (an older client that knows nothing of cohorts does not clear them) and a
 * new survey takes the default (everyone in the audience, not anonymous, no reminders).
 */
const targetingShape = {
  // Course ids or names; the model resolves them (unknown → 400 naming it).
  courses: z.preprocess(
    listOf,
    z
      .array(z.string({ error: TARGETING_MSG.courses }).max(200), { error: TARGETING_MSG.courses })
      .max(200, TARGETING_MSG.courses)
      .optional(),
  ),
  graduationYears: z.preprocess(
    (v) => {
      const list = listOf(v);
      return Array.isArray(list) ? list.map(wholeOrNull) : list;
    },
    z
      .array(
        z
          .number({ error: TARGETING_MSG.graduationYears })
          .int(TARGETING_MSG.graduationYears)
          .min(GRADUATION_YEAR_MIN, TARGETING_MSG.graduationYears)
          .max(GRADUATION_YEAR_MAX, TARGETING_MSG.graduationYears),
        { error: TARGETING_MSG.graduationYears },
      )
      .max(200, TARGETING_MSG.graduationYears)
      .optional()
      .transform((ys) => (ys ? [...new Set(ys)].sort((a, b) => a - b) : undefined)),
  ),
  anonymous: z.preprocess(
    (v) => {
      if (v === undefined || v === null) return undefined;
      if (v === "true" || v === "on" || v === "1" || v === 1) return true;
      if (v === "false" || v === "off" || v === "0" || v === 0 || v === "") return false;
      return v;
    },
    z.boolean({ error: TARGETING_MSG.anonymous }).optional(),
  ),
  remindEveryDays: remindField(REMIND_LIMITS.everyDaysMax, TARGETING_MSG.remindEveryDays),
  remindMax: remindField(REMIND_LIMITS.maxTimes, TARGETING_MSG.remindMax),
};

/** The editor payload `{title, description, audience, status, questions[]}` (PUT /api/surveys/{id}). */
export const surveyInputSchema = z.object({
  title: z.preprocess(
    (v) => (typeof v === "string" ? v.trim() : ""),
    z
      .string()
      .min(1, SURVEY_MSG.titleRequired)
      .max(LIMITS.title, `Title must be at most ${LIMITS.title} characters`),
  ),
  description: z.preprocess(
    (v) => (typeof v === "string" && v.trim() ? v.trim() : null),
    z
      .string()
      .max(LIMITS.description, `Description must be at most ${LIMITS.description} characters`)
      .nullable(),
  ),
  // Audience is lower-cased; a missing one means everyone.
  audience: z.preprocess(
    (v) => (typeof v === "string" && v.trim() ? v.trim().toLowerCase() : "all"),
    z.enum(SURVEY_AUDIENCES, { error: "Audience must be all, students or alumni" }),
  ),
  // On save, any status other than active is saved as draft.
  status: z.preprocess(
    (v): SurveyStatus => (v === "active" || v === true || v === "on" ? "active" : "draft"),
    z.enum(SURVEY_STATUSES),
  ),
  questions: z.preprocess(
    (v) => (v === undefined || v === null ? [] : v),
    z
      .array(questionInputSchema, { error: "questions must be a list" })
      .max(LIMITS.questions, `At most ${LIMITS.questions} questions`)
      .superRefine((qs, ctx) => {
        // A key names one live question of the survey (the database's unique index, said clearly).
        const seen = new Set<string>();
        for (const [i, q] of qs.entries()) {
          if (!q.key) continue;
          if (seen.has(q.key))
            ctx.addIssue({
              code: "custom",
              message: QUESTION_KEY_MSG.duplicate(q.key),
              path: [i, "key"],
            });
          seen.add(q.key);
        }
      }),
  ),
  // Cohort and privacy; parseSurveyInput also checks the reminder pair (both or neither).
  ...targetingShape,
});
export type SurveyInput = z.output<typeof surveyInputSchema>;

/** The editor form as conform sees it (strings from FormData); mapped onto SurveyInput. */
export const editorFormSchema = z.object({
  title: z
    .string({ error: SURVEY_MSG.titleRequired })
    .trim()
    .min(1, SURVEY_MSG.titleRequired)
    .max(LIMITS.title, LIMIT_MSG.title),
  audience: z.enum(SURVEY_AUDIENCES).default("all"),
  description: z.string().max(LIMITS.description, LIMIT_MSG.description).optional(),
  status: z.boolean().optional(),
  // Cohort and privacy: read loosely here; surveyInputSchema gives the messages.
  courses: z.array(z.string()).optional(),
  graduationYears: z.string().max(1000).optional(),
  anonymous: z.boolean().optional(),
  remindEveryDays: z.string().max(10).optional(),
  remindMax: z.string().max(10).optional(),
  questions: z
    .array(
      z.object({
        id: z.string().optional(),
        key: z.string().regex(QUESTION_KEY_RE, QUESTION_KEY_MSG.format).optional(),
        text: z
          .string({ error: SURVEY_MSG.questionTextRequired })
          .trim()
          .min(1, SURVEY_MSG.questionTextRequired)
          .max(LIMITS.questionText, LIMIT_MSG.questionText),
        type: z.enum(QUESTION_TYPES).default("short_text"),
        required: z.boolean().optional(),
        options: z
          .string()
          .optional()
          .superRefine((v, ctx) => {
            const list = splitOptions(v ?? "");
            if (list.length > LIMITS.options)
              ctx.addIssue({ code: "custom", message: LIMIT_MSG.options });
            if (list.some((o) => o.length > LIMITS.option))
              ctx.addIssue({ code: "custom", message: LIMIT_MSG.option });
          }),
        scaleMax: z.number().int().min(2).max(10).optional(),
      }),
    )
    .max(LIMITS.questions)
    .default([]),
});
export type EditorForm = z.output<typeof editorFormSchema>;

/** Editor form values → the shared editor payload (options only for the choice types). */
export function editorFormToInput(f: EditorForm) {
  return {
    title: f.title,
    description: f.description ?? "",
    audience: f.audience,
    status: f.status ? "active" : "draft",
    courses: f.courses ?? [],
    graduationYears: f.graduationYears ?? "",
    anonymous: !!f.anonymous,
    remindEveryDays: f.remindEveryDays ?? null,
    remindMax: f.remindMax ?? null,
    questions: f.questions.map((q) => ({
      _id: q.id || undefined,
      key: q.key || null,
      text: q.text,
      type: q.type,
      required: !!q.required,
      options: isChoiceType(q.type) ? splitOptions(q.options ?? "") : [],
      scaleMax: q.scaleMax,
    })),
  };
}

/** `{answers: [{questionId, type, label, value}]}`; type and label are informative only. */
export const answerPayloadSchema = z.object({
  answers: z
    .array(
      z.object({
        questionId: z
          .string({ error: "Each answer needs a questionId" })
          .min(1, "Each answer needs a questionId")
          .max(100),
        type: z.string().max(50).optional().nullable(),
        label: z.string().max(2000).optional().nullable(),
        value: z
          .union([
            z.string(),
            z.number(),
            z.array(z.union([z.string(), z.number()])),
            z.null(),
            z.boolean(),
          ])
          .optional(),
      }),
      { error: "answers must be a list" },
    )
    .max(LIMITS.questions * 2),
});
export type AnswerPayload = z.output<typeof answerPayloadSchema>;
