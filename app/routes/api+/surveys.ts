import { apiRoute } from "~/web/api-route.server";
import { readJson } from "~/web/api.server";
import { createSurvey, createSurveyFromTemplate, listSurveys } from "~/models/survey/survey.server";

export const { loader, action } = apiRoute({
  /** GET /api/surveys: admins get every survey, others the active ones meant for their role. */
  GET: async (api) => listSurveys(await api.ctx("college")),
  /**
   * POST /api/surveys (admin): {title, description, audience, status, questions[]}, or
   * `{"template": "tracer"}` for a draft from the tracer template (as the admin screen's button).
   */
  POST: async (api) => {
    const ctx = await api.ctx(["admin"]);
    const body = await readJson(api.request);
    const survey =
      body && typeof body === "object" && "template" in body
        ? await createSurveyFromTemplate(ctx, (body as { template: unknown }).template)
        : await createSurvey(ctx, body);
    return api.reply(survey, 201);
  },
});
