import { getApiUser } from "~/web/api.server";
import { apiRoute } from "~/web/api-route.server";
import { getDb } from "~/lib/db.server";
import { listCategories } from "~/models/job/job.server";
import { ctxOf } from "~/models/context";

export const { loader, action } = apiRoute({
  /** GET /api/jobs/categories → array of category names (of the jobs the caller may see). */
  GET: async (api) => {
    const db = await getDb();
    return listCategories(ctxOf(db, await getApiUser(api.request)));
  },
});
