import { apiRoute } from "~/web/api-route.server";
import { ojtCtx } from "~/web/config.server";
import { submitWeek } from "~/models/ojt/hours.server";

export const { loader, action } = apiRoute({
  /** POST /api/placements/{id}/weeks/{weekStart}/submit: the student sends the week (Monday) to the supervisor: one e-mail with a personal link. → the week. */
  POST: async (api) =>
    submitWeek(await api.ctx("user", ojtCtx), api.param("id"), api.param("weekStart")),
});
