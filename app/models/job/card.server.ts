/** A job row as a board card shows it (the board, a company page): one mapping for every list. */
import type { JobCardData } from "~/components/jobs/job-card";
import { preview } from "~/lib/format";
import { allowanceOf, applyTargetOfRow, logoPath, type JobRow } from "./job.server";

export function toJobCard(r: JobRow, saved = false): JobCardData {
  return {
    id: r.id,
    title: r.title,
    companyName: r.company_name,
    companyId: r.company_id,
    logoUrl: logoPath(r.company_logo_file_id),
    apply: applyTargetOfRow(r),
    allowance: allowanceOf(r).allowance,
    location: r.location,
    jobType: r.job_type,
    preview: preview(r.short_description, r.description),
    createdAt: new Date(r.created_at).toISOString(),
    categories: r.categories ?? [],
    licences: r.licences ?? [],
    applicationDeadline: r.application_deadline
      ? new Date(r.application_deadline).toISOString()
      : null,
    saved,
  };
}
