import { json } from "~/web/api.server";
import { apiRoute } from "~/web/api-route.server";
import { getDb } from "~/lib/db.server";
import { clientIp, clientKey } from "~/lib/request.server";
import { authenticate } from "~/models/auth/auth.server";
import { createSession } from "~/models/auth/session.server";
import { loginSchema } from "~/models/user/user.schema";
import { getUserWithCourse, serializeUser } from "~/models/user/user.server";
import { authCtx } from "~/web/config.server";
import { deviceCookieHeader, readDevices } from "~/web/device-cookie.server";

export const { loader, action } = apiRoute(
  {
    /**
     * POST /api/auth/login → 200 {user, token}; 403 {message, requiresVerification: true, userId, email}
     * when the e-mail is not verified yet (no token; a fresh code is mailed if none is usable);
     * 401 alike for a wrong password and an unknown e-mail; 403 {message, deactivated: true} for the right
     * password of a deactivated account; 429 when throttled. A successful sign-in sets the device
     * cookie; an attempt carrying a valid one for its account is throttled per device (ADR 111).
     */
    POST: async (api) => {
      const body = await api.body(loginSchema);
      const db = await getDb();
      const user = await authenticate(await authCtx(db), {
        ...body,
        ip: clientKey(api.request),
        devices: await readDevices(api.request),
      });
      const { token, expiresAt } = await createSession(db, user.id, "api", {
        userAgent: api.request.headers.get("user-agent"),
        ip: clientIp(api.request),
      });
      const full = await getUserWithCourse(db, user.id);
      return json(
        api.request,
        {
          user: serializeUser(user, full?.course ?? null),
          token,
          expiresAt: expiresAt.toISOString(),
        },
        // A client with a cookie jar is a known device next time (ADR 111).
        { headers: { "Set-Cookie": await deviceCookieHeader(api.request, user.id) } },
      );
    },
  },
  { otherMethods: "notFound" },
);
