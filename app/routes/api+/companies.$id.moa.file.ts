import { apiRoute } from "~/web/api-route.server";
import { ojtCtx } from "~/web/config.server";
import { agreementFile, uploadAgreementFile } from "~/models/ojt/agreements.server";
import { fileOf, fileResponse, readDocumentForm } from "~/models/ojt/ojt-files.server";

export const { loader, action } = apiRoute({
  /** GET /api/companies/{id}/moa/file (coordinators, admins): the signed PDF, as an attachment. */
  GET: async (api) =>
    fileResponse(await agreementFile(await api.ctx("user", ojtCtx), api.param("id"))),
  /** POST /api/companies/{id}/moa/file (multipart `file`): the signed agreement, a PDF ≤ 10 MB. */
  POST: async (api) => {
    const ctx = await api.ctx("user", ojtCtx);
    const file = fileOf(await readDocumentForm(api.request));
    return uploadAgreementFile(ctx, api.param("id"), file);
  },
});
