import { apiRoute } from "~/web/api-route.server";
import { ojtCtx } from "~/web/config.server";
import { resendWeek } from "~/models/ojt/hours.server";

export const { loader, action } = apiRoute({
  /** POST /api/placements/{id}/weeks/{weekStart}/resend: the student or coordinator mails the supervisor a fresh link for a week still waiting. → the week. */
  POST: async (api) =>
    resendWeek(await api.ctx("user", ojtCtx), api.param("id"), api.param("weekStart")),
});
