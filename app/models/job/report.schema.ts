/** The zod schemas of job reports; texts and limits live in report.rules.ts. */
import { z } from "zod";
import { REPORT_REASONS, REPORT_RESOLUTIONS } from "#db/constants";
import { REPORT_DETAILS_MAX, REPORT_MSG, REPORT_STATUSES } from "./report.rules";

export * from "./report.rules";

/** POST /api/jobs/{id}/reports and the job page's form: a reason, details required for 'other'. */
export const reportInputSchema = z
  .object({
    reason: z.enum(REPORT_REASONS, { error: REPORT_MSG.reason }),
    details: z.preprocess(
      (v) => (typeof v === "string" ? v.trim() || null : v),
      z
        .string({ error: REPORT_MSG.detailsTooLong })
        .max(REPORT_DETAILS_MAX, REPORT_MSG.detailsTooLong)
        .nullish(),
    ),
  })
  .superRefine((v, ctx) => {
    if (v.reason === "other" && !v.details)
      ctx.addIssue({ code: "custom", path: ["details"], message: REPORT_MSG.detailsRequired });
  });
export type ReportInput = z.infer<typeof reportInputSchema>;

/** POST /api/admin/reports/{jobId}/resolve. */
export const resolveReportsSchema = z.object({
  resolution: z.enum(REPORT_RESOLUTIONS, { error: REPORT_MSG.resolution }),
});

/** ?status= of GET /api/admin/reports and /admin/reports (default open). */
export const reportStatusSchema = z
  .enum(REPORT_STATUSES, { error: REPORT_MSG.status })
  .default("open");
