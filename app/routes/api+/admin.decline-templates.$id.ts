import { apiRoute } from "~/web/api-route.server";
import {
  declineTemplateSchema,
  deleteDeclineTemplate,
  TEMPLATE_MSG,
  updateDeclineTemplate,
} from "~/models/employer/decline-templates.server";

export const { loader, action } = apiRoute({
  /** PUT /api/admin/decline-templates/{id} {title, body} (admin, audited). */
  PUT: async (api) => {
    const ctx = await api.ctx(["admin"]);
    return updateDeclineTemplate(ctx, api.param("id"), await api.body(declineTemplateSchema));
  },
  /** DELETE /api/admin/decline-templates/{id} (admin, audited). */
  DELETE: async (api) => {
    const id = api.param("id");
    await deleteDeclineTemplate(await api.ctx(["admin"]), id);
    return { message: TEMPLATE_MSG.deleted, _id: id };
  },
});
