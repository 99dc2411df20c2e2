/**
 * Job alert rules without zod: limits, labels, messages, the board search an alert stands for and
 * its suggested name (from name.ts). Screens import this module, so they load no validation library;
 * alert.schema.ts adds the zod schemas of the form and /api and re-exports all of this.
 */
import { JOB_TYPES, type AlertFrequency, type JobType } from "#db/constants";
import { FILTER_MAX, TERM_MAX, boardSearch } from "../job/job.rules";
import { ALERT_NAME_MAX } from "./name";

export { ALERT_FREQUENCIES } from "#db/constants";
export type { AlertFrequency } from "#db/constants";

export { ALERT_NAME_MAX, suggestAlertName } from "./name";

/** Alerts one person may keep (a digest per alert: more would be noise, and a cost). */
export const ALERTS_PER_USER_MAX = 20;
/** Jobs one digest lists, and at most this many of one company (the rest are on the board). */
export const DIGEST_MAX_JOBS = 10;
export const DIGEST_MAX_PER_COMPANY = 2;

export const FREQUENCY_LABELS: Record<AlertFrequency, string> = {
  daily: "Daily",
  weekly: "Weekly",
  off: "Off (paused)",
};

export const ALERT_MSG = {
  nameRequired: "Give the alert a name.",
  nameTooLong: `Name must be at most ${ALERT_NAME_MAX} characters.`,
  qTooLong: `Search words must be at most ${TERM_MAX} characters.`,
  filterTooLong: (field: string) => `${field} must be at most ${FILTER_MAX} characters.`,
  jobType: `Job type must be one of: ${JOB_TYPES.join(", ")}.`,
  frequency: "Frequency must be daily, weekly or off.",
  tooMany: `You can keep at most ${ALERTS_PER_USER_MAX} job alerts. Delete one to add another.`,
  notFound: "Alert not found",
  studentsOnly: "Job alerts are for students and alumni.",
  emptyUpdate: "Nothing to update.",
  created: "Alert saved. We will e-mail you when new jobs match.",
  createdPaused: "Alert saved (paused: no e-mails until you choose daily or weekly).",
  updated: "Alert updated",
  paused: "Alert paused",
  resumed: "Alert resumed",
  deleted: "Alert deleted",
  unsubscribed: "You will no longer receive e-mails for this alert.",
  badLink: "This unsubscribe link is not valid. Sign in to manage your alerts.",
} as const;

/** An alert as /api and the screens receive it. */
export interface AlertRecord {
  _id: string;
  id: string;
  name: string;
  q: string;
  jobType: JobType | null;
  location: string | null;
  category: string | null;
  frequency: AlertFrequency;
  /** The board URL (path and query) showing what this alert matches. */
  searchUrl: string;
  lastSentAt: string | null;
  createdAt: string;
  updatedAt: string;
}

/** The /jobs path for an alert's filters (the digest's 'See all matches' link, the page's links). */
export function alertSearchPath(a: {
  q: string;
  jobType: JobType | null;
  location: string | null;
  category: string | null;
}): string {
  return `/jobs${boardSearch({
    q: a.q,
    type: a.jobType ?? "",
    location: a.location ?? "",
    category: a.category ?? "",
  })}`;
}

/** What the filters say, in words, for lists and e-mails. */
export function describeAlert(a: {
  q: string;
  jobType: string | null;
  location: string | null;
  category: string | null;
}): string {
  const parts: string[] = [];
  if (a.q) parts.push(`“${a.q}”`);
  if (a.jobType) parts.push(a.jobType);
  if (a.location) parts.push(`in ${a.location}`);
  if (a.category) parts.push(`category ${a.category}`);
  return parts.length ? parts.join(", ") : "every new job";
}
