import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { handleApi, methodNotAllowed, requireApiRole } from "~/web/api.server";
import { NotFound } from "~/lib/errors";
import { getDb } from "~/lib/db.server";
import { ctxOf } from "~/models/context";
import { decideJoinRequest } from "~/models/employer/join.server";
import { configured } from "~/web/config.server";

type Decision = "approve" | "decline";
const decisionOf = (s: string | undefined): Decision | null =>
  s === "approve" || s === "decline" ? s : null;

/**
 * POST /api/employers/join-requests/{id}/approve and …/decline (a verified employer of the
 * company, or an admin) → 200 {request}; 404 for an unknown id or a caller who may not answer
 * it; 409 when it has already ended (answered or expired).
 */
export const action = ({ request, params }: ActionFunctionArgs) =>
  handleApi(request, async () => {
    const decision = decisionOf(params.decision);
    if (!decision) throw new NotFound("Not found");
    if (request.method !== "POST") return methodNotAllowed(request, "POST");
    const me = await requireApiRole(request, ["admin", "employer"]);
    const ctx = configured(ctxOf(await getDb(), me));
    return { request: await decideJoinRequest(ctx, params.id ?? "", decision) };
  });

export const loader = ({ request, params }: LoaderFunctionArgs) =>
  handleApi(request, async () => {
    if (!decisionOf(params.decision)) throw new NotFound("Not found");
    return methodNotAllowed(request, "POST");
  });
