import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { handleApi, json, parseBody, readJson } from "~/web/api.server";
import { env } from "~/lib/env.server";
import { clientKey } from "~/lib/request.server";
import { REGISTER_DONE, registerUser } from "~/models/auth/register.server";
import { NotFound } from "~/lib/errors";
import { registerSchema } from "~/models/user/user.schema";
import { serializeUser } from "~/models/user/user.server";
import { authCtx } from "~/web/config.server";

/**
 * POST /api/auth/register → 201 {message, requiresVerification: true, user}. Public. Only student
 * and alumni with the college e-mail; keys other than the registration payload (role, flags, ids) are ignored.
 */
export const action = ({ request }: ActionFunctionArgs) =>
  handleApi(request, async () => {
    if (request.method !== "POST") throw new NotFound("Not found");
    const body = parseBody(
      registerSchema(env().COLLEGE_EMAIL_DOMAIN, { passwordMin: env().PASSWORD_MIN_LENGTH }),
      await readJson(request),
    );
    const { user, course } = await registerUser(await authCtx(), body, { ip: clientKey(request) });
    return json(
      request,
      { message: REGISTER_DONE, requiresVerification: true, user: serializeUser(user, course) },
      { status: 201 },
    );
  });

export const loader = ({ request }: LoaderFunctionArgs) =>
  handleApi(request, async () => {
    throw new NotFound("Not found");
  });
