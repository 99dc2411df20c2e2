import { apiRoute } from "~/web/api-route.server";
import { ojtCtx } from "~/web/config.server";
import { listEvaluations } from "~/models/ojt/evaluation.server";

export const { loader, action } = apiRoute({
  /** GET /api/placements/{id}/evaluations: the supervisor's evaluations with their rubric (its student, coordinators, admins). */
  GET: async (api) => listEvaluations(await api.ctx("user", ojtCtx), api.param("id")),
});
