import { apiRoute } from "~/web/api-route.server";
import {
  createDeclineTemplate,
  declineTemplateSchema,
  listDeclineTemplates,
} from "~/models/employer/decline-templates.server";

export const { loader, action } = apiRoute({
  /** GET /api/admin/decline-templates (admin): the decline reasons in order, `[{id, title, body, position}]`. */
  GET: async (api) => listDeclineTemplates(await api.ctx(["admin"])),
  /** POST /api/admin/decline-templates {title, body} (admin) → 201 with the template, added last. */
  POST: async (api) => {
    const ctx = await api.ctx(["admin"]);
    const input = await api.body(declineTemplateSchema);
    return api.reply(await createDeclineTemplate(ctx, input), 201);
  },
});
