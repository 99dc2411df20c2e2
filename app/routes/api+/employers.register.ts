import { apiRoute } from "~/web/api-route.server";
import { env } from "~/lib/env.server";
import { clientKey } from "~/lib/request.server";
import { REGISTER_DONE } from "~/models/auth/register.server";
import { registerEmployer } from "~/models/employer/account.server";
import { employerRegisterSchema } from "~/models/employer/employer.schema";
import { authCtx } from "~/web/config.server";

export const { loader, action } = apiRoute(
  {
    /**
     * POST /api/employers/register {firstName, lastName, email, password, acceptTerms: true,
     * companyId | company: {name, website, location}, invite?} → 201 {message, requiresVerification: true,
     * joinRequest}. `companyId` without an invitation is a request to join that company: the account
     * acts for no company until a verified employer of it or an admin approves (ADR 109).
     * Public. The code arrives by mail; verification and sign-in are /api/auth/verify-otp and
     * /api/auth/login. A taken address is a 409 as on /api/auth/register; a new company whose name is
     * taken (case-blind) is a 409 naming it (`companyId` in the body) so the caller chooses it instead.
     */
    POST: async (api) => {
      const body = await api.body(
        employerRegisterSchema(env().COLLEGE_EMAIL_DOMAIN, {
          passwordMin: env().PASSWORD_MIN_LENGTH,
        }),
      );
      const { user } = await registerEmployer(await authCtx(), body, {
        ip: clientKey(api.request),
      });
      // joinRequest: the account named an existing company and waits for its approval (ADR 109).
      return api.reply(
        { message: REGISTER_DONE, requiresVerification: true, joinRequest: !user.companyJoinedAt },
        201,
      );
    },
  },
  { otherMethods: "notFound" },
);
