/**
 * Isomorphic survey rules: question types and their accepted aliases, the editor
 * payload (shared by the editor screen, PUT/POST /api/surveys and the CLI), the answer payload and
 * the answer checks that the answering screen runs before the server runs them again.
 */
import { z } from "zod";
import {
  QUESTION_TYPES,
  SURVEY_AUDIENCES,
  SURVEY_STATUSES,
  type QuestionType,
  type SurveyAudience,
  type SurveyStatus,
} from "#db/constants";

export { QUESTION_TYPES, SURVEY_AUDIENCES };
export type { QuestionType, SurveyAudience, SurveyStatus };

/** How the editor names each question type. */
export const QUESTION_TYPE_LABELS: Record<QuestionType, string> = {
  short_text: "Short Text",
  long_text: "Long Text",
  multiple_choice: "Multiple Choice",
  checkbox: "Checkboxes",
  rating: "Rating",
};
/** A rating question's scale when the editor does not set one. */
export const DEFAULT_RATING_SCALE = 5;

export const SURVEY_MSG = {
  thanks: "Thanks! Your response has been submitted.",
  submissionFailed: "Submission failed",
  pleaseAnswer: (text: string) => `Please answer: ${text}`,
  loadFailed: "Failed to load survey.",
  listLoadFailed: "Failed to load surveys.",
  saveFailed: "Failed to save survey.",
  deleteConfirm: "Delete this survey?",
  alreadyAnswered: "You have already answered this survey.",
  notFound: "Survey not found",
  notOpen: "This survey is not open for responses.",
  notForYou: "This survey is not meant for your role.",
  adminsDoNotAnswer: "Administrators do not answer surveys.",
  titleRequired: "Survey title is required",
  questionTextRequired: "Question text is required",
  optionsRequired: "Add at least one option (one per line)",
  notAnOption: (text: string) => `Please choose one of the options for: ${text}`,
  ratingRange: (text: string, max: number) =>
    `Rating for “${text}” must be a whole number from 1 to ${max}`,
  unknownQuestion: "An answer refers to a question that is not in this survey",
  duplicateAnswer: "A question was answered twice",
  tooLong: (text: string, max: number) =>
    `The answer to “${text}” is too long (at most ${max} characters)`,
} as const;

export const AUDIENCE_LABELS: Record<SurveyAudience, string> = {
  all: "All",
  students: "Students",
  alumni: "Alumni",
};

/** Accepted type names when reading; anything else is "unknown" and rendered as a text input. */
const TYPE_ALIASES: Record<string, QuestionType> = {
  text: "short_text",
  short: "short_text",
  short_text: "short_text",
  textarea: "long_text",
  essay: "long_text",
  paragraph: "long_text",
  short_essay: "long_text",
  long_text: "long_text",
  radio: "multiple_choice",
  choice: "multiple_choice",
  single: "multiple_choice",
  multiple_choice: "multiple_choice",
  checkbox: "checkbox",
  multi: "checkbox",
  rating: "rating",
};

/** The canonical type for an accepted alias, or null for an unknown type. */
export function canonicalType(type: unknown): QuestionType | null {
  if (typeof type !== "string") return null;
  return TYPE_ALIASES[type.trim().toLowerCase()] ?? null;
}

/** How a question is rendered and validated: unknown types behave as a short text input. */
export function effectiveType(type: unknown): QuestionType {
  return canonicalType(type) ?? "short_text";
}

export const isChoiceType = (t: QuestionType) => t === "multiple_choice" || t === "checkbox";

/** Options text split by line, trimmed, blanks and duplicates dropped. */
export function splitOptions(raw: unknown): string[] {
  const list = Array.isArray(raw)
    ? raw.map((x) => String(x ?? ""))
    : typeof raw === "string"
      ? raw.split(/\r\n|\r|\n/)
      : [];
  const out: string[] = [];
  for (const o of list) {
    const t = o.trim();
    if (t && !out.includes(t)) out.push(t);
  }
  return out;
}

const boolish = (v: unknown) =>
  v === true || v === "true" || v === "on" || v === "yes" || v === 1 || v === "1";

export const LIMITS = {
  title: 200,
  description: 5000,
  questionText: 1000,
  option: 300,
  options: 50,
  questions: 100,
  shortAnswer: 1000,
  longAnswer: 10000,
} as const;

/** The options textarea holds one option per line: all options at their longest, with line breaks. */
export const OPTIONS_TEXT_MAX = LIMITS.options * (LIMITS.option + 1);

/** Length messages of the editor, the same on the form and on /api. */
export const LIMIT_MSG = {
  title: `Title must be at most ${LIMITS.title} characters`,
  description: `Description must be at most ${LIMITS.description} characters`,
  questionText: `Question text must be at most ${LIMITS.questionText} characters`,
  options: `At most ${LIMITS.options} options per question`,
  option: `Options must be at most ${LIMITS.option} characters`,
} as const;

/** One question of the editor payload: `_id` (also id or key) keeps an existing question. */
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
    const rawId = q._id ?? q.id ?? q.key;
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
    return { id, text, type, required: boolish(q.required), options, scaleMax };
  });

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
      .max(LIMITS.questions, `At most ${LIMITS.questions} questions`),
  ),
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
  questions: z
    .array(
      z.object({
        id: z.string().optional(),
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
    questions: f.questions.map((q) => ({
      _id: q.id || undefined,
      text: q.text,
      type: q.type,
      required: !!q.required,
      options: isChoiceType(q.type) ? splitOptions(q.options ?? "") : [],
      scaleMax: q.scaleMax,
    })),
  };
}

export type AnswerValue = string | number | string[];

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

/** The question fields the answer checks need. */
export interface AnswerableQuestion {
  id: string;
  text: string;
  type: string;
  required: boolean;
  options: string[];
  scaleMax: number;
}

export type AnswerCheck =
  | { ok: true; values: Map<string, AnswerValue> }
  | { ok: false; message: string; errors: Record<string, string> };

/**
 * Checks raw answers against the questions: values are normalised to their stored form (trimmed
 * text, one of the options, a subset of the options, a whole rating 1..scaleMax); unanswered
 * optional questions are left out; the first problem becomes the message. Runs on both sides.
 */
export function checkAnswers(
  questions: AnswerableQuestion[],
  raw: Map<string, unknown>,
): AnswerCheck {
  const values = new Map<string, AnswerValue>();
  const errors: Record<string, string> = {};
  for (const q of questions) {
    const type = effectiveType(q.type);
    const v = raw.get(q.id);
    let value: AnswerValue | null = null;
    let problem: string | null = null;
    if (type === "checkbox") {
      const list = (Array.isArray(v) ? v : v === undefined || v === null || v === "" ? [] : [v])
        .map((x) => String(x).trim())
        .filter(Boolean);
      const unique = [...new Set(list)];
      if (unique.some((x) => !q.options.includes(x))) problem = SURVEY_MSG.notAnOption(q.text);
      // Stored in the order of the options, so exports and cards read the same every time.
      else if (unique.length) value = q.options.filter((o) => unique.includes(o));
    } else if (type === "multiple_choice") {
      const one = Array.isArray(v) ? (v.length === 1 ? v[0] : v.length === 0 ? "" : undefined) : v;
      if (one === undefined && Array.isArray(v)) problem = SURVEY_MSG.notAnOption(q.text);
      else {
        const s = one === null || one === undefined ? "" : String(one).trim();
        if (s && !q.options.includes(s)) problem = SURVEY_MSG.notAnOption(q.text);
        else if (s) value = s;
      }
    } else if (type === "rating") {
      const s =
        v === null || v === undefined || v === "" ? null : Array.isArray(v) ? NaN : Number(v);
      // A rating must be above 0 to count as answered.
      if (s === null || s === 0) value = null;
      else if (!Number.isInteger(s) || s < 1 || s > q.scaleMax)
        problem = SURVEY_MSG.ratingRange(q.text, q.scaleMax);
      else value = s;
    } else {
      const s =
        v === null || v === undefined
          ? ""
          : Array.isArray(v)
            ? v.map(String).join(", ")
            : String(v);
      const t = s.trim();
      const max = type === "long_text" ? LIMITS.longAnswer : LIMITS.shortAnswer;
      if (t.length > max) problem = SURVEY_MSG.tooLong(q.text, max);
      else if (t) value = t;
    }
    if (!problem && value === null && q.required) problem = SURVEY_MSG.pleaseAnswer(q.text);
    if (problem) errors[q.id] = problem;
    else if (value !== null) values.set(q.id, value);
  }
  const first = questions.find((q) => errors[q.id]);
  if (first) return { ok: false, message: errors[first.id], errors };
  return { ok: true, values };
}

/** Answer as shown on cards: lists joined by ', ', '-' when unanswered. */
export function formatAnswer(value: unknown): string {
  if (value === null || value === undefined || value === "") return "-";
  if (Array.isArray(value)) return value.length ? value.join(", ") : "-";
  return String(value);
}

/** Audience that a role belongs to; admins belong to none (they are never prompted). */
export function audienceForRole(role: string): SurveyAudience | null {
  return role === "student" ? "students" : role === "alumni" ? "alumni" : null;
}

/** Name of a question's field in the answering form. */
export const answerFieldName = (questionId: string) => `q_${questionId}`;

/** Answering-form data → the answer payload (checkbox groups send several values under one name). */
export function answersFromForm(
  form: FormData,
  questions: Pick<AnswerableQuestion, "id" | "type" | "text">[],
): AnswerPayload {
  return {
    answers: questions.map((q) => {
      const type = effectiveType(q.type);
      const all = form.getAll(answerFieldName(q.id)).map((v) => (typeof v === "string" ? v : ""));
      const value: AnswerValue =
        type === "checkbox"
          ? all.filter(Boolean)
          : type === "rating"
            ? Number(all[0] || 0)
            : (all[0] ?? "");
      return { questionId: q.id, type, label: q.text, value };
    }),
  };
}

/** The same raw map `checkAnswers` reads, from the form (client-side check before submitting). */
export function rawAnswersFromForm(
  form: FormData,
  questions: Pick<AnswerableQuestion, "id" | "type" | "text">[],
): Map<string, unknown> {
  return new Map(answersFromForm(form, questions).answers.map((a) => [a.questionId, a.value]));
}
