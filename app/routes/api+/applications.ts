import { apiRoute } from "~/web/api-route.server";
import { listApplications } from "~/models/job/saved.server";

export const { loader, action } = apiRoute({
  /**
   * GET /api/applications: the caller's Apply Now history (students and alumni), newest first:
   * `[{jobId, title, companyName, location, state: "open"|"closed"|"removed", at}]` (`at`: applied).
   */
  GET: async (api) => listApplications(await api.ctx("college")),
});
