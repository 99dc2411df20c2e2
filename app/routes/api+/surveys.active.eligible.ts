import type { LoaderFunctionArgs } from "@remix-run/node";
import { handleApi, requireApiRole } from "~/web/api.server";
import { getDb } from "~/lib/db.server";
import { listEligibleSurveyDtos } from "~/models/survey/survey.server";

/** GET /api/surveys/active/eligible: the surveys this user should answer (with their questions); [] for admins. */
export const loader = ({ request }: LoaderFunctionArgs) =>
  handleApi(request, async () => {
    const user = await requireApiRole(request, "college");
    return listEligibleSurveyDtos(await getDb(), user);
  });
