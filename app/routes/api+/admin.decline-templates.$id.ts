import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { handleApi, methodNotAllowed, parseBody, readJson, requireApiRole } from "~/web/api.server";
import { getDb } from "~/lib/db.server";
import { ctxOf } from "~/models/context";
import {
  TEMPLATE_MSG,
  declineTemplateSchema,
  deleteDeclineTemplate,
  updateDeclineTemplate,
} from "~/models/employer/decline-templates.server";

const ALLOW = "PUT, DELETE";

/** PUT /api/admin/decline-templates/{id} {title, body}, DELETE …/{id} (admin, audited). */
export const action = ({ request, params }: ActionFunctionArgs) =>
  handleApi(request, async () => {
    const method = request.method.toUpperCase();
    if (method !== "PUT" && method !== "DELETE") return methodNotAllowed(request, ALLOW);
    const admin = await requireApiRole(request, ["admin"]);
    const ctx = ctxOf(await getDb(), admin);
    const id = params.id ?? "";
    if (method === "DELETE") {
      await deleteDeclineTemplate(ctx, id);
      return { message: TEMPLATE_MSG.deleted, _id: id };
    }
    const input = parseBody(declineTemplateSchema, await readJson(request));
    return updateDeclineTemplate(ctx, id, input);
  });

export const loader = ({ request }: LoaderFunctionArgs) =>
  handleApi(request, async () => methodNotAllowed(request, ALLOW));
