/**
 * Job alerts (saved searches with e-mail digests, issue 15): isomorphic rules, messages and types
 * shared by the board's 'Save this search' form, the 'My alerts' page, /api/alerts and the CLI.
 * The filters are the board's own (`q`, job type, location, category) with the board's limits.
 */
import { z } from "zod";
import { ALERT_FREQUENCIES, JOB_TYPES, type AlertFrequency, type JobType } from "#db/constants";
import { FILTER_MAX, TERM_MAX, boardSearch } from "../job/job.schema";

export { ALERT_FREQUENCIES } from "#db/constants";
export type { AlertFrequency } from "#db/constants";

export const ALERT_NAME_MAX = 80;
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

const blankToNull = (v: string | null | undefined) => (v ? v : null);

const nameField = z
  .string({ error: ALERT_MSG.nameRequired })
  .trim()
  .min(1, ALERT_MSG.nameRequired)
  .max(ALERT_NAME_MAX, ALERT_MSG.nameTooLong);
const qField = z
  .string({ error: ALERT_MSG.qTooLong })
  .trim()
  .max(TERM_MAX, ALERT_MSG.qTooLong)
  .nullish()
  .transform((v) => v ?? "");
const filterField = (label: string) =>
  z
    .string({ error: ALERT_MSG.filterTooLong(label) })
    .trim()
    .max(FILTER_MAX, ALERT_MSG.filterTooLong(label))
    .nullish()
    .transform(blankToNull);
// "" and "all" mean every type, as on the board.
const jobTypeField = z
  .string({ error: ALERT_MSG.jobType })
  .trim()
  .toLowerCase()
  .nullish()
  .transform((v) => (!v || v === "all" ? null : v))
  .pipe(z.enum(JOB_TYPES, { error: ALERT_MSG.jobType }).nullable());
const frequencyField = z
  .string({ error: ALERT_MSG.frequency })
  .trim()
  .toLowerCase()
  .pipe(z.enum(ALERT_FREQUENCIES, { error: ALERT_MSG.frequency }));

/** Create (form or POST /api/alerts): a name is required; frequency defaults to weekly. */
export const alertInputSchema = z.object({
  name: nameField,
  q: qField,
  jobType: jobTypeField,
  location: filterField("Location"),
  category: filterField("Category"),
  frequency: frequencyField.default("weekly"),
});
export type AlertInput = z.infer<typeof alertInputSchema>;

/** Update (edit form or PUT /api/alerts/{id}): any subset of the fields. */
export const alertPatchSchema = z
  .object({
    name: nameField.optional(),
    q: z
      .string({ error: ALERT_MSG.qTooLong })
      .trim()
      .max(TERM_MAX, ALERT_MSG.qTooLong)
      .nullable()
      .transform((v) => v ?? "")
      .optional(),
    jobType: z
      .string({ error: ALERT_MSG.jobType })
      .trim()
      .toLowerCase()
      .nullable()
      .transform((v) => (!v || v === "all" ? null : v))
      .pipe(z.enum(JOB_TYPES, { error: ALERT_MSG.jobType }).nullable())
      .optional(),
    location: z
      .string({ error: ALERT_MSG.filterTooLong("Location") })
      .trim()
      .max(FILTER_MAX, ALERT_MSG.filterTooLong("Location"))
      .nullable()
      .transform(blankToNull)
      .optional(),
    category: z
      .string({ error: ALERT_MSG.filterTooLong("Category") })
      .trim()
      .max(FILTER_MAX, ALERT_MSG.filterTooLong("Category"))
      .nullable()
      .transform(blankToNull)
      .optional(),
    frequency: frequencyField.optional(),
  })
  .transform(
    (o) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as typeof o,
  );
export type AlertPatch = z.infer<typeof alertPatchSchema>;

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

/** A default name for a saved search: its words and filters, shortened to fit. */
export function suggestAlertName(f: {
  q?: string | null;
  jobType?: string | null;
  location?: string | null;
  category?: string | null;
}): string {
  const parts = [f.q, f.jobType, f.location, f.category]
    .map((p) => p?.trim())
    .filter(Boolean) as string[];
  const name = parts.length ? parts.join(" · ") : "All new jobs";
  return name.length > ALERT_NAME_MAX ? `${name.slice(0, ALERT_NAME_MAX - 1).trimEnd()}…` : name;
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
