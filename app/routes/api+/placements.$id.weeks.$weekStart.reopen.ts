import { apiRoute } from "~/web/api-route.server";
import { ojtCtx } from "~/web/config.server";
import { reopenSchema } from "~/models/ojt/ojt.schema";
import { reopenWeek } from "~/models/ojt/hours.server";

export const { loader, action } = apiRoute({
  /** POST /api/placements/{id}/weeks/{weekStart}/reopen: {reason}: a coordinator (or admin) sends a submitted or approved week back to the student; audited. → the week. */
  POST: async (api) => {
    const ctx = await api.ctx("user", ojtCtx);
    const { reason } = await api.body(reopenSchema);
    return reopenWeek(ctx, api.param("id"), api.param("weekStart"), reason);
  },
});
