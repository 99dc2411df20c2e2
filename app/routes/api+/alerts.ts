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
import { alertInputSchema } from "~/models/alert/alert.schema";
import { createAlert, listAlerts } from "~/models/alert/alert.server";
import { ctxOf } from "~/models/context";

/** GET /api/alerts: the caller's job alerts (students and alumni), newest first. */
export const loader = ({ request }: LoaderFunctionArgs) =>
  handleApi(request, async () => {
    const user = await requireApiRole(request, "college");
    return listAlerts(ctxOf(await getDb(), user));
  });

/** POST /api/alerts `{name, q, jobType, location, category, frequency}`: saves a search; 201. */
export const action = ({ request }: ActionFunctionArgs) =>
  handleApi(request, async () => {
    if (request.method !== "POST") return methodNotAllowed(request, "GET, POST");
    const user = await requireApiRole(request, "college");
    const body = await readJson(request);
    return idempotentApi(request, user, body, async () => {
      const input = parseBody(alertInputSchema, body);
      const alert = await createAlert(ctxOf(await getDb(), user), input);
      return json(request, alert, { status: 201 });
    });
  });
