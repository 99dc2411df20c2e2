/**
 * POST /api/jobs/{id}/reports {reason, details} (signed-in): 201 for a first report,
 * 200 when the same user reports the same job again (the report is updated, not counted twice).
 * 400 bad input, 401 guest, 404 a job the caller cannot see, 429 past the daily limit.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import {
  handleApi,
  json,
  methodNotAllowed,
  parseBody,
  readJson,
  requireApiRole,
} from "~/web/api.server";
import { getDb } from "~/lib/db.server";
import { ctxOf } from "~/models/context";
import { REPORT_MSG, reportInputSchema } from "~/models/job/report.schema";
import { reportJob } from "~/models/job/report.server";

export const loader = ({ request }: LoaderFunctionArgs) =>
  handleApi(request, async () => methodNotAllowed(request, "POST"));

export const action = ({ request, params }: ActionFunctionArgs) =>
  handleApi(request, async () => {
    if (request.method !== "POST") return methodNotAllowed(request, "POST");
    const user = await requireApiRole(request, "user");
    const input = parseBody(reportInputSchema, await readJson(request));
    const jobId = params.id ?? "";
    const r = await reportJob(ctxOf(await getDb(), user), jobId, input);
    return json(
      request,
      { message: REPORT_MSG.thanks, jobId, reason: input.reason, details: input.details ?? null },
      { status: r.created ? 201 : 200 },
    );
  });
