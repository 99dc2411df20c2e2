import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { handleApi, json, parseBody, readJson } from "~/web/api.server";
import { clientKey } from "~/lib/request.server";
import { resendVerificationCode } from "~/models/auth/verification.server";
import { NotFound } from "~/lib/errors";
import { resendOtpSchema } from "~/models/user/user.schema";
import { authCtx } from "~/web/config.server";

/**
 * POST /api/auth/resend-otp {email} → 200 {message} whether or not the address has an account;
 * 429 with Retry-After inside the 60-second cooldown or past the hourly cap. Public.
 */
export const action = ({ request }: ActionFunctionArgs) =>
  handleApi(request, async () => {
    if (request.method !== "POST") throw new NotFound("Not found");
    const body = parseBody(resendOtpSchema, await readJson(request));
    return json(
      request,
      await resendVerificationCode(await authCtx(), { email: body.email, ip: clientKey(request) }),
    );
  });

export const loader = ({ request }: LoaderFunctionArgs) =>
  handleApi(request, async () => {
    throw new NotFound("Not found");
  });
