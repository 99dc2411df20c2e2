import type { ActionFunctionArgs } from "@remix-run/node";
import { handleApi, methodNotAllowed, parseBody, readJson, requireApiRole } from "~/web/api.server";
import { getDb } from "~/lib/db.server";
import { ojtCtx } from "~/web/config.server";
import { entryInputSchema } from "~/models/ojt/ojt.schema";
import { deleteEntry, updateEntry } from "~/models/ojt/hours.server";

/** PUT|DELETE /api/placements/{id}/hours/{entryId}: the student, while the week is open or returned (409 when locked). */
export const action = ({ request, params }: ActionFunctionArgs) =>
  handleApi(request, async () => {
    const me = await requireApiRole(request, "user");
    const ctx = ojtCtx(await getDb(), me);
    if (request.method === "PUT" || request.method === "PATCH") {
      const input = parseBody(entryInputSchema, await readJson(request));
      return updateEntry(ctx, params.id ?? "", params.entryId ?? "", input);
    }
    if (request.method === "DELETE") return deleteEntry(ctx, params.id ?? "", params.entryId ?? "");
    return methodNotAllowed(request, "PUT, DELETE");
  });

export const loader = ({ request }: ActionFunctionArgs) =>
  handleApi(request, async () => methodNotAllowed(request, "PUT, DELETE"));
