/**
 * The job rules, texts and types without zod: deadlines, visibility, limits, the board's query.
 * Screens import this module (not job.schema.ts), so the pages a guest or a student opens load no
 * validation library; job.schema.ts adds the zod schemas and re-exports all of this.
 */
import {
  APPLY_TO_MAX,
  DEFAULT_SALARY_CURRENCY,
  JOB_STATUSES,
  JOB_TYPES,
  LICENCE_MAX,
  LICENCES_MAX,
  MEDICAL_CLASS_MAX,
  OJT_HOURS_MAX,
  SALARY_AMOUNT_MAX,
  SALARY_PERIODS,
  SHIFT_MAX,
  type JobStatus,
  type JobType,
  type SalaryPeriod,
} from "#db/constants";
import { DAY_MS, toTime } from "./job.board";

export { LICENCE_MAX, LICENCES_MAX, MEDICAL_CLASS_MAX, OJT_HOURS_MAX, SHIFT_MAX };
export { APPLY_TO_MAX, DEFAULT_SALARY_CURRENCY, SALARY_AMOUNT_MAX, SALARY_PERIODS };
export type { SalaryPeriod };

export { JOB_STATUSES, JOB_TYPES } from "#db/constants";
export {
  CLOSING_SOON_DAYS,
  JOB_TEXT,
  boardSearch,
  closingSoon,
  isListed,
  isPubliclyVisible,
  pastDeadline,
  readBoardSort,
  type BoardFilters,
  type BoardSort,
} from "./job.board";
export { deadlineLabel } from "./deadline-label";
export type { JobStatus, JobType } from "#db/constants";
export { allowanceLabel, applyTargetOf, type Allowance, type ApplyTarget } from "./apply-target";

/** The job delete confirmation, verbatim. */
export const deleteJobConfirm = (title: string) => `Delete “${title}”? This cannot be undone.`;

/** Jobs notices, verbatim. */
export const JOB_TOAST = {
  loadFailed: "Failed to load jobs",
  approvalFailed: "Failed to update approval",
  approved: "Job approved",
  unapproved: "Approval removed",
  toggleFailed: "Failed to toggle status",
  reactivated: "Job reactivated",
  deactivated: "Job set to inactive",
  deleteFailed: "Failed to delete",
  deleted: "Job deleted",
  refreshed: "Refreshed",
  refreshFailed: "Refresh failed",
  updated: "Job updated",
  created: "Job created",
  saveFailed: "Save failed (check enum values & required fields)",
} as const;

/** Validation messages where the spec names the rule but not the words. */
export const JOB_MSG = {
  titleRequired: "Title is required.",
  titleTooLong: "Title must be at most 200 characters.",
  companyRequired: "Company is required.",
  companyUnknown: "Company not found.",
  jobType: `Job type must be one of: ${JOB_TYPES.join(", ")}.`,
  status: `Status must be one of: ${JOB_STATUSES.join(", ")}.`,
  isApproved: "isApproved must be true or false.",
  notFound: "Job not found",
  tooLong: (field: string, max: number) => `${field} must be at most ${max} characters.`,
  categories: "Categories must be a list of names (at most 20, each at most 60 characters).",
  licences: `Licences must be a list of names (at most ${LICENCES_MAX}, each at most ${LICENCE_MAX} characters).`,
  ojtHours: `OJT hours must be a whole number from 0 to ${OJT_HOURS_MAX}.`,
  emptyUpdate: "Nothing to update.",
  termTooLong: "Search term must be at most 200 characters.",
  licenceTooLong: `licence must be at most ${LICENCE_MAX} characters.`,
  shortened: (label: string, max: number) => `${label} shortened to ${max} characters`,
  badLimit: "limit must be a whole number.",
  badPage: "page must be a whole number of at least 1.",
  badType: `type must be one of: ${JOB_TYPES.join(", ")}.`,
  badStatus: `status must be one of: ${JOB_STATUSES.join(", ")}, or all.`,
  badBoolean: (name: string) => `${name} must be true or false.`,
  deadline:
    "Application deadline must be a date (YYYY-MM-DD) or a date and time with a time zone (2026-11-30T17:00:00+08:00).",
  applicationsClosed: "Applications for this job are closed.",
  howToApply: "How to apply must be a web address (https://…) or an e-mail address.",
  salaryAmount: `The allowance must be a whole number from 1 to ${SALARY_AMOUNT_MAX.toLocaleString("en-US")}.`,
  salaryCurrency: "The currency must be a three-letter code, e.g. PHP.",
  salaryPeriod: `The allowance period must be one of: ${SALARY_PERIODS.join(", ")}.`,
  salaryNeedsAmount: "Enter the amount, or choose “Unpaid”.",
  salaryNeedsPeriod: "Choose per month, per day or per hour for this amount.",
  unpaidWithAmount: "An unpaid posting has no amount: clear the amount or choose a period.",
} as const;

/** The choices of the allowance period, as the job form offers them. */
export const SALARY_PERIOD_LABELS: Record<SalaryPeriod, string> = {
  month: "Per month",
  day: "Per day",
  hour: "Per hour",
  unpaid: "Unpaid",
};

/**
 * Reads the "How to apply" field: a web address (https:// is added to a bare domain such as
 * careers.example.ph) or an e-mail address (a leading `mailto:` is dropped). "" clears it; anything
 * else is null (invalid). Only http and https links are accepted.
 */
export function parseHowToApply(
  input: string,
): { applyUrl: string | null; applyEmail: string | null } | null {
  const s = input.trim();
  if (!s) return { applyUrl: null, applyEmail: null };
  if (s.length > APPLY_TO_MAX || /\s/.test(s)) return null;
  const mail = s.replace(/^mailto:/i, "");
  if (!mail.includes("://") && /^[^@/?#]+@[^@/?#]+\.[^@/?#.]+$/.test(mail))
    return { applyUrl: null, applyEmail: mail.toLowerCase() };
  if (s.includes("@") && !s.includes("/")) return null;
  try {
    const u = new URL(/^[a-z][a-z0-9+.-]*:/i.test(s) ? s : `https://${s}`);
    if ((u.protocol !== "http:" && u.protocol !== "https:") || !u.hostname.includes("."))
      return null;
    const href = u.toString();
    return href.length <= APPLY_TO_MAX ? { applyUrl: href, applyEmail: null } : null;
  } catch {
    return null;
  }
}

/**
 * The allowance's own rule, one for the form and /api: a period of month, day or hour needs an
 * amount, an amount needs one of those periods, and "unpaid" has no amount. Returns the message
 * and the field it belongs to, or null when the pair is consistent.
 */
export function allowanceProblem(
  amount: number | null,
  period: SalaryPeriod | null,
): { field: "salaryAmount" | "salaryPeriod"; message: string } | null {
  if (period === "unpaid")
    return amount === null ? null : { field: "salaryAmount", message: JOB_MSG.unpaidWithAmount };
  if (period && amount === null)
    return { field: "salaryAmount", message: JOB_MSG.salaryNeedsAmount };
  if (!period && amount !== null)
    return { field: "salaryPeriod", message: JOB_MSG.salaryNeedsPeriod };
  return null;
}

// ─── Application deadlines (the display half is in job.board.ts) ────────────────────────────────

/**
 * Reads a deadline as the API, the form and the CSV give it. A date alone (`2026-11-30`) means the
 * end of that day everywhere on Earth (UTC−12, so 2026-12-01T12:00:00Z): applications never close
 * early for anyone, whatever the time zone. A date-time needs its zone (`Z` or `±hh:mm`). Anything
 * else, and impossible dates, are null.
 */
export function parseDeadline(input: string): Date | null {
  const s = input.trim();
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (day) {
    const [y, m, d] = day.slice(1).map(Number);
    if (y < 2000 || y > 2100) return null;
    const start = new Date(Date.UTC(y, m - 1, d));
    if (start.getUTCFullYear() !== y || start.getUTCMonth() !== m - 1 || start.getUTCDate() !== d)
      return null;
    return inRange(new Date(start.getTime() + DAY_MS + 12 * 3_600_000));
  }
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/i.test(s))
    return null;
  const t = new Date(s);
  return Number.isNaN(t.getTime()) ? null : inRange(t);
}
const inRange = (d: Date) => (d.getUTCFullYear() >= 2000 && d.getUTCFullYear() <= 2100 ? d : null);

/** The deadline as the date input shows it (YYYY-MM-DD, the day it ends on). */
export function deadlineInputValue(d: Date | string | null | undefined): string {
  if (!d) return "";
  return new Date(toTime(d) - 12 * 3_600_000 - 1).toISOString().slice(0, 10);
}

export const TITLE_MAX = 200;
export const LOCATION_MAX = 200;
export const SHORT_MAX = 500;
export const DESCRIPTION_MAX = 20_000;
export const CATEGORY_MAX = 60;
export const CATEGORIES_MAX = 20;
export const TERM_MAX = 200;
export const FILTER_MAX = 100;

/** schema.org JobPosting employmentType for each job type (OJT is on-the-job training: an internship). */
export const EMPLOYMENT_TYPE: Record<JobType, string> = {
  internship: "INTERN",
  ojt: "INTERN",
  "part-time": "PART_TIME",
  "full-time": "FULL_TIME",
  contract: "CONTRACTOR",
};

/** The toggle flips active to inactive, and inactive (or any other value) to active. */
export function toggledStatus(status: string | null | undefined): JobStatus {
  return (status ?? "active") === "active" ? "inactive" : "active";
}

/** The company as the /api job object embeds it. */
export interface CompanySummary {
  _id: string;
  id: string;
  name: string;
  logoUrl: string | null;
  website: string | null;
  location: string | null;
}
/**
 * Splits what the user typed into search words: Unicode letters and digits only (so nothing of the
 * tsquery syntax survives), NFKC-normalised, lower-cased, at most 8 words of at most 50 characters.
 */
export function searchWords(input: string | null | undefined): string[] {
  if (!input) return [];
  const words = input
    .normalize("NFKC")
    .toLowerCase()
    .split(/[^\p{L}\p{M}\p{Nd}]+/u)
    .filter((w) => /[\p{L}\p{Nd}]/u.test(w)) // a lone combining mark is not a word
    .map((w) => w.slice(0, 50));
  return [...new Set(words)].slice(0, 8);
}

// ─── Query parameters (/jobs, /api/jobs, the public feed) ───────────────────────────────────────

export class QueryError extends Error {}

export interface JobListQuery {
  q: string;
  jobType: JobType | "";
  location: string;
  category: string;
  /** One licence the job must require, "" for any. */
  licence: string;
  status: JobStatus | "all" | "";
  approvedOnly: boolean | null;
  includeCompany: boolean;
  page: number;
  /** null when the caller gave none. */
  limit: number | null;
  /** What a lenient read changed and the screen must say (e.g. 'Search shortened to 200 characters'). */
  notices: string[];
}

const BOOL: Record<string, boolean> = {
  true: true,
  "1": true,
  yes: true,
  false: false,
  "0": false,
  no: false,
};

/**
 * Reads list parameters. `strict` (API): a bad value throws QueryError with a clear message (→ 400).
 * Lenient (screens): a bad value falls back to its default, because a hand-edited URL should still
 * show the board. `limit` is clamped to 1..maxLimit; `type` is accepted as an alias of `jobType`.
 */
export function parseJobListQuery(
  params: URLSearchParams,
  opts: { strict: boolean; maxLimit: number },
): JobListQuery {
  const fail = <T>(message: string, fallback: T): T => {
    if (opts.strict) throw new QueryError(message);
    return fallback;
  };
  const notices: string[] = [];
  // Too long: the API refuses; a screen cuts the text to the limit and says so (never emptied,
  // which would silently show every job).
  const text = (name: string, max: number, message: string, label: string) => {
    const v = (params.get(name) ?? "").trim();
    if (v.length <= max) return v;
    fail(message, "");
    notices.push(JOB_MSG.shortened(label, max));
    return cutText(v, max);
  };
  const q = text("q", TERM_MAX, JOB_MSG.termTooLong, "Search");
  const location = text(
    "location",
    FILTER_MAX,
    JOB_MSG.tooLong("location", FILTER_MAX),
    "Location",
  );
  const category = text(
    "category",
    FILTER_MAX,
    JOB_MSG.tooLong("category", FILTER_MAX),
    "Category",
  );

  const licence = text("licence", LICENCE_MAX, JOB_MSG.licenceTooLong, "Licence");

  const typeRaw = (params.get("jobType") ?? params.get("type") ?? "").trim().toLowerCase();
  const jobType: JobType | "" =
    !typeRaw || typeRaw === "all"
      ? ""
      : (JOB_TYPES as readonly string[]).includes(typeRaw)
        ? (typeRaw as JobType)
        : fail(JOB_MSG.badType, "");

  const statusRaw = (params.get("status") ?? "").trim().toLowerCase();
  const status: JobListQuery["status"] = !statusRaw
    ? ""
    : statusRaw === "all" || (JOB_STATUSES as readonly string[]).includes(statusRaw)
      ? (statusRaw as JobStatus | "all")
      : fail(JOB_MSG.badStatus, "");

  const bool = (name: string): boolean | null => {
    const v = params.get(name);
    if (v === null || v.trim() === "") return null;
    const b = BOOL[v.trim().toLowerCase()];
    return b === undefined ? fail(JOB_MSG.badBoolean(name), null) : b;
  };
  const approvedOnly = bool("approvedOnly");
  const includeCompany = bool("includeCompany") ?? true;

  const int = (name: string, message: string): number | null => {
    const v = params.get(name);
    if (v === null || v.trim() === "") return null;
    return /^\s*\d{1,9}\s*$/.test(v) ? Number(v) : fail(message, null);
  };
  const pageRaw = int("page", JOB_MSG.badPage);
  const page = pageRaw === null ? 1 : pageRaw >= 1 ? pageRaw : fail(JOB_MSG.badPage, 1);
  const limitRaw = int("limit", JOB_MSG.badLimit);
  const limit = limitRaw === null ? null : Math.min(Math.max(limitRaw, 1), opts.maxLimit);
  return {
    q,
    jobType,
    location,
    category,
    licence,
    status,
    approvedOnly,
    includeCompany,
    page,
    limit,
    notices,
  };
}

/** The first `max` UTF-16 units of `s`, never splitting a surrogate pair, trimmed at the end. */
export function cutText(s: string, max: number): string {
  let out = s.slice(0, max);
  if (/[\uD800-\uDBFF]$/.test(out)) out = out.slice(0, -1);
  return out.trimEnd();
}

/**
 * The columns Job Management sorts by on the server. Here, not in job.server.ts: the table's
 * component reads them in the browser, where a server module's exports are undefined — the
 * server rendered sort links the browser did not, and React threw away the page's hydration.
 */
export const ADMIN_SORTS = [
  "title",
  "company",
  "type",
  "location",
  "category",
  "posted",
  "status",
  "approval",
] as const;
export type AdminSort = (typeof ADMIN_SORTS)[number];
