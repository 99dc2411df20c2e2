import { apiRoute } from "~/web/api-route.server";
import { EMPLOYER_MSG } from "~/models/employer/employer.schema";
import { unblockEmployer } from "~/models/employer/moderation.server";

export const { loader, action } = apiRoute({
  /** POST /api/admin/employers/{id}/unblock (admin, audited, idempotent): unblocks the employer: the jobs hidden by the block come back unless their company is blocked. Answers {message, user}. */
  POST: async (api) => {
    const user = await unblockEmployer(await api.ctx(["admin"]), api.param("id"));
    return { message: EMPLOYER_MSG.unblockedDone, user };
  },
});
