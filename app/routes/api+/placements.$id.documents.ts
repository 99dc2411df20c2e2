import { apiRoute } from "~/web/api-route.server";
import { ojtCtx } from "~/web/config.server";
import { listDocuments, uploadDocument } from "~/models/ojt/documents.server";
import { fileOf, readDocumentForm } from "~/models/ojt/ojt-files.server";

export const { loader, action } = apiRoute({
  /** GET /api/placements/{id}/documents: the checklist and every document record (student, coordinators, admins). */
  GET: async (api) => listDocuments(await api.ctx("user", ojtCtx), api.param("id")),
  /** POST /api/placements/{id}/documents (multipart `kind`, `file`): a PDF or a JPEG/PNG photo ≤ 10 MB. */
  POST: async (api) => {
    const ctx = await api.ctx("user", ojtCtx);
    const form = await readDocumentForm(api.request);
    const kind = String(form.get("kind") ?? "").trim();
    return api.reply(await uploadDocument(ctx, api.param("id"), kind, fileOf(form)), 201);
  },
});
