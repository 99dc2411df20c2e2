import { getDb } from "~/lib/db.server";
import { parseBody } from "~/web/api.server";
import { apiRoute } from "~/web/api-route.server";
import { ojtCtx } from "~/web/config.server";
import { placementInputSchema, placementListQuery } from "~/models/ojt/ojt.schema";
import { createPlacement, listPlacements } from "~/models/ojt/placement.server";

export const { loader, action } = apiRoute({
  /**
   * GET /api/placements: coordinators their programmes', admins all (filters course, status,
   * company, atRisk=true, weeksPending=true, q, page, limit); a student their own.
   * → `{items: Placement[], total, page, limit}`.
   */
  GET: async (api) => {
    const ctx = await api.ctx("user", ojtCtx);
    return listPlacements(ctx, placementListQuery(new URL(api.request.url).searchParams));
  },
  /** POST /api/placements (coordinator of the student's programme, admin) → 201 with the placement. */
  POST: (api) =>
    api.create("user", async (me, body) => {
      const input = parseBody(placementInputSchema, body);
      return createPlacement(ojtCtx(await getDb(), me), input);
    }),
});
