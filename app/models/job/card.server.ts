/** A job row as a board card shows it (the board, a company page): one mapping for every list. */
import { preview } from "~/lib/format";
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
  /** Saved by the signed-in student or alumnus. */
  saved: boolean;
};

export function toJobCard(r: Job, saved = false): CardJob {
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
    saved,
  };
}
