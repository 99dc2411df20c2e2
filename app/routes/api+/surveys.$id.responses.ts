import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import {
  handleApi,
  idempotentApi,
  json,
  readJson,
  requireApiRole,
  methodNotAllowed,
} from "~/web/api.server";
import { getDb } from "~/lib/db.server";
import { SURVEY_MSG } from "~/models/survey/survey.rules";
import {
  getSurveyForAdmin,
  listResponses,
  readRoleFilter,
  submitResponse,
} from "~/models/survey/survey.server";
import { actorOf } from "~/models/context";

/** GET /api/surveys/{id}/responses?role=student|alumni (admin): newest first. */
export const loader = ({ request, params }: LoaderFunctionArgs) =>
  handleApi(request, async () => {
    await requireApiRole(request, ["admin"]);
    const db = await getDb();
    const { survey } = await getSurveyForAdmin(db, params.id ?? "");
    const role = readRoleFilter(new URL(request.url).searchParams.get("role"));
    return listResponses(db, survey.id, { role });
  });

/**
 * POST /api/surveys/{id}/responses {answers: [{questionId, type, label, value}]}: 201, or 409 when
 * already answered. With an `Idempotency-Key` (the phone's outbox sends one per draft) a retry of the
 * same answers gets the first 201 again; other answers under that key get a 422.
 */
export const action = ({ request, params }: ActionFunctionArgs) =>
  handleApi(request, async () => {
    if (request.method !== "POST") return methodNotAllowed(request, "GET, POST");
    const user = await requireApiRole(request, "college");
    const body = await readJson(request);
    return idempotentApi(request, user, body, async () => {
      const r = await submitResponse(
        { db: await getDb(), actor: actorOf(user) },
        params.id ?? "",
        body,
      );
      return json(request, { message: SURVEY_MSG.thanks, ...r }, { status: 201 });
    });
  });
