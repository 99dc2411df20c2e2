import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import {
  handleApi,
  json,
  methodNotAllowed,
  parseBody,
  readJson,
  requireApiRole,
} from "~/web/api.server";
import { getDb } from "~/lib/db.server";
import { ctxOf } from "~/models/context";
import {
  createDeclineTemplate,
  declineTemplateSchema,
  listDeclineTemplates,
} from "~/models/employer/decline-templates.server";

/** GET /api/admin/decline-templates (admin): the decline reasons in order, `[{id, title, body, position}]`. */
export const loader = ({ request }: LoaderFunctionArgs) =>
  handleApi(request, async () => {
    const admin = await requireApiRole(request, ["admin"]);
    return listDeclineTemplates(ctxOf(await getDb(), admin));
  });

/** POST /api/admin/decline-templates {title, body} (admin) → 201 with the template, added last. */
export const action = ({ request }: ActionFunctionArgs) =>
  handleApi(request, async () => {
    if (request.method !== "POST") return methodNotAllowed(request, "GET, POST");
    const admin = await requireApiRole(request, ["admin"]);
    const input = parseBody(declineTemplateSchema, await readJson(request));
    const row = await createDeclineTemplate(ctxOf(await getDb(), admin), input);
    return json(request, row, { status: 201 });
  });
