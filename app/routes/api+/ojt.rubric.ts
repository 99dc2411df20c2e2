import { apiRoute } from "~/web/api-route.server";
import { ojtCtx } from "~/web/config.server";
import { rubricInputSchema } from "~/models/ojt/evaluation.schema";
import { getRubric, updateRubric } from "~/models/ojt/evaluation.server";

export const { loader, action } = apiRoute({
  /** GET /api/ojt/rubric (admin): the evaluation rubric in force {version, criteria: [{key, label}], createdAt}. */
  GET: async (api) => getRubric(await api.ctx("user", ojtCtx)),
  /** PUT /api/ojt/rubric {criteria: [{key?, label}]} (admin): a new rubric version; answered evaluations keep theirs. */
  PUT: async (api) => {
    const ctx = await api.ctx("user", ojtCtx);
    // Who may, before what: a student's body is never parsed.
    await getRubric(ctx);
    return updateRubric(ctx, await api.body(rubricInputSchema));
  },
});
