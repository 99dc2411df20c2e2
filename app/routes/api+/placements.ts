import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import {
  handleApi,
  idempotentApi,
  json,
  methodNotAllowed,
  parseBody,
  readJson,
  requireApiRole,
} from "~/web/api.server";
import { getDb } from "~/lib/db.server";
import { ojtCtx } from "~/web/config.server";
import { placementInputSchema, placementListQuery } from "~/models/ojt/ojt.schema";
import { createPlacement, listPlacements } from "~/models/ojt/placement.server";

/**
 * GET /api/placements: coordinators their programmes', admins all (filters course, status,
 * company, atRisk=true, weeksPending=true, q, page, limit); a student their own.
 * → `{items: Placement[], total, page, limit}`.
 */
export const loader = ({ request }: LoaderFunctionArgs) =>
  handleApi(request, async () => {
    const me = await requireApiRole(request, "user");
    const q = placementListQuery(new URL(request.url).searchParams);
    return listPlacements(ojtCtx(await getDb(), me), q);
  });

/** POST /api/placements (coordinator of the student's programme, admin) → 201 with the placement. */
export const action = ({ request }: ActionFunctionArgs) =>
  handleApi(request, async () => {
    if (request.method !== "POST") return methodNotAllowed(request, "GET, POST");
    const me = await requireApiRole(request, "user");
    const body = await readJson(request);
    return idempotentApi(request, me, body, async () => {
      const input = parseBody(placementInputSchema, body);
      return json(request, await createPlacement(ojtCtx(await getDb(), me), input), {
        status: 201,
      });
    });
  });
