import type { ActionFunctionArgs } from "@remix-run/node";
import { handleApi, methodNotAllowed, parseBody, readJson, requireApiRole } from "~/web/api.server";
import { getDb } from "~/lib/db.server";
import { ojtCtx } from "~/web/config.server";
import { statusChangeSchema } from "~/models/ojt/ojt.schema";
import { changePlacementStatus } from "~/models/ojt/placement.server";

/** POST /api/placements/{id}/status {status, reason?}: planned → deployed → completed, or withdrawn/terminated with a reason. */
export const action = ({ request, params }: ActionFunctionArgs) =>
  handleApi(request, async () => {
    if (request.method !== "POST") return methodNotAllowed(request, "POST");
    const me = await requireApiRole(request, "user");
    const change = parseBody(statusChangeSchema, await readJson(request));
    return changePlacementStatus(ojtCtx(await getDb(), me), params.id ?? "", change);
  });

export const loader = ({ request }: ActionFunctionArgs) =>
  handleApi(request, async () => methodNotAllowed(request, "POST"));
