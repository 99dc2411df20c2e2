/**
 * POST /api/jobs/{id}/reports {reason, details} (signed-in): 201 for a first report,
 * 200 when the same user reports the same job again (the report is updated, not counted twice).
 * 400 bad input, 401 guest, 404 a job the caller cannot see, 429 past the daily limit.
 */
import { apiRoute } from "~/web/api-route.server";
import { REPORT_MSG, reportInputSchema } from "~/models/job/report.schema";
import { reportJob } from "~/models/job/report.server";

export const { loader, action } = apiRoute({
  POST: async (api) => {
    const ctx = await api.ctx("user");
    const input = await api.body(reportInputSchema);
    const jobId = api.param("id");
    const r = await reportJob(ctx, jobId, input);
    const { reason, details } = input;
    return api.reply(
      { message: REPORT_MSG.thanks, jobId, reason, details: details ?? null },
      r.created ? 201 : 200,
    );
  },
});
