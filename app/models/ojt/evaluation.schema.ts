/**
 * Supervisor evaluations and host reviews: the isomorphic half — limits, messages, the criteria of
 * a host review, the zod schemas the doors parse with, the JSON shapes, and the midpoint rule.
 */
import { z } from "zod";
import {
  OJT_EVALUATION_STAGES,
  OJT_WOULD_HIRE,
  type OjtEvaluationStage,
  type OjtWouldHire,
} from "#db/constants";
import { addDays, daysBetween } from "./ojt.schema";

/** An evaluation link is valid this long after it is mailed (as a sign-off link). */
export const EVALUATION_TTL_DAYS = 14;
/** A company's average host rating is shown only from this many reviews on. */
export const HOST_RATING_MIN_REVIEWS = 3;
export const EVALUATION_COMMENTS_MAX = 4000;
export const RUBRIC_CRITERIA_MAX = 20;
export const CRITERION_LABEL_MAX = 120;

export interface Criterion {
  key: string;
  label: string;
}

/**
 * What a student rates their host on, each 1–5 (fixed: averages stay comparable across years).
 * Documented in docs/coverage/ojt-evaluations.md and docs/privacy.md.
 */
export const HOST_REVIEW_CRITERIA: readonly Criterion[] = [
  { key: "learning_opportunities", label: "Learning opportunities" },
  { key: "supervision_mentoring", label: "Supervision and mentoring" },
  { key: "safety_culture", label: "Safety culture" },
  { key: "facilities_equipment", label: "Facilities and equipment" },
  { key: "treatment_of_interns", label: "Treatment of interns" },
];

/** The default rubric (version 1, written by currentRubric when the table is empty). */
export const DEFAULT_RUBRIC_CRITERIA: readonly Criterion[] = [
  { key: "quality_of_work", label: "Quality of work" },
  { key: "technical_knowledge", label: "Technical knowledge" },
  { key: "safety_practices", label: "Safety practices" },
  { key: "initiative", label: "Initiative" },
  { key: "teamwork", label: "Teamwork" },
  { key: "attendance_punctuality", label: "Attendance and punctuality" },
  { key: "communication", label: "Communication" },
];

export const STAGE_LABEL: Readonly<Record<OjtEvaluationStage, string>> = {
  midterm: "Midterm evaluation",
  final: "Final evaluation",
};

export const WOULD_HIRE_LABEL: Readonly<Record<OjtWouldHire, string>> = {
  yes: "Yes",
  maybe: "Maybe",
  no: "No",
};

export const EVAL_MSG = {
  rating: "Rate every criterion from 1 to 5",
  unknownCriterion: (k: string) => `Unknown criterion: ${k}`,
  wouldHire: "Answer “Would you hire this intern?” with yes, maybe or no",
  comments: `Comments must be at most ${EVALUATION_COMMENTS_MAX} characters`,
  tokenInvalid: "This evaluation link is not valid. It may have expired or been used already.",
  beforeMidpoint: (d: string) => `The midterm evaluation opens on ${d}, the placement's midpoint`,
  hoursNotReached: "The final evaluation opens when the approved hours reach the required hours",
  notDeployed: "Evaluations are requested only while the placement is deployed",
  alreadySubmitted: "This evaluation has already been submitted",
  stage: "The stage must be midterm or final",
  rubricVersion: "Unknown rubric version",
  rubricCriteria: `Give between 1 and ${RUBRIC_CRITERIA_MAX} criteria, each with a label`,
  rubricLabel: `Each criterion needs a label of at most ${CRITERION_LABEL_MAX} characters`,
  rubricKey:
    "A criterion key is lower-case letters, digits and underscores, starting with a letter",
  rubricDuplicate: (k: string) => `Two criteria have the same key: ${k}`,
  rubricBusy: "The rubric was changed at the same moment; reload it and try again",
  reviewTooEarly:
    "You can review your host once your final evaluation is in or the placement is completed",
  reviewTwice: "You have already reviewed this host for this placement",
  reviewOwnOnly: "Only the student of the placement reviews its host",
} as const;

/** The placement's midpoint: half-way from start to expected end (whole days, rounded down). */
export function midpointOf(startDate: string, expectedEndDate: string): string {
  return addDays(startDate, Math.floor(daysBetween(startDate, expectedEndDate) / 2));
}

export const stageSchema = z.enum(OJT_EVALUATION_STAGES, { error: EVAL_MSG.stage });

const optionalComments = z.preprocess(
  (v) => (typeof v === "string" ? v.trim() || null : v === undefined ? null : v),
  z.string().max(EVALUATION_COMMENTS_MAX, EVAL_MSG.comments).nullable(),
);

const ratingValue = z.preprocess(
  (v) => (typeof v === "string" && /^\s*\d+\s*$/.test(v) ? Number(v) : v),
  z
    .number({ error: EVAL_MSG.rating })
    .int(EVAL_MSG.rating)
    .min(1, EVAL_MSG.rating)
    .max(5, EVAL_MSG.rating),
);

/** Ratings of exactly these criteria, each a whole number 1–5 (numbers or digit strings). */
export function ratingsSchema(criteria: readonly Criterion[]) {
  const keys = new Set(criteria.map((c) => c.key));
  return z
    .record(z.string(), z.unknown(), { error: EVAL_MSG.rating })
    .superRefine((r, c) => {
      for (const k of Object.keys(r))
        if (!keys.has(k))
          c.addIssue({ code: "custom", message: EVAL_MSG.unknownCriterion(k), path: [k] });
      for (const k of keys)
        if (!ratingValue.safeParse(r[k]).success)
          c.addIssue({ code: "custom", message: EVAL_MSG.rating, path: [k] });
    })
    .transform((r) => Object.fromEntries([...keys].map((k) => [k, ratingValue.parse(r[k])])));
}

/** The supervisor's form at /supervise/{token} (ratings checked against the rubric version). */
export function evaluationInputSchema(criteria: readonly Criterion[]) {
  return z.object({
    ratings: ratingsSchema(criteria),
    comments: optionalComments,
    wouldHire: z.enum(OJT_WOULD_HIRE, { error: EVAL_MSG.wouldHire }),
  });
}
export type EvaluationInput = {
  ratings: Record<string, number>;
  comments: string | null;
  wouldHire: OjtWouldHire;
};

/** POST /api/placements/{id}/host-review and the form on /ojt. */
export const hostReviewSchema = z.object({
  ratings: ratingsSchema(HOST_REVIEW_CRITERIA),
  comments: optionalComments,
});
export type HostReviewInput = z.infer<typeof hostReviewSchema>;

const KEY = /^[a-z][a-z0-9_]{0,39}$/;

/** A key from a label ("Attendance and punctuality" → "attendance_and_punctuality"). */
export function criterionKeyOf(label: string): string {
  const k = label
    .normalize("NFKD")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "")
    .replace(/^(\d)/, "c_$1")
    .slice(0, 40)
    .replace(/_+$/, "");
  return k || "criterion";
}

/** PUT /api/ojt/rubric {criteria: [{key?, label}]} (a key is derived from its label when absent). */
export const rubricInputSchema = z
  .object({
    criteria: z
      .array(
        z.object({
          key: z.preprocess(
            (v) => (typeof v === "string" ? v.trim() || undefined : v),
            z.string().regex(KEY, EVAL_MSG.rubricKey).optional(),
          ),
          label: z
            .string({ error: EVAL_MSG.rubricLabel })
            .transform((s) => s.trim())
            .pipe(
              z
                .string()
                .min(1, EVAL_MSG.rubricLabel)
                .max(CRITERION_LABEL_MAX, EVAL_MSG.rubricLabel),
            ),
        }),
        { error: EVAL_MSG.rubricCriteria },
      )
      .min(1, EVAL_MSG.rubricCriteria)
      .max(RUBRIC_CRITERIA_MAX, EVAL_MSG.rubricCriteria),
  })
  .transform((v) => ({
    criteria: v.criteria.map((c) => ({ key: c.key ?? criterionKeyOf(c.label), label: c.label })),
  }))
  .superRefine((v, c) => {
    const seen = new Set<string>();
    for (const [i, x] of v.criteria.entries()) {
      if (seen.has(x.key))
        c.addIssue({
          code: "custom",
          message: EVAL_MSG.rubricDuplicate(x.key),
          path: ["criteria", i, "key"],
        });
      seen.add(x.key);
    }
  });
export type RubricInput = z.infer<typeof rubricInputSchema>;

export interface RubricJson {
  version: number;
  criteria: Criterion[];
  createdAt: string;
}

/** Placement JSON's `evaluations`. */
export interface EvaluationSummaryJson {
  stage: OjtEvaluationStage;
  submittedAt: string;
  average: number;
}

/** GET /api/placements/{id}/evaluations: each submitted evaluation with its rubric's labels. */
export interface EvaluationJson extends EvaluationSummaryJson {
  rubricVersion: number;
  criteria: (Criterion & { rating: number })[];
  comments: string | null;
  wouldHire: OjtWouldHire;
  supervisorName: string;
}

export interface EvaluationsJson {
  items: EvaluationJson[];
  /** The stages whose request was mailed (to which supervisor address, when). */
  requests: { stage: OjtEvaluationStage; sentAt: string; supervisorEmail: string }[];
  midpoint: string;
}

export interface HostRatingSummary {
  average: number;
  count: number;
}

/** The mean of ratings to two decimals (what is stored and shown). */
export function averageOf(ratings: Record<string, number>): number {
  const v = Object.values(ratings);
  return Math.round((v.reduce((s, x) => s + x, 0) / v.length) * 100) / 100;
}
