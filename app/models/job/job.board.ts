/**
 * What the public board and job pages show of a job, without the rest of the job rules: the board's
 * texts, deadlines, visibility and the board's URL. Its own module because the pages guests open
 * load only this (to keep the public pages' JavaScript small); job.rules.ts re-exports all of it.
 * Deadlines in words are in deadline-label.ts, which the server writes for those pages.
 */
import type { JobType } from "#db/constants";

export { JOB_TEXT } from "./job.text";

// ─── Application deadlines ──────────────────────────────────────────────────────────────────────

export const DAY_MS = 86_400_000;
/** Cards say 'Closing soon' when the deadline is at most this far away. */
export const CLOSING_SOON_DAYS = 7;

export const toTime = (d: Date | string) => (d instanceof Date ? d : new Date(d)).getTime();

/** Open, but closing within CLOSING_SOON_DAYS. */
export function closingSoon(d: Date | string | null | undefined, now = Date.now()): boolean {
  if (!d) return false;
  const t = toTime(d);
  return t > now && t - now <= CLOSING_SOON_DAYS * DAY_MS;
}

/** Past its deadline (applications closed). */
export function pastDeadline(d: Date | string | null | undefined, now = Date.now()): boolean {
  return !!d && toTime(d) <= now;
}

/**
 * What a student may see: approved, active (a missing status counts as active) and not past its
 * application deadline. The SQL form is PUBLIC_SQL in job.server.ts: one rule for every door.
 */
export function isPubliclyVisible(
  job: {
    isApproved: boolean;
    status?: string | null;
    hiddenReason?: string | null;
    applicationDeadline?: Date | string | null;
  },
  now = Date.now(),
): boolean {
  return isListed(job) && !pastDeadline(job.applicationDeadline, now);
}

/** Approved and active, whatever the deadline: its page stays up, saying applications closed. */
export function isListed(job: {
  isApproved: boolean;
  status?: string | null;
  hiddenReason?: string | null;
}): boolean {
  return job.isApproved && (job.status ?? "active") === "active" && !job.hiddenReason;
}

/** Board filters as they live in the /jobs URL (`type` is the job type). */
export interface BoardFilters {
  q: string;
  type: JobType | "";
  location: string;
  category: string;
  /** One required licence or certificate; "" for any. */
  licence?: string;
  /** "deadline": soonest application deadline first; "" (default): best match, then newest. */
  sort?: BoardSort;
}
export type BoardSort = "" | "deadline";
/** The board's sort from its URL: only "deadline" is a choice, anything else is the default. */
export const readBoardSort = (v: string | null | undefined): BoardSort =>
  v === "deadline" ? "deadline" : "";

/** The /jobs URL for a set of filters (only the non-empty ones), e.g. the widget's 'See all jobs'. */
export function boardSearch(f: Partial<BoardFilters> & { page?: number }): string {
  const p = new URLSearchParams();
  if (f.q?.trim()) p.set("q", f.q.trim());
  if (f.type) p.set("type", f.type);
  if (f.location?.trim()) p.set("location", f.location.trim());
  if (f.category?.trim()) p.set("category", f.category.trim());
  if (f.licence?.trim()) p.set("licence", f.licence.trim());
  if (f.sort) p.set("sort", f.sort);
  if (f.page && f.page > 1) p.set("page", String(f.page));
  const s = p.toString();
  return s ? `?${s}` : "";
}
