import { apiRoute, type ApiCall } from "~/web/api-route.server";
import { ALERT_MSG, alertPatchSchema } from "~/models/alert/alert.schema";
import { deleteAlert, getAlert, updateAlert } from "~/models/alert/alert.server";

/** PUT (or PATCH) /api/alerts/{id}: changes the given fields. */
const update = async (api: ApiCall) => {
  const ctx = await api.ctx("college");
  return updateAlert(ctx, api.param("id"), await api.body(alertPatchSchema));
};

export const { loader, action } = apiRoute({
  /** GET /api/alerts/{id}: one of the caller's alerts; 404 for anyone else's or an unknown id. */
  GET: async (api) => getAlert(await api.ctx("college"), api.param("id")),
  PUT: update,
  PATCH: update,
  /** DELETE /api/alerts/{id}: removes the alert. */
  DELETE: async (api) => {
    const id = api.param("id");
    await deleteAlert(await api.ctx("college"), id);
    return { message: ALERT_MSG.deleted, _id: id };
  },
});
