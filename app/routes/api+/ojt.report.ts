import { ValidationError } from "~/lib/errors";
import { ojtReport, ojtReportCsv } from "~/models/ojt/report.server";
import { csvResponse } from "~/web/api.server";
import { apiRoute } from "~/web/api-route.server";
import { ojtCtx } from "~/web/config.server";

export const { loader } = apiRoute({
  /**
   * GET /api/ojt/report[?format=csv|json][&course=CODE][&from=YYYY-MM-DD][&to=YYYY-MM-DD]: the
   * internship report — admins every programme, coordinators theirs, anyone else 403.
   */
  GET: async (api) => {
    const ctx = await api.ctx("user", ojtCtx);
    const q = new URL(api.request.url).searchParams;
    const format = q.get("format") ?? "json";
    if (format !== "json" && format !== "csv")
      throw new ValidationError("The format must be csv or json", { format: ["csv or json"] });
    const report = await ojtReport(ctx, {
      course: q.get("course")?.trim() || null,
      from: q.get("from")?.trim() || null,
      to: q.get("to")?.trim() || null,
    });
    return format === "json" ? report : csvResponse(ojtReportCsv(report), "ojt-report.csv");
  },
});
