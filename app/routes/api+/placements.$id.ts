import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { handleApi, methodNotAllowed, parseBody, readJson, requireApiRole } from "~/web/api.server";
import { getDb } from "~/lib/db.server";
import { ojtCtx } from "~/web/config.server";
import { placementPatchSchema } from "~/models/ojt/ojt.schema";
import { getPlacement, updatePlacement } from "~/models/ojt/placement.server";

/** GET /api/placements/{id}: the placement with its progress and weeks (its student, coordinator, admin). */
export const loader = ({ request, params }: LoaderFunctionArgs) =>
  handleApi(request, async () => {
    const me = await requireApiRole(request, "user");
    return getPlacement(ojtCtx(await getDb(), me), params.id ?? "");
  });

/** PUT /api/placements/{id}: the coordinator or an admin edits it (a new supervisor e-mail stops the old links). */
export const action = ({ request, params }: ActionFunctionArgs) =>
  handleApi(request, async () => {
    if (request.method !== "PUT" && request.method !== "PATCH")
      return methodNotAllowed(request, "GET, PUT, PATCH");
    const me = await requireApiRole(request, "user");
    const patch = parseBody(placementPatchSchema, await readJson(request));
    return updatePlacement(ojtCtx(await getDb(), me), params.id ?? "", patch);
  });
