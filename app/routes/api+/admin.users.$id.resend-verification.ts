import { apiRoute } from "~/web/api-route.server";
import { resendVerificationByAdmin } from "~/models/user/email-state.server";
import { configured } from "~/web/config.server";

export const { loader, action } = apiRoute({
  /** POST /api/admin/users/{id}/resend-verification: sends the user a fresh verification code (admin, audited; 409 when already verified or deactivated, 429 within the resend cooldown). Answers {message, user}. */
  POST: async (api) =>
    resendVerificationByAdmin(configured(await api.ctx(["admin"])), api.param("id")),
});
