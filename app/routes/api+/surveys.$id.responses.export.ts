import { csvResponse } from "~/web/api.server";
import { apiRoute } from "~/web/api-route.server";
import { getDb } from "~/lib/db.server";
import { csvStream, exportFileName, responsesCsv } from "~/models/survey/export.server";
import { getSurveyForAdmin, readRoleFilter } from "~/models/survey/survey.server";

export const { loader } = apiRoute({
  /**
   * GET /api/surveys/{id}/responses/export[?role=student|alumni] (admin): the CSV, streamed. The
   * same bytes as `runway surveys export`.
   */
  GET: async (api) => {
    await api.caller(["admin"]);
    const db = await getDb();
    const { survey } = await getSurveyForAdmin(db, api.param("id"));
    const role = readRoleFilter(new URL(api.request.url).searchParams.get("role"));
    return csvResponse(
      await csvStream(responsesCsv(db, survey.id, { role })),
      exportFileName(survey),
    );
  },
});
