import type { LoaderFunctionArgs } from "@remix-run/node";
import { handleApi, requireApiRole } from "~/web/api.server";
import { getDb } from "~/lib/db.server";
import { adminStats } from "~/models/stats/stats.server";

/** GET /api/admin/stats: the shape in docs/api.md (the spec's, plus reportedJobs and every role in roleCounts). */
export const loader = ({ request }: LoaderFunctionArgs) =>
  handleApi(request, async () => {
    await requireApiRole(request, ["admin"]);
    return adminStats(await getDb());
  });
