import { apiRoute } from "~/web/api-route.server";
import { readJson } from "~/web/api.server";
import { deleteSurvey, getSurvey, updateSurvey } from "~/models/survey/survey.server";

export const { loader, action } = apiRoute({
  /** GET /api/surveys/{id}: admins any survey; others only an active one meant for their role. */
  GET: async (api) => getSurvey(await api.ctx("college"), api.param("id")),
  /** PUT /api/surveys/{id} (admin): question ids stay stable. */
  PUT: async (api) => {
    const ctx = await api.ctx(["admin"]);
    return updateSurvey(ctx, api.param("id"), await readJson(api.request));
  },
  /** DELETE /api/surveys/{id} (admin). */
  DELETE: async (api) => {
    const r = await deleteSurvey(await api.ctx(["admin"]), api.param("id"));
    return { message: "Survey deleted", ...r };
  },
});
