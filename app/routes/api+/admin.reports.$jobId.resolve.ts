/**
 * POST /api/admin/reports/{jobId}/resolve {resolution: "dismissed" | "upheld"} (admin):
 * closes the job's open reports. Dismissed shows a job hidden by reports again; upheld takes the
 * job off the board (unapproved, inactive). 404 unknown job, 409 no open report.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { handleApi, methodNotAllowed, parseBody, readJson, requireApiRole } from "~/web/api.server";
import { getDb } from "~/lib/db.server";
import { ctxOf } from "~/models/context";
import { REPORT_MSG, resolveReportsSchema } from "~/models/job/report.schema";
import { resolveReports } from "~/models/job/report.server";

export const loader = ({ request }: LoaderFunctionArgs) =>
  handleApi(request, async () => methodNotAllowed(request, "POST"));

export const action = ({ request, params }: ActionFunctionArgs) =>
  handleApi(request, async () => {
    if (request.method !== "POST") return methodNotAllowed(request, "POST");
    const admin = await requireApiRole(request, ["admin"]);
    const { resolution } = parseBody(resolveReportsSchema, await readJson(request));
    const r = await resolveReports(ctxOf(await getDb(), admin), params.jobId ?? "", resolution);
    return {
      ...r,
      message: resolution === "dismissed" ? REPORT_MSG.dismissed : REPORT_MSG.upheld,
    };
  });
