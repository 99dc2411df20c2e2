import { apiRoute } from "~/web/api-route.server";
import { EMPLOYER_MSG } from "~/models/employer/employer.schema";
import { unblockCompany } from "~/models/employer/moderation.server";

export const { loader, action } = apiRoute({
  /** POST /api/companies/{id}/unblock (admin, audited, idempotent): unblocks the company: its jobs hidden by the block come back, except those of a blocked employer. Answers {message, company}. */
  POST: async (api) => {
    const company = await unblockCompany(await api.ctx(["admin"]), api.param("id"));
    return { message: EMPLOYER_MSG.companyUnblockedDone, company };
  },
});
