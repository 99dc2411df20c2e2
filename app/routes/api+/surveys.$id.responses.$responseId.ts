import type { ActionFunctionArgs } from "@remix-run/node";
import { handleApi, requireApiRole, methodNotAllowed } from "~/web/api.server";
import { getDb } from "~/lib/db.server";
import { deleteResponse } from "~/models/survey/survey.server";
import { actorOf } from "~/models/context";

/** DELETE /api/surveys/{id}/responses/{responseId} (admin). */
export const action = ({ request, params }: ActionFunctionArgs) =>
  handleApi(request, async () => {
    if (request.method !== "DELETE") return methodNotAllowed(request, "DELETE");
    const user = await requireApiRole(request, ["admin"]);
    const r = await deleteResponse(
      { db: await getDb(), actor: actorOf(user) },
      params.id ?? "",
      params.responseId ?? "",
    );
    return { message: "Response deleted", ...r };
  });
