import { apiRoute } from "~/web/api-route.server";
import { getDb } from "~/lib/db.server";
import { listEligibleSurveyDtos } from "~/models/survey/survey.server";

export const { loader } = apiRoute({
  /** GET /api/surveys/active/eligible: the surveys this user should answer (with their questions); [] for admins. */
  GET: async (api) => {
    const user = await api.caller("college");
    return listEligibleSurveyDtos(await getDb(), user);
  },
});
