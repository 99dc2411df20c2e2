import { parseBody } from "~/web/api.server";
import { apiRoute } from "~/web/api-route.server";
import { reportStatusSchema } from "~/models/job/report.schema";
import { listReportedJobs } from "~/models/job/report.server";

export const { loader } = apiRoute({
  /**
   * GET /api/admin/reports?status=open|resolved|all (admin): reported jobs, each with its
   * reports (reason, details, date, reporter), hidden ones first, then most reporters, oldest first.
   */
  GET: async (api) => {
    const ctx = await api.ctx(["admin"]);
    const raw = new URL(api.request.url).searchParams.get("status");
    const status = parseBody(reportStatusSchema, raw === null || raw === "" ? undefined : raw);
    return { jobs: await listReportedJobs(ctx, status) };
  },
});
