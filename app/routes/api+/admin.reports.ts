/**
 * GET /api/admin/reports?status=open|resolved|all (admin): reported jobs, each with its
 * reports (reason, details, date, reporter), hidden ones first, then most reporters, oldest first.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { handleApi, parseBody, requireApiRole } from "~/web/api.server";
import { getDb } from "~/lib/db.server";
import { ctxOf } from "~/models/context";
import { reportStatusSchema } from "~/models/job/report.schema";
import { listReportedJobs } from "~/models/job/report.server";

export const loader = ({ request }: LoaderFunctionArgs) =>
  handleApi(request, async () => {
    const admin = await requireApiRole(request, ["admin"]);
    const raw = new URL(request.url).searchParams.get("status");
    const status = parseBody(reportStatusSchema, raw === null || raw === "" ? undefined : raw);
    return { jobs: await listReportedJobs(ctxOf(await getDb(), admin), status) };
  });
