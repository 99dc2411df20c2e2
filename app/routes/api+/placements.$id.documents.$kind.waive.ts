import { apiRoute } from "~/web/api-route.server";
import { ojtCtx } from "~/web/config.server";
import { waiveDocument } from "~/models/ojt/documents.server";
import { waiveSchema } from "~/models/ojt/paperwork.schema";

export const { loader, action } = apiRoute({
  /** POST /api/placements/{id}/documents/{kind}/waive {reason}: the coordinator waives a document. */
  POST: async (api) => {
    const ctx = await api.ctx("user", ojtCtx);
    const { reason } = await api.body(waiveSchema);
    return waiveDocument(ctx, api.param("id"), api.param("kind"), reason);
  },
});
