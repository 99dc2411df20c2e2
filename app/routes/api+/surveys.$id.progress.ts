/**
 * GET /api/surveys/{id}/progress (admin): targeted, invited, opened, answered and the
 * response and knowledge rates, overall and by programme and graduation year.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { handleApi, requireApiRole } from "~/web/api.server";
import { getDb } from "~/lib/db.server";
import { ctxOf } from "~/models/context";
import { surveyProgress } from "~/models/survey/invitations.server";

export const loader = ({ request, params }: LoaderFunctionArgs) =>
  handleApi(request, async () => {
    const user = await requireApiRole(request, ["admin"]);
    return surveyProgress(ctxOf(await getDb(), user), params.id ?? "");
  });
