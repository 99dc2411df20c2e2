import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { handleApi, methodNotAllowed, requireApiRole } from "~/web/api.server";
import { getDb } from "~/lib/db.server";
import { ctxOf } from "~/models/context";
import { listJoinRequests } from "~/models/employer/join.server";

/**
 * GET /api/employers/join-requests[?companyId=] (a verified employer: its own company's; an admin:
 * every company's, or one's) → 200 {requests: [...]}: the requests to join waiting for an answer.
 * Anyone else: 403.
 */
export const loader = ({ request }: LoaderFunctionArgs) =>
  handleApi(request, async () => {
    const me = await requireApiRole(request, ["admin", "employer"]);
    const companyId = new URL(request.url).searchParams.get("companyId") ?? undefined;
    return { requests: await listJoinRequests(ctxOf(await getDb(), me), { companyId }) };
  });

export const action = ({ request }: ActionFunctionArgs) =>
  handleApi(request, async () => methodNotAllowed(request, "GET"));
