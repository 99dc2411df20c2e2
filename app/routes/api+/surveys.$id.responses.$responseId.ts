import { apiRoute } from "~/web/api-route.server";
import { deleteResponse } from "~/models/survey/survey.server";

export const { action } = apiRoute({
  /** DELETE /api/surveys/{id}/responses/{responseId} (admin). */
  DELETE: async (api) => {
    const ctx = await api.ctx(["admin"]);
    const r = await deleteResponse(ctx, api.param("id"), api.param("responseId"));
    return { message: "Response deleted", ...r };
  },
});
