import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { handleApi, methodNotAllowed, requireApiRole } from "~/web/api.server";
import { getDb } from "~/lib/db.server";
import { ctxOf } from "~/models/context";
import { myJoinRequest } from "~/models/employer/join.server";

/**
 * GET /api/employers/join-requests/mine (employer) → 200 {request: {companyName, status,
 * expiresAt, …} | null}: the caller's own request to join (null for a founder or an invited colleague).
 */
export const loader = ({ request }: LoaderFunctionArgs) =>
  handleApi(request, async () => {
    const me = await requireApiRole(request, ["employer"]);
    return { request: await myJoinRequest(ctxOf(await getDb(), me)) };
  });

export const action = ({ request }: ActionFunctionArgs) =>
  handleApi(request, async () => methodNotAllowed(request, "GET"));
