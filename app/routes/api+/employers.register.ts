import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { handleApi, json, parseBody, readJson } from "~/web/api.server";
import { env } from "~/lib/env.server";
import { clientKey } from "~/lib/request.server";
import { NotFound } from "~/lib/errors";
import { REGISTER_DONE } from "~/models/auth/register.server";
import { registerEmployer } from "~/models/employer/account.server";
import { employerRegisterSchema } from "~/models/employer/employer.schema";
import { authCtx } from "~/web/config.server";

/**
 * POST /api/employers/register {firstName, lastName, email, password, acceptTerms: true,
 * companyId | company: {name, website, location}, invite?} → 201 {message, requiresVerification: true,
 * joinRequest}. `companyId` without an invitation is a request to join that company: the account
 * acts for no company until a verified employer of it or an admin approves (ADR 109).
 * Public. The code arrives by mail; verification and sign-in are /api/auth/verify-otp and
 * /api/auth/login. A taken address is a 409 as on /api/auth/register; a new company whose name is
 * taken (case-blind) is a 409 naming it (`companyId` in the body) so the caller chooses it instead.
 */
export const action = ({ request }: ActionFunctionArgs) =>
  handleApi(request, async () => {
    if (request.method !== "POST") throw new NotFound("Not found");
    const body = parseBody(
      employerRegisterSchema(env().COLLEGE_EMAIL_DOMAIN, {
        passwordMin: env().PASSWORD_MIN_LENGTH,
      }),
      await readJson(request),
    );
    const { user } = await registerEmployer(await authCtx(), body, { ip: clientKey(request) });
    // joinRequest: the account named an existing company and waits for its approval (ADR 109).
    return json(
      request,
      { message: REGISTER_DONE, requiresVerification: true, joinRequest: !user.companyJoinedAt },
      { status: 201 },
    );
  });

export const loader = ({ request }: LoaderFunctionArgs) =>
  handleApi(request, async () => {
    throw new NotFound("Not found");
  });
