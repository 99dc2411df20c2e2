import { apiRoute } from "~/web/api-route.server";
import { listJoinRequests } from "~/models/employer/join.server";

export const { loader, action } = apiRoute({
  /**
   * GET /api/employers/join-requests[?companyId=] (a verified employer: its own company's; an admin:
   * every company's, or one's) → 200 {requests: [...]}: the requests to join waiting for an answer.
   * Anyone else: 403.
   */
  GET: async (api) => {
    const ctx = await api.ctx(["admin", "employer"]);
    const companyId = new URL(api.request.url).searchParams.get("companyId") ?? undefined;
    return { requests: await listJoinRequests(ctx, { companyId }) };
  },
});
