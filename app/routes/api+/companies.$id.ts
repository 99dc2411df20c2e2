import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { handleApi, parseBody, readJson, requireApiRole, methodNotAllowed } from "~/web/api.server";
import { getDb } from "~/lib/db.server";
import type { SessionUser } from "~/models/auth/session.server";
import { COMPANY_MSG, companyPatchSchema } from "~/models/company/company.schema";
import { deleteCompany, getCompany, updateCompany } from "~/models/company/company.server";
import { actorOf } from "~/models/context";
import { withMoa } from "~/models/ojt/agreements.server";
import { ojtConfig } from "~/web/config.server";

const ctxOf = async (user: SessionUser) => ({
  db: await getDb(),
  actor: actorOf(user),
});

/** GET /api/companies/{id}: one company (signed-in callers); 404 for an unknown id. */
export const loader = ({ request, params }: LoaderFunctionArgs) =>
  handleApi(request, async () => {
    const user = await requireApiRole(request, "user");
    const { jobsCount, ...company } = await getCompany(await ctxOf(user), params.id ?? "");
    const [withAgreement] = await withMoa(await getDb(), ojtConfig(), user.role, [company]);
    return user.role === "admin" ? { ...withAgreement, jobsCount } : withAgreement;
  });

/**
 * PUT (or PATCH) /api/companies/{id} (admin): updates the given fields; DELETE (admin): removes a
 * company without jobs, 409 while it still has jobs.
 */
export const action = ({ request, params }: ActionFunctionArgs) =>
  handleApi(request, async () => {
    const id = params.id ?? "";
    if (request.method === "PUT" || request.method === "PATCH") {
      const user = await requireApiRole(request, ["admin"]);
      const patch = parseBody(companyPatchSchema, await readJson(request));
      return updateCompany(await ctxOf(user), id, patch);
    }
    if (request.method === "DELETE") {
      const user = await requireApiRole(request, ["admin"]);
      await deleteCompany(await ctxOf(user), id);
      return { message: COMPANY_MSG.deleted, _id: id };
    }
    return methodNotAllowed(request, "GET, PUT, PATCH, DELETE");
  });
