import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { handleApi, json, methodNotAllowed, requireApiRole } from "~/web/api.server";
import { getDb } from "~/lib/db.server";
import { ctxOf } from "~/models/context";
import { saveJob, unsaveJob } from "~/models/job/saved.server";

const ALLOW = "PUT, DELETE";

/**
 * PUT /api/saved-jobs/{jobId}: saves a job the caller can see — 201 when newly saved, 200 when it
 * already was; 404 for an unknown or hidden job. DELETE: removes it — 200 `{jobId, saved: false}`,
 * also when it was not saved.
 */
export const action = ({ request, params }: ActionFunctionArgs) =>
  handleApi(request, async () => {
    const method = request.method.toUpperCase();
    if (method !== "PUT" && method !== "DELETE") return methodNotAllowed(request, ALLOW);
    const user = await requireApiRole(request, "college");
    const ctx = ctxOf(await getDb(), user);
    const jobId = params.jobId ?? "";
    if (method === "DELETE") {
      await unsaveJob(ctx, jobId);
      return json(request, { jobId, saved: false });
    }
    const { created } = await saveJob(ctx, jobId);
    return json(request, { jobId, saved: true }, { status: created ? 201 : 200 });
  });

export const loader = ({ request }: LoaderFunctionArgs) =>
  handleApi(request, async () => methodNotAllowed(request, ALLOW));
