/**
 * The survey rules without zod: question types and their aliases, limits, messages, the answer
 * checks the answering screen runs before the server runs them again. Screens import this module,
 * so the pages a student opens load no validation library; survey.schema.ts adds the zod schemas
 * (the editor payload, the answer payload) and re-exports all of this.
 */
import type { AnswerPayload } from "./survey.schema";
import {
  QUESTION_TYPES,
  SURVEY_AUDIENCES,
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

export type AnswerValue = string | number | string[];

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

/* ── Cohort targeting and privacy mode ──────────────────────────────────────────────────────── */

/** Bounds of a survey's reminder schedule ('remind every N days, at most K times'). */
export const REMIND_LIMITS = { everyDaysMax: 90, maxTimes: 10 } as const;

export const TARGETING_MSG = {
  graduationYears: "Graduation years must be years between 1950 and 2100",
  courses: "Programmes must be a list of course ids or names",
  unknownCourse: (name: string) =>
    `Unknown programme “${name}”: use a course id or name from the courses list`,
  anonymous: "anonymous must be true or false",
  anonymousLocked:
    "Anonymous mode cannot be turned on or off once the survey has responses: answers already " +
    "given cannot be re-linked to people or un-linked from them. Create a new survey instead.",
  remindEveryDays: `Remind every 1 to ${REMIND_LIMITS.everyDaysMax} days`,
  remindMax: `Send 1 to ${REMIND_LIMITS.maxTimes} reminders`,
  remindPair: "Set both how often to remind and how many reminders, or neither",
  /** The answering screen tells the respondent before they answer. */
  respondentNotice:
    "This survey is anonymous: your answers are stored without your name or e-mail, with only " +
    "your role, programme and graduation year and the day you answer. Runway records that you " +
    "answered, so you are not asked again, but not which answers are yours.",
  /** The responses page and the editor say what anonymous means. */
  anonymousNotice: "Anonymous survey: answers are not linked to people",
  anonymousHelp:
    "Who has answered is kept apart from the answers, with no time or id that joins them; each " +
    "answer keeps only the role, programme and graduation year, and the day it was sent. Names and " +
    "e-mails never appear on the responses page, the API or the CSV. It cannot be changed once " +
    "someone has answered.",
} as const;

/** The words of a cohort: "Alumni · BS Aeronautical Engineering · 2023, 2024" (the lists and screens). */
export function cohortLabel(s: {
  audience: SurveyAudience;
  courseNames?: readonly string[];
  graduationYears?: readonly number[];
}): string {
  const who = AUDIENCE_LABELS[s.audience];
  const parts = [s.audience === "all" ? "Students and alumni" : who];
  if (s.courseNames?.length) parts.push(s.courseNames.join(", "));
  if (s.graduationYears?.length) parts.push(s.graduationYears.join(", "));
  return parts.join(" · ");
}
