import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { handleApi, json, parseBody, readJson } from "~/web/api.server";
import { clientKey } from "~/lib/request.server";
import { RESET_MSG, resetPassword } from "~/models/auth/password-reset.server";
import { NotFound } from "~/lib/errors";
import { resetPasswordSchema } from "~/models/user/user.schema";
import { authCtx } from "~/web/config.server";

/**
 * POST /api/auth/reset-password {email, token, password} → 200 {message}. Public: the token is the
 * credential (reset or invite). Every session and API token of the user ends.
 */
export const action = ({ request }: ActionFunctionArgs) =>
  handleApi(request, async () => {
    if (request.method !== "POST") throw new NotFound("Not found");
    const body = parseBody(resetPasswordSchema, await readJson(request));
    await resetPassword(await authCtx(), { ...body, ip: clientKey(request) });
    return json(request, { message: RESET_MSG.done });
  });

export const loader = ({ request }: LoaderFunctionArgs) =>
  handleApi(request, async () => {
    throw new NotFound("Not found");
  });
