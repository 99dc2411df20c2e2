import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { handleApi, methodNotAllowed, requireApiRole } from "~/web/api.server";
import { getDb } from "~/lib/db.server";
import { ojtCtx } from "~/web/config.server";
import { listEvaluations } from "~/models/ojt/evaluation.server";

/** GET /api/placements/{id}/evaluations: the supervisor's evaluations with their rubric (its student, coordinators, admins). */
export const loader = ({ request, params }: LoaderFunctionArgs) =>
  handleApi(request, async () => {
    const me = await requireApiRole(request, "user");
    return listEvaluations(ojtCtx(await getDb(), me), params.id ?? "");
  });

export const action = ({ request }: ActionFunctionArgs) =>
  handleApi(request, async () => methodNotAllowed(request, "GET"));
