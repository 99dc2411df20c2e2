import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { handleApi, json, parseBody, readJson } from "~/web/api.server";
import { clientKey } from "~/lib/request.server";
import { requestPasswordReset } from "~/models/auth/password-reset.server";
import { NotFound } from "~/lib/errors";
import { forgotPasswordSchema } from "~/models/user/user.schema";
import { authCtx } from "~/web/config.server";

/** POST /api/auth/forgot-password {email} → 200 {message}, the same for known and unknown addresses. Public. */
export const action = ({ request }: ActionFunctionArgs) =>
  handleApi(request, async () => {
    if (request.method !== "POST") throw new NotFound("Not found");
    const body = parseBody(forgotPasswordSchema, await readJson(request));
    return json(
      request,
      await requestPasswordReset(await authCtx(), { email: body.email, ip: clientKey(request) }),
    );
  });

export const loader = ({ request }: LoaderFunctionArgs) =>
  handleApi(request, async () => {
    throw new NotFound("Not found");
  });
