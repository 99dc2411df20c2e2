import { apiRoute } from "~/web/api-route.server";
import { getDb } from "~/lib/db.server";
import { adminStats } from "~/models/stats/stats.server";

export const { loader } = apiRoute({
  /** GET /api/admin/stats: the shape in docs/api.md (the spec's, plus reportedJobs and every role in roleCounts). */
  GET: async (api) => {
    await api.caller(["admin"]);
    return adminStats(await getDb());
  },
});
