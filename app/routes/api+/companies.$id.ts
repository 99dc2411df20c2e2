import { apiRoute, type ApiCall } from "~/web/api-route.server";
import { COMPANY_MSG, companyPatchSchema } from "~/models/company/company.schema";
import { deleteCompany, getCompany, updateCompany } from "~/models/company/company.server";
import { withMoa } from "~/models/ojt/agreements.server";
import { ojtConfig } from "~/web/config.server";

/** PUT (or PATCH) /api/companies/{id} (admin): updates the given fields. */
const update = async (api: ApiCall) => {
  const ctx = await api.ctx(["admin"]);
  return updateCompany(ctx, api.param("id"), await api.body(companyPatchSchema));
};

export const { loader, action } = apiRoute({
  /** GET /api/companies/{id}: one company (signed-in callers); 404 for an unknown id. */
  GET: async (api) => {
    const ctx = await api.ctx("user");
    const { role } = ctx.actor;
    const { jobsCount, ...company } = await getCompany(ctx, api.param("id"));
    const [withAgreement] = await withMoa(ctx.db, ojtConfig(), role, [company]);
    return role === "admin" ? { ...withAgreement, jobsCount } : withAgreement;
  },
  PUT: update,
  PATCH: update,
  /** DELETE /api/companies/{id} (admin): removes a company without jobs, 409 while it still has jobs. */
  DELETE: async (api) => {
    const id = api.param("id");
    await deleteCompany(await api.ctx(["admin"]), id);
    return { message: COMPANY_MSG.deleted, _id: id };
  },
});
