import { apiRoute } from "~/web/api-route.server";
import { getDb } from "~/lib/db.server";
import { clientKey } from "~/lib/request.server";
import { OTP_MSG, verifyEmailCode } from "~/models/auth/verification.server";
import { verifyOtpSchema } from "~/models/user/user.schema";
import { getUserWithCourse, serializeUser } from "~/models/user/user.server";
import { authCtx } from "~/web/config.server";

export const { loader, action } = apiRoute(
  {
    /**
     * POST /api/auth/verify-otp {email, otp} → 200 {message, verified: true, user}. Public. Wrong,
     * expired, replayed or burned codes → 400 with a message; the client then signs in.
     */
    POST: async (api) => {
      const body = await api.body(verifyOtpSchema);
      const db = await getDb();
      const user = await verifyEmailCode(await authCtx(db), {
        ...body,
        ip: clientKey(api.request),
      });
      const full = await getUserWithCourse(db, user.id);
      return {
        message: OTP_MSG.verified,
        verified: true,
        user: serializeUser(user, full?.course ?? null),
      };
    },
  },
  { otherMethods: "notFound" },
);
