import { apiRoute, type ApiCall } from "~/web/api-route.server";
import { ojtCtx } from "~/web/config.server";
import { placementPatchSchema } from "~/models/ojt/ojt.schema";
import { getPlacement, updatePlacement } from "~/models/ojt/placement.server";

/** PUT (or PATCH) /api/placements/{id}: the coordinator or an admin edits it (a new supervisor e-mail stops the old links). */
const update = async (api: ApiCall) => {
  const ctx = await api.ctx("user", ojtCtx);
  return updatePlacement(ctx, api.param("id"), await api.body(placementPatchSchema));
};

export const { loader, action } = apiRoute({
  /** GET /api/placements/{id}: the placement with its progress and weeks (its student, coordinator, admin). */
  GET: async (api) => getPlacement(await api.ctx("user", ojtCtx), api.param("id")),
  PUT: update,
  PATCH: update,
});
