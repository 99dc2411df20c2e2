import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { handleApi, methodNotAllowed, parseBody, readJson, requireApiRole } from "~/web/api.server";
import { getDb } from "~/lib/db.server";
import { ojtCtx } from "~/web/config.server";
import { getChecklist, putChecklist } from "~/models/ojt/documents.server";
import { checklistInputSchema } from "~/models/ojt/paperwork.schema";

/** GET /api/courses/{id}/ojt-checklist (admin): the programme's required documents. */
export const loader = ({ request, params }: LoaderFunctionArgs) =>
  handleApi(request, async () => {
    const me = await requireApiRole(request, ["admin"]);
    return getChecklist(ojtCtx(await getDb(), me), params.id ?? "");
  });

/** PUT /api/courses/{id}/ojt-checklist {items: [{kind?, label}]} (admin): replaces the list. */
export const action = ({ request, params }: ActionFunctionArgs) =>
  handleApi(request, async () => {
    if (request.method !== "PUT") return methodNotAllowed(request, "GET, PUT");
    const me = await requireApiRole(request, ["admin"]);
    const { items } = parseBody(checklistInputSchema, await readJson(request));
    return putChecklist(ojtCtx(await getDb(), me), params.id ?? "", items);
  });
