import { apiRoute } from "~/web/api-route.server";
import { clientKey } from "~/lib/request.server";
import { configured } from "~/web/config.server";
import { personalEmailVerifySchema } from "~/models/user/profile.schema";
import { PERSONAL_MSG, verifyPersonalEmail } from "~/models/user/personal-email.server";
import { getProfile } from "~/models/user/profile.server";

/**
 * POST /api/profile/personal-email/verify {otp}: confirms the pending personal address with its
 * code. 200 `{message, user}` (the user now carries `personalEmail`); 400 with the registration
 * code's messages for a wrong, expired or burned code; 409 when another account took the address.
 */
export const { loader, action } = apiRoute({
  POST: async (api) => {
    const ctx = configured(await api.ctx("college"));
    const { otp } = await api.body(personalEmailVerifySchema);
    await verifyPersonalEmail(ctx, { otp, ip: clientKey(api.request) });
    return { message: PERSONAL_MSG.verified, user: await getProfile(ctx) };
  },
});
