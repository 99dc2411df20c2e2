import { apiRoute } from "~/web/api-route.server";
import { ojtCtx } from "~/web/config.server";
import { markReceived } from "~/models/ojt/documents.server";
import { receivedSchema } from "~/models/ojt/paperwork.schema";

export const { loader, action } = apiRoute({
  /** POST /api/placements/{id}/documents/{kind}/received {receivedOn}: the paper copy is in (coordinator, admin). */
  POST: async (api) => {
    const ctx = await api.ctx("user", ojtCtx);
    const { receivedOn } = await api.body(receivedSchema);
    return markReceived(ctx, api.param("id"), api.param("kind"), receivedOn);
  },
});
