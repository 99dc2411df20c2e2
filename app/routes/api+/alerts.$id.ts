import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { handleApi, methodNotAllowed, parseBody, readJson, requireApiRole } from "~/web/api.server";
import { getDb } from "~/lib/db.server";
import { ALERT_MSG, alertPatchSchema } from "~/models/alert/alert.schema";
import { deleteAlert, getAlert, updateAlert } from "~/models/alert/alert.server";
import { ctxOf } from "~/models/context";

/** GET /api/alerts/{id}: one of the caller's alerts; 404 for anyone else's or an unknown id. */
export const loader = ({ request, params }: LoaderFunctionArgs) =>
  handleApi(request, async () => {
    const user = await requireApiRole(request, "college");
    return getAlert(ctxOf(await getDb(), user), params.id ?? "");
  });

/** PUT (or PATCH) /api/alerts/{id}: changes the given fields; DELETE: removes the alert. */
export const action = ({ request, params }: ActionFunctionArgs) =>
  handleApi(request, async () => {
    const id = params.id ?? "";
    if (request.method === "PUT" || request.method === "PATCH") {
      const user = await requireApiRole(request, "college");
      const patch = parseBody(alertPatchSchema, await readJson(request));
      return updateAlert(ctxOf(await getDb(), user), id, patch);
    }
    if (request.method === "DELETE") {
      const user = await requireApiRole(request, "college");
      await deleteAlert(ctxOf(await getDb(), user), id);
      return { message: ALERT_MSG.deleted, _id: id };
    }
    return methodNotAllowed(request, "GET, PUT, PATCH, DELETE");
  });
