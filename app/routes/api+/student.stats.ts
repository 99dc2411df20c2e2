import { apiRoute } from "~/web/api-route.server";
import { getDb } from "~/lib/db.server";
import { studentStats } from "~/models/stats/stats.server";

export const { loader } = apiRoute({
  /** GET /api/student/stats: {availableJobs, jobsViewed, applications, companies} for the caller. */
  GET: async (api) => {
    const me = await api.caller("college");
    return studentStats(await getDb(), me.id);
  },
});
