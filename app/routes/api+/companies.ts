import { json, parseBody } from "~/web/api.server";
import { apiRoute } from "~/web/api-route.server";
import { getDb } from "~/lib/db.server";
import { companyInputSchema } from "~/models/company/company.schema";
import { addCompany, listCompanies } from "~/models/company/company.server";
import { ValidationError } from "~/lib/errors";
import { ctxOf } from "~/models/context";
import type { SessionUser } from "~/models/auth/session.server";
import { withMoa } from "~/models/ojt/agreements.server";
import { ojtConfig } from "~/web/config.server";

function positiveInt(v: string | null, name: string): number | undefined {
  if (v === null || v === "") return undefined;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 1)
    throw new ValidationError(`${name} must be a positive whole number`);
  return n;
}

/**
 * GET /api/companies: a JSON array of companies (signed-in callers). Query: `q` (search), `sort`
 * (name, location, jobs, createdAt), `dir`, and `page`/`limit` when paging is wanted; the total is in
 * X-Total-Count. Admins also get `jobsCount` (it counts pending jobs too).
 */
async function list(request: Request, user: SessionUser): Promise<Response> {
  const p = new URL(request.url).searchParams;
  const page = positiveInt(p.get("page"), "page");
  const limit = positiveInt(p.get("limit"), "limit");
  const dir = p.get("dir");
  const result = await listCompanies(ctxOf(await getDb(), user), {
    q: p.get("q"),
    sort: p.get("sort"),
    dir: dir === "asc" || dir === "desc" ? dir : null,
    page: page ?? (limit ? 1 : undefined),
    size: limit ?? (page ? 10 : undefined),
  });
  const body = await withMoa(
    await getDb(),
    ojtConfig(),
    user.role,
    user.role === "admin"
      ? result.companies
      : result.companies.map(({ jobsCount: _omit, ...c }) => c),
  );
  return json(request, body, { headers: { "X-Total-Count": String(result.total) } });
}

export const { loader, action } = apiRoute({
  GET: async (api) => list(api.request, await api.caller("user")),
  /** POST /api/companies (admin): creates a company; 201 with the record. */
  POST: (api) =>
    api.create(["admin"], async (user, body) => {
      const input = parseBody(companyInputSchema, body);
      return addCompany(ctxOf(await getDb(), user), input);
    }),
});
