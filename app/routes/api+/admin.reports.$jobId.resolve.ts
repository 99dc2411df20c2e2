/**
 * POST /api/admin/reports/{jobId}/resolve {resolution: "dismissed" | "upheld"} (admin):
 * closes the job's open reports. Dismissed shows a job hidden by reports again; upheld takes the
 * job off the board (unapproved, inactive). 404 unknown job, 409 no open report.
 */
import { apiRoute } from "~/web/api-route.server";
import { REPORT_MSG, resolveReportsSchema } from "~/models/job/report.schema";
import { resolveReports } from "~/models/job/report.server";

export const { loader, action } = apiRoute({
  POST: async (api) => {
    const ctx = await api.ctx(["admin"]);
    const { resolution } = await api.body(resolveReportsSchema);
    const r = await resolveReports(ctx, api.param("jobId"), resolution);
    return {
      ...r,
      message: resolution === "dismissed" ? REPORT_MSG.dismissed : REPORT_MSG.upheld,
    };
  },
});
