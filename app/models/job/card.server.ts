/** A job row as a board card shows it (the board, a company page): one mapping for every list. */
import { preview } from "~/lib/format";
import { closingSoon } from "./job.board";
import { deadlineLabel } from "./deadline-label";
import type { ApplyTarget } from "./apply-target";
import { allowanceOf, applyTargetOfRow, logoPath, type Job } from "./job.server";

/** The Job's own fields a card shows, and what it derives from the job for the card. */
export type CardJob = Pick<
  Job,
  | "id"
  | "title"
  | "companyName"
  | "companyId"
  | "location"
  | "jobType"
  | "createdAt"
  | "categories"
  | "licences"
  | "applicationDeadline"
> & {
  logoUrl: string | null;
  /** Where Apply Now goes (apply link, apply e-mail, company website), or null: none. */
  apply: ApplyTarget | null;
  /** The allowance in words ("PHP 15,000 a month", "Unpaid"), or null: not stated. */
  allowance: string | null;
  preview: string;
  /**
   * The application deadline in words on the college's clock (deadlineLabel), or null: none.
   * Written here so the board's JavaScript carries no date formatting.
   */
  deadlineLabel: string | null;
  /** Saved by the signed-in student or alumnus. */
  saved: boolean;
};

/** `timeZone`: the college's clock (COLLEGE_TIMEZONE), for the deadline in words. */
export function toJobCard(r: Job, saved: boolean, timeZone: string): CardJob {
  return {
    id: r.id,
    title: r.title,
    companyName: r.companyName,
    companyId: r.companyId,
    logoUrl: logoPath(r.companyLogoFileId),
    apply: applyTargetOfRow(r),
    allowance: allowanceOf(r).allowance,
    location: r.location,
    jobType: r.jobType,
    preview: preview(r.shortDescription, r.description),
    createdAt: r.createdAt,
    categories: r.categories,
    licences: r.licences,
    applicationDeadline: r.applicationDeadline,
    deadlineLabel: deadlineFacts(r.applicationDeadline, timeZone).deadlineLabel,
    saved,
  };
}

/**
 * An application deadline as the job screens write it: in words on the college's clock
 * (`timeZone`), and whether it is closing soon. On the server, so the job pages' JavaScript
 * carries no date formatting.
 */
export function deadlineFacts(d: Date | string | null, timeZone: string) {
  return {
    deadlineLabel: d ? deadlineLabel(d, timeZone) : null,
    closingSoon: closingSoon(d),
  };
}
