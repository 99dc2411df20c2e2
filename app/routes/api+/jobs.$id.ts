import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import {
  getApiUser,
  handleApi,
  parseBody,
  readJson,
  requireApiRole,
  methodNotAllowed,
} from "~/web/api.server";
import { getDb } from "~/lib/db.server";
import { JOB_TOAST, jobUpdateSchema } from "~/models/job/job.schema";
import { deleteJob, serializeJob, updateJob } from "~/models/job/job.server";
import { actorOf } from "~/models/context";
import {
  EMPLOYER_JOB_MSG,
  employerDeleteJob,
  employerUpdateJob,
  getJobForActor,
  serializeEmployerJob,
} from "~/models/employer/jobs.server";
import { employerLimits, reviewConfig } from "~/web/config.server";

/**
 * GET /api/jobs/{id}: 404 for unknown, malformed or (for non-admins) hidden jobs; an employer also
 * gets its own company's jobs in any state, with the review fields.
 */
export const loader = ({ request, params }: LoaderFunctionArgs) =>
  handleApi(request, async () => {
    const ctx = { db: await getDb(), actor: actorOf(await getApiUser(request)) };
    const found = await getJobForActor(ctx, params.id ?? "");
    return found.own ? serializeEmployerJob(found.row) : serializeJob(found.row);
  });

/**
 * PUT (or PATCH) /api/jobs/{id} partial update, DELETE /api/jobs/{id}: admins any job (setting
 * isApproved to true approves it and mails the submitting employer); employers their own company's
 * jobs only (another company's: 404; isApproved:true: 403; content edits go back to review;
 * DELETE only while not approved, else 409).
 */
export const action = ({ request, params }: ActionFunctionArgs) =>
  handleApi(request, async () => {
    const method = request.method.toUpperCase();
    if (method !== "PUT" && method !== "PATCH" && method !== "DELETE")
      return methodNotAllowed(request, "GET, PUT, PATCH, DELETE");
    const user = await requireApiRole(request, ["admin", "employer"]);
    const ctx = { db: await getDb(), actor: actorOf(user) };
    const id = params.id ?? "";
    if (user.role === "employer") {
      if (method === "DELETE") {
        const gone = await employerDeleteJob(ctx, id);
        return { message: EMPLOYER_JOB_MSG.deleted, _id: gone.id };
      }
      const input = parseBody(jobUpdateSchema, await readJson(request));
      const { row } = await employerUpdateJob(ctx, id, input, employerLimits());
      return serializeEmployerJob(row);
    }
    if (method === "DELETE") {
      const gone = await deleteJob(ctx, id);
      return { message: JOB_TOAST.deleted, _id: gone.id };
    }
    const input = parseBody(jobUpdateSchema, await readJson(request));
    return serializeJob(await updateJob(ctx, id, input, reviewConfig()));
  });
