import { parseBody } from "~/web/api.server";
import { apiRoute } from "~/web/api-route.server";
import { ojtCtx } from "~/web/config.server";
import { stageSchema } from "~/models/ojt/evaluation.schema";
import { resendEvaluation } from "~/models/ojt/evaluation.server";

export const { loader, action } = apiRoute({
  /** POST /api/placements/{id}/evaluations/{stage}/resend: the coordinator mails the supervisor a fresh evaluation link (stage due, not answered). → the evaluations. */
  POST: async (api) => {
    const ctx = await api.ctx("user", ojtCtx);
    return resendEvaluation(ctx, api.param("id"), parseBody(stageSchema, api.params.stage));
  },
});
