/**
 * 'Report this posting': the reasons as people read them, the limits and the texts.
 * No zod here, so the job page (which must stay free of the validation library) can import it;
 * report.schema.ts holds the schemas.
 */
import { REPORT_REASONS, type ReportReason } from "#db/constants";

export { REPORT_REASONS, type ReportReason };

/** The reason radios' labels, in REPORT_REASONS order. */
export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  scam: "Scam or fee requested",
  misleading: "Misleading",
  discriminatory: "Discriminatory",
  expired: "Expired",
  other: "Other",
};

/** Details of a report: at most this many characters (the table checks it too). */
export const REPORT_DETAILS_MAX = 2000;
/** Open reports from this many different users hide a job until an admin reviews it. */
export const AUTO_HIDE_REPORTERS = 3;
/** Reports one user may send in a day (repeats of the same job count: each is a request). */
export const REPORTS_PER_DAY = 20;
export const REPORT_WINDOW_SECONDS = 86_400;

export const REPORT_STATUSES = ["open", "resolved", "all"] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

export const REPORT_MSG = {
  reason: `Reason must be one of: ${REPORT_REASONS.join(", ")}.`,
  detailsTooLong: `Details must be at most ${REPORT_DETAILS_MAX} characters.`,
  detailsRequired: "Please describe the problem when the reason is Other.",
  thanks: "Thanks — the career office will review this posting.",
  tooMany:
    "You have sent many reports today. Please try again tomorrow or write to the career office.",
  signIn: "Sign in to report this posting.",
  resolution: "Resolution must be dismissed or upheld.",
  status: `status must be one of: ${REPORT_STATUSES.join(", ")}.`,
  noOpenReports: "This job has no open reports.",
  dismissed: "Reports dismissed: the posting is visible again if it was hidden.",
  upheld: "Reports upheld: the posting was removed from the board.",
} as const;
