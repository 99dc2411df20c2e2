import { apiRoute } from "~/web/api-route.server";
import { ojtCtx } from "~/web/config.server";
import { getAgreement, setAgreement } from "~/models/ojt/agreements.server";
import { agreementInputSchema } from "~/models/ojt/paperwork.schema";

export const { loader, action } = apiRoute({
  /** GET /api/companies/{id}/moa (coordinators, admins): the host agreement and its state. */
  GET: async (api) => getAgreement(await api.ctx("user", ojtCtx), api.param("id")),
  /** PUT /api/companies/{id}/moa {signedAt, validUntil, notarized, signatories: [{name, position}]}. */
  PUT: async (api) => {
    const ctx = await api.ctx("user", ojtCtx);
    return setAgreement(ctx, api.param("id"), await api.body(agreementInputSchema));
  },
});
