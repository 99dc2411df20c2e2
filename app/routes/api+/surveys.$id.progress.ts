import { apiRoute } from "~/web/api-route.server";
import { surveyProgress } from "~/models/survey/invitations.server";

export const { loader } = apiRoute({
  /**
   * GET /api/surveys/{id}/progress (admin): targeted, invited, opened, answered and the
   * response and knowledge rates, overall and by programme and graduation year.
   */
  GET: async (api) => surveyProgress(await api.ctx(["admin"]), api.param("id")),
});
