import type { LoaderFunctionArgs } from "@remix-run/node";
import { handleApi, requireApiRole } from "~/web/api.server";
import { getDb } from "~/lib/db.server";
import { csvStream, exportFileName, responsesCsv } from "~/models/survey/export.server";
import { getSurveyForAdmin, readRoleFilter } from "~/models/survey/survey.server";

/**
 * GET /api/surveys/{id}/responses/export[?role=student|alumni] (admin): the CSV, streamed. The
 * same bytes as `runway surveys export`.
 */
export const loader = ({ request, params }: LoaderFunctionArgs) =>
  handleApi(request, async () => {
    await requireApiRole(request, ["admin"]);
    const db = await getDb();
    const { survey } = await getSurveyForAdmin(db, params.id ?? "");
    const role = readRoleFilter(new URL(request.url).searchParams.get("role"));
    const body = await csvStream(responsesCsv(db, survey.id, { role }));
    return new Response(body, {
      headers: {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="${exportFileName(survey)}"`,
        "Cache-Control": "no-store",
        "X-Content-Type-Options": "nosniff",
      },
    });
  });
