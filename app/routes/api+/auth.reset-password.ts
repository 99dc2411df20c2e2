import { apiRoute } from "~/web/api-route.server";
import { clientKey } from "~/lib/request.server";
import { RESET_MSG, resetPassword } from "~/models/auth/password-reset.server";
import { resetPasswordSchema } from "~/models/user/user.schema";
import { authCtx } from "~/web/config.server";

export const { loader, action } = apiRoute(
  {
    /**
     * POST /api/auth/reset-password {email, token, password} → 200 {message}. Public: the token is the
     * credential (reset or invite). Every session and API token of the user ends.
     */
    POST: async (api) => {
      const body = await api.body(resetPasswordSchema);
      await resetPassword(await authCtx(), { ...body, ip: clientKey(api.request) });
      return { message: RESET_MSG.done };
    },
  },
  { otherMethods: "notFound" },
);
