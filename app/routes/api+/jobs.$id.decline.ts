import { apiRoute } from "~/web/api-route.server";
import { REVIEW_MSG, declineJob, declineReasonSchema } from "~/models/employer/review.server";
import { reviewConfig } from "~/web/config.server";

export const { loader, action } = apiRoute({
  /**
   * POST /api/jobs/{id}/decline {reason} (admin): the job leaves the board and the queue, the reason
   * is stored and e-mailed to the employer who submitted it. 400 missing/empty/too long reason,
   * 403 for non-admins, 404 unknown job. Answers {message, _id}.
   */
  POST: async (api) => {
    const ctx = await api.ctx(["admin"]);
    const { reason } = await api.body(declineReasonSchema);
    const done = await declineJob(ctx, api.param("id"), reason, reviewConfig());
    return { message: REVIEW_MSG.declined, _id: done.id };
  },
});
