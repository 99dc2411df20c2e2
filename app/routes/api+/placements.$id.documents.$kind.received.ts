import type { ActionFunctionArgs } from "@remix-run/node";
import { handleApi, methodNotAllowed, parseBody, readJson, requireApiRole } from "~/web/api.server";
import { getDb } from "~/lib/db.server";
import { ojtCtx } from "~/web/config.server";
import { markReceived } from "~/models/ojt/documents.server";
import { receivedSchema } from "~/models/ojt/paperwork.schema";

/** POST /api/placements/{id}/documents/{kind}/received {receivedOn}: the paper copy is in (coordinator, admin). */
export const action = ({ request, params }: ActionFunctionArgs) =>
  handleApi(request, async () => {
    if (request.method !== "POST") return methodNotAllowed(request, "POST");
    const me = await requireApiRole(request, "user");
    const { receivedOn } = parseBody(receivedSchema, await readJson(request));
    return markReceived(ojtCtx(await getDb(), me), params.id ?? "", params.kind ?? "", receivedOn);
  });

export const loader = ({ request }: ActionFunctionArgs) =>
  handleApi(request, async () => methodNotAllowed(request, "POST"));
