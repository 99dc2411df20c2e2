import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import {
  handleApi,
  json,
  readJson,
  requireApiAdmin,
  requireApiCollegeUser,
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
    await requireApiAdmin(request);
    const db = await getDb();
    const { survey } = await getSurveyForAdmin(db, params.id ?? "");
    const role = readRoleFilter(new URL(request.url).searchParams.get("role"));
    return listResponses(db, survey.id, { role });
  });

/** POST /api/surveys/{id}/responses {answers: [{questionId, type, label, value}]}: 201, or 409 when already answered. */
export const action = ({ request, params }: ActionFunctionArgs) =>
  handleApi(request, async () => {
    if (request.method !== "POST") return methodNotAllowed(request, "GET, POST");
    const user = await requireApiCollegeUser(request);
    const r = await submitResponse(
      { db: await getDb(), actor: actorOf(user) },
      params.id ?? "",
      await readJson(request),
    );
    return json(request, { message: SURVEY_MSG.thanks, ...r }, { status: 201 });
  });
