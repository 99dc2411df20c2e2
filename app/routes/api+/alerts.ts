import { getDb } from "~/lib/db.server";
import { parseBody } from "~/web/api.server";
import { apiRoute } from "~/web/api-route.server";
import { alertInputSchema } from "~/models/alert/alert.schema";
import { createAlert, listAlerts } from "~/models/alert/alert.server";
import { ctxOf } from "~/models/context";

export const { loader, action } = apiRoute({
  /** GET /api/alerts: the caller's job alerts (students and alumni), newest first. */
  GET: async (api) => listAlerts(await api.ctx("college")),
  /** POST /api/alerts `{name, q, jobType, location, category, frequency}`: saves a search; 201. */
  POST: (api) =>
    api.create("college", async (user, body) => {
      const input = parseBody(alertInputSchema, body);
      return createAlert(ctxOf(await getDb(), user), input);
    }),
});
