import { apiRoute } from "~/web/api-route.server";
import { EMPLOYER_MSG } from "~/models/employer/employer.schema";
import { blockEmployer } from "~/models/employer/moderation.server";

export const { loader, action } = apiRoute({
  /** POST /api/admin/employers/{id}/block (admin, audited, idempotent): blocks the employer: sign-in refused, every session and API token ended, the jobs they created hidden. Answers {message, user}. */
  POST: async (api) => {
    const user = await blockEmployer(await api.ctx(["admin"]), api.param("id"));
    return { message: EMPLOYER_MSG.blockedDone, user };
  },
});
