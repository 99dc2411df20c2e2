import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { handleApi, methodNotAllowed, requireApiRole } from "~/web/api.server";
import { getDb } from "~/lib/db.server";
import { ctxOf } from "~/models/context";
import { listSavedJobs } from "~/models/job/saved.server";

/**
 * GET /api/saved-jobs: the caller's saved jobs (students and alumni), newest first:
 * `[{jobId, title, companyName, location, state: "open"|"closed"|"removed", at}]` (`at`: saved).
 */
export const loader = ({ request }: LoaderFunctionArgs) =>
  handleApi(request, async () => {
    const user = await requireApiRole(request, "college");
    return listSavedJobs(ctxOf(await getDb(), user));
  });

export const action = ({ request }: ActionFunctionArgs) =>
  handleApi(request, async () => methodNotAllowed(request, "GET"));
