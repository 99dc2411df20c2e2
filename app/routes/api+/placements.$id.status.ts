import { apiRoute } from "~/web/api-route.server";
import { ojtCtx } from "~/web/config.server";
import { statusChangeSchema } from "~/models/ojt/ojt.schema";
import { changePlacementStatus } from "~/models/ojt/placement.server";

export const { loader, action } = apiRoute({
  /** POST /api/placements/{id}/status {status, reason?}: planned → deployed → completed, or withdrawn/terminated with a reason. */
  POST: async (api) => {
    const ctx = await api.ctx("user", ojtCtx);
    return changePlacementStatus(ctx, api.param("id"), await api.body(statusChangeSchema));
  },
});
