import { apiRoute } from "~/web/api-route.server";
import { clientKey } from "~/lib/request.server";
import { resendVerificationCode } from "~/models/auth/verification.server";
import { resendOtpSchema } from "~/models/user/user.schema";
import { authCtx } from "~/web/config.server";

export const { loader, action } = apiRoute(
  {
    /**
     * POST /api/auth/resend-otp {email} → 200 {message} whether or not the address has an account;
     * 429 with Retry-After inside the 60-second cooldown or past the hourly cap. Public.
     */
    POST: async (api) => {
      const body = await api.body(resendOtpSchema);
      return resendVerificationCode(await authCtx(), {
        email: body.email,
        ip: clientKey(api.request),
      });
    },
  },
  { otherMethods: "notFound" },
);
