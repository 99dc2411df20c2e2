import { apiRoute } from "~/web/api-route.server";
import { myJoinRequest } from "~/models/employer/join.server";

export const { loader, action } = apiRoute({
  /**
   * GET /api/employers/join-requests/mine (employer) → 200 {request: {companyName, status,
   * expiresAt, …} | null}: the caller's own request to join (null for a founder or an invited colleague).
   */
  GET: async (api) => ({ request: await myJoinRequest(await api.ctx(["employer"])) }),
});
