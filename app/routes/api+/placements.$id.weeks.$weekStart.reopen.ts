import type { ActionFunctionArgs } from "@remix-run/node";
import { handleApi, methodNotAllowed, parseBody, readJson, requireApiRole } from "~/web/api.server";
import { getDb } from "~/lib/db.server";
import { ojtCtx } from "~/web/config.server";
import { reopenSchema } from "~/models/ojt/ojt.schema";
import { reopenWeek } from "~/models/ojt/hours.server";

/** POST /api/placements/{id}/weeks/{weekStart}/reopen: {reason}: a coordinator (or admin) sends a submitted or approved week back to the student; audited. → the week. */
export const action = ({ request, params }: ActionFunctionArgs) =>
  handleApi(request, async () => {
    if (request.method !== "POST") return methodNotAllowed(request, "POST");
    const me = await requireApiRole(request, "user");
    const ctx = ojtCtx(await getDb(), me);
    return reopenWeek(
      ctx,
      params.id ?? "",
      params.weekStart ?? "",
      parseBody(reopenSchema, await readJson(request)).reason,
    );
  });

export const loader = ({ request }: ActionFunctionArgs) =>
  handleApi(request, async () => methodNotAllowed(request, "POST"));
