import { apiRoute } from "~/web/api-route.server";
import { listSavedJobs } from "~/models/job/saved.server";

export const { loader, action } = apiRoute({
  /**
   * GET /api/saved-jobs: the caller's saved jobs (students and alumni), newest first:
   * `[{jobId, title, companyName, location, state: "open"|"closed"|"removed", at}]` (`at`: saved).
   */
  GET: async (api) => listSavedJobs(await api.ctx("college")),
});
