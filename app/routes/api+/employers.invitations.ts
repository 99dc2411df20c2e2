import { apiRoute } from "~/web/api-route.server";
import { invitationSchema } from "~/models/employer/employer.schema";
import { getTeam, inviteColleague } from "~/models/employer/team.server";
import { configured } from "~/web/config.server";

export const { loader, action } = apiRoute({
  /** GET /api/employers/invitations (employer): `{company, members, invitations}` of the caller's company. */
  GET: async (api) => getTeam(await api.ctx(["employer"])),
  /**
   * POST /api/employers/invitations {email} (employer) → 201 {id, email, expiresAt}: a colleague on
   * the caller's own e-mail domain (not free mail) gets a 7-day sign-up link for the same company.
   */
  POST: async (api) => {
    const ctx = await api.ctx(["employer"]);
    const { email } = await api.body(invitationSchema);
    return api.reply(await inviteColleague(configured(ctx), email), 201);
  },
});
