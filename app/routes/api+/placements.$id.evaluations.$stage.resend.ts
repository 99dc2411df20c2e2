import type { ActionFunctionArgs } from "@remix-run/node";
import { handleApi, methodNotAllowed, parseBody, requireApiRole } from "~/web/api.server";
import { getDb } from "~/lib/db.server";
import { ojtCtx } from "~/web/config.server";
import { stageSchema } from "~/models/ojt/evaluation.schema";
import { resendEvaluation } from "~/models/ojt/evaluation.server";

/** POST /api/placements/{id}/evaluations/{stage}/resend: the coordinator mails the supervisor a fresh evaluation link (stage due, not answered). → the evaluations. */
export const action = ({ request, params }: ActionFunctionArgs) =>
  handleApi(request, async () => {
    if (request.method !== "POST") return methodNotAllowed(request, "POST");
    const me = await requireApiRole(request, "user");
    const stage = parseBody(stageSchema, params.stage);
    return resendEvaluation(ojtCtx(await getDb(), me), params.id ?? "", stage);
  });

export const loader = ({ request }: ActionFunctionArgs) =>
  handleApi(request, async () => methodNotAllowed(request, "POST"));
