import { apiRoute } from "~/web/api-route.server";
import { ojtCtx } from "~/web/config.server";
import { getChecklist, putChecklist } from "~/models/ojt/documents.server";
import { checklistInputSchema } from "~/models/ojt/paperwork.schema";

export const { loader, action } = apiRoute({
  /** GET /api/courses/{id}/ojt-checklist (admin): the programme's required documents. */
  GET: async (api) => getChecklist(await api.ctx(["admin"], ojtCtx), api.param("id")),
  /** PUT /api/courses/{id}/ojt-checklist {items: [{kind?, label}]} (admin): replaces the list. */
  PUT: async (api) => {
    const ctx = await api.ctx(["admin"], ojtCtx);
    const { items } = await api.body(checklistInputSchema);
    return putChecklist(ctx, api.param("id"), items);
  },
});
