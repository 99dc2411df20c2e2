/** A job row as a board card shows it (the board, a company page): one mapping for every list. */
import type { JobCardData } from "~/components/jobs/job-card";
import { preview } from "~/lib/format";
import { allowanceOf, applyTargetOfRow, logoPath, type Job } from "./job.server";

export function toJobCard(r: Job, saved = false): JobCardData {
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
    createdAt: new Date(r.createdAt).toISOString(),
    categories: r.categories ?? [],
    licences: r.licences ?? [],
    applicationDeadline: r.applicationDeadline
      ? new Date(r.applicationDeadline).toISOString()
      : null,
    saved,
  };
}
