import { apiRoute } from "~/web/api-route.server";
import { ojtCtx } from "~/web/config.server";
import { documentFile } from "~/models/ojt/documents.server";
import { fileResponse } from "~/models/ojt/ojt-files.server";

export const { loader, action } = apiRoute({
  /** GET /api/placements/{id}/documents/{documentId}: the uploaded file, as an attachment. */
  GET: async (api) => {
    const ctx = await api.ctx("user", ojtCtx);
    return fileResponse(await documentFile(ctx, api.param("id"), api.param("documentId")));
  },
});
