import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import {
  handleApi,
  json,
  readJson,
  requireApiAdmin,
  requireApiUser,
  methodNotAllowed,
} from "~/web/api.server";
import { getDb } from "~/lib/db.server";
import { createSurvey, listSurveys } from "~/models/survey/survey.server";
import { actorOf } from "~/models/context";

/** GET /api/surveys: admins get every survey, others the active ones meant for their role. */
export const loader = ({ request }: LoaderFunctionArgs) =>
  handleApi(request, async () => {
    const user = await requireApiUser(request);
    return listSurveys({ db: await getDb(), actor: actorOf(user) });
  });

/** POST /api/surveys (admin): {title, description, audience, status, questions[]}. */
export const action = ({ request }: ActionFunctionArgs) =>
  handleApi(request, async () => {
    if (request.method !== "POST") return methodNotAllowed(request, "GET, POST");
    const user = await requireApiAdmin(request);
    const survey = await createSurvey(
      { db: await getDb(), actor: actorOf(user) },
      await readJson(request),
    );
    return json(request, survey, { status: 201 });
  });
