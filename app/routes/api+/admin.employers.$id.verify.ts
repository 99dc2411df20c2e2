import { apiRoute } from "~/web/api-route.server";
import { EMPLOYER_MSG } from "~/models/employer/employer.schema";
import { verifyEmployer } from "~/models/employer/moderation.server";

export const { loader, action } = apiRoute({
  /** POST /api/admin/employers/{id}/verify (admin, audited, idempotent): marks the employer verified by an administrator (the manual trust signal beside the computed domain one). Answers {message, user}. */
  POST: async (api) => {
    const user = await verifyEmployer(await api.ctx(["admin"]), api.param("id"));
    return { message: EMPLOYER_MSG.verified, user };
  },
});
