import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { handleApi, methodNotAllowed, requireApiRole } from "~/web/api.server";
import { getDb } from "~/lib/db.server";
import { ctxOf } from "~/models/context";
import { listApplications } from "~/models/job/saved.server";

/**
 * GET /api/applications: the caller's Apply Now history (students and alumni), newest first:
 * `[{jobId, title, companyName, location, state: "open"|"closed"|"removed", at}]` (`at`: applied).
 */
export const loader = ({ request }: LoaderFunctionArgs) =>
  handleApi(request, async () => {
    const user = await requireApiRole(request, "college");
    return listApplications(ctxOf(await getDb(), user));
  });

export const action = ({ request }: ActionFunctionArgs) =>
  handleApi(request, async () => methodNotAllowed(request, "GET"));
