import type { LoaderFunctionArgs } from "@remix-run/node";
import { handleApi, requireApiRole } from "~/web/api.server";
import { getDb } from "~/lib/db.server";
import { studentStats } from "~/models/stats/stats.server";

/** GET /api/student/stats: {availableJobs, jobsViewed, applications, companies} for the caller. */
export const loader = ({ request }: LoaderFunctionArgs) =>
  handleApi(request, async () => {
    const me = await requireApiRole(request, "college");
    return studentStats(await getDb(), me.id);
  });
