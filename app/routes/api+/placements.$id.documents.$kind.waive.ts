import type { ActionFunctionArgs } from "@remix-run/node";
import { handleApi, methodNotAllowed, parseBody, readJson, requireApiRole } from "~/web/api.server";
import { getDb } from "~/lib/db.server";
import { ojtCtx } from "~/web/config.server";
import { waiveDocument } from "~/models/ojt/documents.server";
import { waiveSchema } from "~/models/ojt/paperwork.schema";

/** POST /api/placements/{id}/documents/{kind}/waive {reason}: the coordinator waives a document. */
export const action = ({ request, params }: ActionFunctionArgs) =>
  handleApi(request, async () => {
    if (request.method !== "POST") return methodNotAllowed(request, "POST");
    const me = await requireApiRole(request, "user");
    const { reason } = parseBody(waiveSchema, await readJson(request));
    return waiveDocument(ojtCtx(await getDb(), me), params.id ?? "", params.kind ?? "", reason);
  });

export const loader = ({ request }: ActionFunctionArgs) =>
  handleApi(request, async () => methodNotAllowed(request, "POST"));
