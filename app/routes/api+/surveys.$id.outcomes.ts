import { csvResponse } from "~/web/api.server";
import { apiRoute } from "~/web/api-route.server";
import { getDb } from "~/lib/db.server";
import { ValidationError } from "~/lib/errors";
import { outcomesCsv, outcomesFileName, surveyOutcomes } from "~/models/survey/outcomes.server";

export const { loader } = apiRoute({
  /**
   * GET /api/surveys/{id}/outcomes[?format=json|csv] (admin): the computed tracer outcomes (ADR 101),
   * overall and by programme and graduation year; the same figures as `runway surveys outcomes`.
   */
  GET: async (api) => {
    await api.caller(["admin"]);
    const format = new URL(api.request.url).searchParams.get("format") ?? "json";
    if (format !== "json" && format !== "csv")
      throw new ValidationError("format must be json or csv", { format: ["json or csv"] });
    const outcomes = await surveyOutcomes(await getDb(), api.param("id"));
    if (format === "json") return outcomes;
    return csvResponse(outcomesCsv(outcomes), outcomesFileName(outcomes.survey.id));
  },
});
