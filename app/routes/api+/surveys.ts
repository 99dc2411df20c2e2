import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { handleApi, json, readJson, requireApiRole, methodNotAllowed } from "~/web/api.server";
import { getDb } from "~/lib/db.server";
import { createSurvey, createSurveyFromTemplate, listSurveys } from "~/models/survey/survey.server";
import { actorOf } from "~/models/context";

/** GET /api/surveys: admins get every survey, others the active ones meant for their role. */
export const loader = ({ request }: LoaderFunctionArgs) =>
  handleApi(request, async () => {
    const user = await requireApiRole(request, "college");
    return listSurveys({ db: await getDb(), actor: actorOf(user) });
  });

/**
 * POST /api/surveys (admin): {title, description, audience, status, questions[]}, or
 * `{"template": "tracer"}` for a draft from the tracer template (as the admin screen's button).
 */
export const action = ({ request }: ActionFunctionArgs) =>
  handleApi(request, async () => {
    if (request.method !== "POST") return methodNotAllowed(request, "GET, POST");
    const user = await requireApiRole(request, ["admin"]);
    const ctx = { db: await getDb(), actor: actorOf(user) };
    const body = await readJson(request);
    const survey =
      body && typeof body === "object" && "template" in body
        ? await createSurveyFromTemplate(ctx, (body as { template: unknown }).template)
        : await createSurvey(ctx, body);
    return json(request, survey, { status: 201 });
  });
