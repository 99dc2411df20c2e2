import { apiRoute } from "~/web/api-route.server";
import { getDb } from "~/lib/db.server";
import { SURVEY_MSG } from "~/models/survey/survey.rules";
import {
  getSurveyForAdmin,
  listResponses,
  readRoleFilter,
  submitResponse,
} from "~/models/survey/survey.server";
import { actorOf } from "~/models/context";

export const { loader, action } = apiRoute({
  /** GET /api/surveys/{id}/responses?role=student|alumni (admin): newest first. */
  GET: async (api) => {
    await api.caller(["admin"]);
    const db = await getDb();
    const { survey } = await getSurveyForAdmin(db, api.param("id"));
    const role = readRoleFilter(new URL(api.request.url).searchParams.get("role"));
    return listResponses(db, survey.id, { role });
  },
  /**
   * POST /api/surveys/{id}/responses {answers: [{questionId, type, label, value}]}: 201, or 409 when
   * already answered. With an `Idempotency-Key` (the phone's outbox sends one per draft) a retry of the
   * same answers gets the first 201 again; other answers under that key get a 422.
   */
  POST: (api) =>
    api.create("college", async (user, body) => {
      const ctx = { db: await getDb(), actor: actorOf(user) };
      return { message: SURVEY_MSG.thanks, ...(await submitResponse(ctx, api.param("id"), body)) };
    }),
});
