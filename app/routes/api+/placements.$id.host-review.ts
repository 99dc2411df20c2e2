import { apiRoute } from "~/web/api-route.server";
import { ojtCtx } from "~/web/config.server";
import { hostReviewSchema } from "~/models/ojt/evaluation.schema";
import { submitHostReview } from "~/models/ojt/evaluation.server";

export const { loader, action } = apiRoute({
  /** POST /api/placements/{id}/host-review {ratings: {criterion: 1–5, …}, comments}: the student reviews the host once, at the end. → 201 {submittedAt, average}. */
  POST: async (api) => {
    const ctx = await api.ctx("user", ojtCtx);
    const input = await api.body(hostReviewSchema);
    return api.reply(await submitHostReview(ctx, api.param("id"), input), 201);
  },
});
