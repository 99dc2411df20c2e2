/**
 * The semantic keys of tracer questions (ADR 101) and the answer options the outcomes
 * computation relies on, defined once: the tracer template builds its questions from these lists
 * and outcomes.server.ts reads answers with them. No zod, no server code: the editor imports it.
 */

/** The known keys with the labels the editor shows ("Outcome key"). */
export const OUTCOME_KEYS = [
  { key: "employment_status", label: "Employment status" },
  { key: "unemployment_reason", label: "Reason for not being employed" },
  { key: "employment_type", label: "Type of present employment" },
  { key: "job_title", label: "Present occupation or job title" },
  { key: "first_job_company", label: "Company of the first job" },
  { key: "months_to_first_job", label: "Time to the first job" },
  { key: "job_found_via", label: "How the first job was found" },
  { key: "job_related_to_course", label: "First job related to the programme" },
  { key: "first_job_salary_band", label: "First-job salary band" },
  { key: "useful_competencies", label: "Competencies useful at work" },
  { key: "programme_rating", label: "Rating of the programme" },
  { key: "suggestions", label: "Suggestions" },
] as const;

/** A key as people read it: its label when known ("Employment status"), else the key itself. */
export const outcomeKeyLabel = (key: string): string =>
  OUTCOME_KEYS.find((k) => k.key === key)?.label ?? key;

/** The format of any key (known or an admin's own): lower-case letter, then [a-z0-9_], ≤ 63. */
export const QUESTION_KEY_RE = /^[a-z][a-z0-9_]{0,62}$/;
export const QUESTION_KEY_MSG = {
  format:
    "A question key must start with a lower-case letter and use only a-z, 0-9 and _ (at most 63 characters)",
  duplicate: (key: string) =>
    `Two questions use the key "${key}"; a key may be used once per survey`,
};

/** employment_status: the options that count as employed (the others count as not employed). */
export const EMPLOYED_OPTIONS = ["Yes, employed", "Self-employed / business owner"] as const;
export const EMPLOYMENT_STATUS_OPTIONS = [
  ...EMPLOYED_OPTIONS,
  "Not employed",
  "Never been employed",
] as const;

/**
 * months_to_first_job: each option's value in months (the middle of its range, rounded down to a
 * whole month; "2 years or more" counts as 24). "Not yet employed" has no value: it is left out of
 * the median and the distribution.
 */
export const MONTHS_TO_FIRST_JOB: ReadonlyArray<{ option: string; months: number | null }> = [
  { option: "Less than a month", months: 0 },
  { option: "1 to 6 months", months: 3 },
  { option: "7 to 11 months", months: 9 },
  { option: "1 year to less than 2 years", months: 18 },
  { option: "2 years or more", months: 24 },
  { option: "Not yet employed", months: null },
];

/** job_related_to_course: "Yes" counts as related; "Not applicable" is left out of the rate. */
export const RELATED_YES = "Yes";
export const RELATED_OPTIONS = [RELATED_YES, "No", "Not applicable"] as const;
export const RELATED_NOT_APPLICABLE = "Not applicable";

/** first_job_salary_band: the bands in order ("Prefer not to say" is left out of the distribution). */
export const SALARY_BANDS = [
  "Below ₱10,000",
  "₱10,000 to less than ₱15,000",
  "₱15,000 to less than ₱20,000",
  "₱20,000 to less than ₱25,000",
  "₱25,000 to less than ₱30,000",
  "₱30,000 and above",
] as const;
export const SALARY_UNDISCLOSED = "Prefer not to say";

/** job_found_via: the option that means the college's own job board placed the graduate. */
export const FOUND_VIA_RUNWAY = "Runway (the college job board)";
export const JOB_FOUND_VIA_OPTIONS = [
  "Response to an advertisement",
  "As walk-in applicant",
  "Recommended by someone",
  "Information from friends",
  FOUND_VIA_RUNWAY,
  "Arranged by the college's job placement officer",
  "Family business",
  "Job fair or PESO",
  "Online job portal or social media",
  "On-the-job training (OJT) company hired me",
  "Other",
] as const;

/** Groups with fewer answers than this show counts only (no rates, no distributions). */
export const SUPPRESS_BELOW = 5;
/** What a figure withheld below SUPPRESS_BELOW says, on the Outcomes and Progress pages alike. */
export const SUPPRESSED_LABEL = `Hidden until ${SUPPRESS_BELOW} responses (privacy)`;
