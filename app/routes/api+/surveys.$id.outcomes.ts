import type { LoaderFunctionArgs } from "@remix-run/node";
import { handleApi, json, requireApiRole } from "~/web/api.server";
import { getDb } from "~/lib/db.server";
import { ValidationError } from "~/lib/errors";
import { outcomesCsv, outcomesFileName, surveyOutcomes } from "~/models/survey/outcomes.server";

/**
 * GET /api/surveys/{id}/outcomes[?format=json|csv] (admin): the computed tracer outcomes (ADR 101),
 * overall and by programme and graduation year; the same figures as `runway surveys outcomes`.
 */
export const loader = ({ request, params }: LoaderFunctionArgs) =>
  handleApi(request, async () => {
    await requireApiRole(request, ["admin"]);
    const format = new URL(request.url).searchParams.get("format") ?? "json";
    if (format !== "json" && format !== "csv")
      throw new ValidationError("format must be json or csv", { format: ["json or csv"] });
    const outcomes = await surveyOutcomes(await getDb(), params.id ?? "");
    if (format === "json") return json(request, outcomes);
    return new Response(outcomesCsv(outcomes), {
      headers: {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="${outcomesFileName(outcomes.survey.id)}"`,
        "Cache-Control": "no-store",
        "X-Content-Type-Options": "nosniff",
      },
    });
  });
