import type { ActionFunctionArgs } from "@remix-run/node";
import { handleApi, methodNotAllowed, requireApiRole } from "~/web/api.server";
import { getDb } from "~/lib/db.server";
import { ojtCtx } from "~/web/config.server";

import { resendWeek } from "~/models/ojt/hours.server";

/** POST /api/placements/{id}/weeks/{weekStart}/resend: the student or coordinator mails the supervisor a fresh link for a week still waiting. → the week. */
export const action = ({ request, params }: ActionFunctionArgs) =>
  handleApi(request, async () => {
    if (request.method !== "POST") return methodNotAllowed(request, "POST");
    const me = await requireApiRole(request, "user");
    const ctx = ojtCtx(await getDb(), me);
    return resendWeek(ctx, params.id ?? "", params.weekStart ?? "");
  });

export const loader = ({ request }: ActionFunctionArgs) =>
  handleApi(request, async () => methodNotAllowed(request, "POST"));
