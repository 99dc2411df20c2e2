import { apiRoute } from "~/web/api-route.server";
import { EMPLOYER_MSG } from "~/models/employer/employer.schema";
import { blockCompany } from "~/models/employer/moderation.server";

export const { loader, action } = apiRoute({
  /** POST /api/companies/{id}/block (admin, audited, idempotent): blocks the company: all its jobs hidden, all its employers refused at sign-in with their sessions and tokens ended. Answers {message, company}. */
  POST: async (api) => {
    const company = await blockCompany(await api.ctx(["admin"]), api.param("id"));
    return { message: EMPLOYER_MSG.companyBlockedDone, company };
  },
});
