import type { LoaderFunctionArgs } from "@remix-run/node";
import { getDb } from "~/lib/db.server";
import { ValidationError } from "~/lib/errors";
import { ojtReport, ojtReportCsv } from "~/models/ojt/report.server";
import { handleApi, requireApiRole } from "~/web/api.server";
import { ojtCtx } from "~/web/config.server";

/**
 * GET /api/ojt/report[?format=csv|json][&course=CODE][&from=YYYY-MM-DD][&to=YYYY-MM-DD]: the
 * internship report — admins every programme, coordinators theirs, anyone else 403.
 */
export const loader = ({ request }: LoaderFunctionArgs) =>
  handleApi(request, async () => {
    const me = await requireApiRole(request, "user");
    const q = new URL(request.url).searchParams;
    const format = q.get("format") ?? "json";
    if (format !== "json" && format !== "csv")
      throw new ValidationError("The format must be csv or json", { format: ["csv or json"] });
    const report = await ojtReport(ojtCtx(await getDb(), me), {
      course: q.get("course")?.trim() || null,
      from: q.get("from")?.trim() || null,
      to: q.get("to")?.trim() || null,
    });
    if (format === "json") return report;
    return new Response(ojtReportCsv(report), {
      headers: {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": 'attachment; filename="ojt-report.csv"',
        "Cache-Control": "no-store",
        "X-Content-Type-Options": "nosniff",
      },
    });
  });
