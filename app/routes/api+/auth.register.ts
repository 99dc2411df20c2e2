import { apiRoute } from "~/web/api-route.server";
import { env } from "~/lib/env.server";
import { clientKey } from "~/lib/request.server";
import { REGISTER_DONE, registerUser } from "~/models/auth/register.server";
import { registerSchema } from "~/models/user/user.schema";
import { serializeUser } from "~/models/user/user.server";
import { authCtx } from "~/web/config.server";

export const { loader, action } = apiRoute(
  {
    /**
     * POST /api/auth/register → 201 {message, requiresVerification: true, user}. Public. Only student
     * and alumni with the college e-mail; keys other than the registration payload (role, flags, ids) are ignored.
     */
    POST: async (api) => {
      const body = await api.body(
        registerSchema(env().COLLEGE_EMAIL_DOMAIN, { passwordMin: env().PASSWORD_MIN_LENGTH }),
      );
      const { user, course } = await registerUser(await authCtx(), body, {
        ip: clientKey(api.request),
      });
      return api.reply(
        { message: REGISTER_DONE, requiresVerification: true, user: serializeUser(user, course) },
        201,
      );
    },
  },
  { otherMethods: "notFound" },
);
