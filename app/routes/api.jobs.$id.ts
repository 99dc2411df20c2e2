import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import {
  getApiUser,
  handleApi,
  parseBody,
  readJson,
  requireApiAdmin,
  methodNotAllowed,
} from "~/web/api.server";
import { getDb } from "~/lib/db.server";
import { JOB_TOAST, jobUpdateSchema } from "~/models/job/job.schema";
import { deleteJob, getJob, serializeJob, updateJob } from "~/models/job/job.server";
import { actorOf } from "~/models/context";

/** GET /api/jobs/{id}: 404 for unknown, malformed or (for non-admins) hidden jobs. */
export const loader = ({ request, params }: LoaderFunctionArgs) =>
  handleApi(request, async () => {
    const ctx = { db: await getDb(), actor: actorOf(await getApiUser(request)) };
    return serializeJob(await getJob(ctx, params.id ?? ""));
  });

/** PUT (or PATCH) /api/jobs/{id} partial update, DELETE /api/jobs/{id}: admin only. */
export const action = ({ request, params }: ActionFunctionArgs) =>
  handleApi(request, async () => {
    const method = request.method.toUpperCase();
    if (method !== "PUT" && method !== "PATCH" && method !== "DELETE")
      return methodNotAllowed(request, "GET, PUT, PATCH, DELETE");
    const admin = await requireApiAdmin(request);
    const ctx = { db: await getDb(), actor: actorOf(admin) };
    const id = params.id ?? "";
    if (method === "DELETE") {
      const gone = await deleteJob(ctx, id);
      return { message: JOB_TOAST.deleted, _id: gone.id };
    }
    const input = parseBody(jobUpdateSchema, await readJson(request));
    return serializeJob(await updateJob(ctx, id, input));
  });
