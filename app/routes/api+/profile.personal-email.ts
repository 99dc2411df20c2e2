import { apiRoute } from "~/web/api-route.server";
import { configured } from "~/web/config.server";
import { personalEmailRemoveSchema, personalEmailSchema } from "~/models/user/profile.schema";
import {
  PERSONAL_MSG,
  removePersonalEmail,
  requestPersonalEmail,
} from "~/models/user/personal-email.server";

/**
 * POST /api/profile/personal-email {email, password}: sends a 6-digit code to the address (200 `{message, pendingEmail}`).
 * DELETE {password}: removes the verified personal address (200 with the user).
 * Students and alumni only (403 otherwise); the same code limits as registration (429).
 */
export const { loader, action } = apiRoute({
  POST: async (api) => {
    const ctx = configured(await api.ctx("college"));
    return requestPersonalEmail(ctx, await api.body(personalEmailSchema));
  },
  DELETE: async (api) => {
    const ctx = configured(await api.ctx("college"));
    await removePersonalEmail(ctx, await api.body(personalEmailRemoveSchema));
    return { message: PERSONAL_MSG.removed, personalEmail: null };
  },
});
