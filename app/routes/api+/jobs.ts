import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import {
  getApiUser,
  handleApi,
  idempotentApi,
  json,
  parseBody,
  readJson,
  requireApiRole,
  methodNotAllowed,
} from "~/web/api.server";
import { getDb } from "~/lib/db.server";
import { jobCreateSchema, parseJobListQuery } from "~/models/job/job.schema";
import { createJob, listJobs, serializeJob } from "~/models/job/job.server";
import { actorOf } from "~/models/context";
import {
  employerCreateJob,
  listEmployerJobs,
  serializeEmployerJob,
} from "~/models/employer/jobs.server";
import { employerLimits } from "~/web/config.server";

/** Without page/limit an API list returns the first 50; limit is clamped to 1..100. */
const API_DEFAULT_LIMIT = 50;
const API_MAX_LIMIT = 100;

/**
 * GET /api/jobs?approvedOnly&status&q&jobType&location&category&licence&includeCompany&page&limit →
 * array of jobs (company embedded). Non-admins get approved active jobs only, whatever they ask; an
 * employer gets its own company's jobs in every state with the review fields (reviewStatus,
 * declineReason, submittedAt, views, applyClicks), filtered by status and paged (ADR 104).
 * X-Total-Count carries the number of matches (X-Total-Capped: true when a broad search was capped).
 */
export const loader = ({ request }: LoaderFunctionArgs) =>
  handleApi(request, async () => {
    // A bad parameter throws QueryError, which handleApi answers 400.
    const query = parseJobListQuery(new URL(request.url).searchParams, {
      strict: true,
      maxLimit: API_MAX_LIMIT,
    });
    const ctx = { db: await getDb(), actor: actorOf(await getApiUser(request)) };
    const limit = query.limit ?? API_DEFAULT_LIMIT;
    if (ctx.actor?.role === "employer") {
      const own = await listEmployerJobs(
        ctx,
        { status: query.status || "all" },
        { offset: (query.page - 1) * limit, limit },
      );
      return json(request, own.rows.map(serializeEmployerJob), {
        headers: {
          "X-Total-Count": String(own.total),
          "Access-Control-Expose-Headers": "X-Total-Count, X-Total-Capped",
        },
      });
    }
    const result = await listJobs(
      ctx,
      {
        q: query.q,
        jobType: query.jobType,
        location: query.location,
        category: query.category,
        licence: query.licence,
        status: query.status || "all",
        approval: query.approvedOnly ? "approved" : "all",
      },
      { offset: (query.page - 1) * limit, limit },
    );
    return json(
      request,
      result.rows.map((r) => serializeJob(r, { includeCompany: query.includeCompany })),
      {
        headers: {
          "X-Total-Count": String(result.total),
          ...(result.capped ? { "X-Total-Capped": "true" } : {}),
          "Access-Control-Expose-Headers": "X-Total-Count, X-Total-Capped",
        },
      },
    );
  });

/** An employer may leave the company out: it is always the account's own. */
function withOwnCompany(body: unknown, companyId: string | null): unknown {
  if (!companyId || !body || typeof body !== "object" || Array.isArray(body)) return body;
  const o = body as Record<string, unknown>;
  return o.company === undefined && o.companyId === undefined ? { ...o, company: companyId } : o;
}

/**
 * POST /api/jobs (admin or employer) → 201 with the job; 400 names the problem; 403 for others.
 * An employer's job is for its own company (another company: 403), pending review
 * (`isApproved: true`: 403), within the limits (429 naming the limit, Retry-After).
 */
export const action = ({ request }: ActionFunctionArgs) =>
  handleApi(request, async () => {
    if (request.method !== "POST") return methodNotAllowed(request, "GET, POST");
    const user = await requireApiRole(request, ["admin", "employer"]);
    const body = await readJson(request);
    return idempotentApi(request, user, body, async () => {
      const input = parseBody(
        jobCreateSchema,
        user.role === "employer" ? withOwnCompany(body, actorOf(user)?.companyId ?? null) : body,
      );
      const ctx = { db: await getDb(), actor: actorOf(user) };
      if (user.role === "employer") {
        const row = await employerCreateJob(ctx, input, employerLimits());
        return json(request, serializeEmployerJob(row), { status: 201 });
      }
      const row = await createJob(ctx, input);
      return json(request, serializeJob(row), { status: 201 });
    });
  });
