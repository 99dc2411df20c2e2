import type { ActionFunctionArgs } from "@remix-run/node";
import {
  handleApi,
  json,
  methodNotAllowed,
  parseBody,
  readJson,
  requireApiRole,
} from "~/web/api.server";
import { getDb } from "~/lib/db.server";
import { ojtCtx } from "~/web/config.server";
import { hostReviewSchema } from "~/models/ojt/evaluation.schema";
import { submitHostReview } from "~/models/ojt/evaluation.server";

/** POST /api/placements/{id}/host-review {ratings: {criterion: 1–5, …}, comments}: the student reviews the host once, at the end. → 201 {submittedAt, average}. */
export const action = ({ request, params }: ActionFunctionArgs) =>
  handleApi(request, async () => {
    if (request.method !== "POST") return methodNotAllowed(request, "POST");
    const me = await requireApiRole(request, "user");
    const input = parseBody(hostReviewSchema, await readJson(request));
    const r = await submitHostReview(ojtCtx(await getDb(), me), params.id ?? "", input);
    return json(request, r, { status: 201 });
  });

export const loader = ({ request }: ActionFunctionArgs) =>
  handleApi(request, async () => methodNotAllowed(request, "POST"));
