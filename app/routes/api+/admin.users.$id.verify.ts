import { apiRoute } from "~/web/api-route.server";
import { markEmailVerifiedByAdmin } from "~/models/user/email-state.server";

export const { loader, action } = apiRoute({
  /** POST /api/admin/users/{id}/verify: marks the user's e-mail address verified (admin, audited; idempotent). Answers {message, user}. */
  POST: async (api) => markEmailVerifiedByAdmin(await api.ctx(["admin"]), api.param("id")),
});
