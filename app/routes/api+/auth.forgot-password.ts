import { apiRoute } from "~/web/api-route.server";
import { clientKey } from "~/lib/request.server";
import { requestPasswordReset } from "~/models/auth/password-reset.server";
import { forgotPasswordSchema } from "~/models/user/user.schema";
import { authCtx } from "~/web/config.server";

export const { loader, action } = apiRoute(
  {
    /** POST /api/auth/forgot-password {email} → 200 {message}, the same for known and unknown addresses. Public. */
    POST: async (api) => {
      const body = await api.body(forgotPasswordSchema);
      return requestPasswordReset(await authCtx(), {
        email: body.email,
        ip: clientKey(api.request),
      });
    },
  },
  { otherMethods: "notFound" },
);
