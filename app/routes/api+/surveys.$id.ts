import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { handleApi, readJson, requireApiRole, methodNotAllowed } from "~/web/api.server";
import { getDb } from "~/lib/db.server";
import { deleteSurvey, getSurvey, updateSurvey } from "~/models/survey/survey.server";
import { actorOf } from "~/models/context";

/** GET /api/surveys/{id}: admins any survey; others only an active one meant for their role. */
export const loader = ({ request, params }: LoaderFunctionArgs) =>
  handleApi(request, async () => {
    const user = await requireApiRole(request, "college");
    return getSurvey({ db: await getDb(), actor: actorOf(user) }, params.id ?? "");
  });

/** PUT /api/surveys/{id} (question ids stay stable) and DELETE /api/surveys/{id}, both admin. */
export const action = ({ request, params }: ActionFunctionArgs) =>
  handleApi(request, async () => {
    if (request.method !== "PUT" && request.method !== "DELETE")
      return methodNotAllowed(request, "GET, PUT, DELETE");
    const user = await requireApiRole(request, ["admin"]);
    const ctx = { db: await getDb(), actor: actorOf(user) };
    if (request.method === "DELETE") {
      const r = await deleteSurvey(ctx, params.id ?? "");
      return { message: "Survey deleted", ...r };
    }
    return updateSurvey(ctx, params.id ?? "", await readJson(request));
  });
