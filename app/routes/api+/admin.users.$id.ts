import { apiRoute, type ApiCall } from "~/web/api-route.server";
import { env } from "~/lib/env.server";
import { adminUserPatchSchema, USERS_MSG } from "~/models/user/admin.schema";
import { deleteUserByAdmin, getUserForAdmin, updateUserByAdmin } from "~/models/user/admin.server";

/**
 * PUT (or PATCH) /api/admin/users/{id}: changes the given fields only (`{isActive}` toggles status);
 * unknown fields are ignored. Refuses self-removal (403) and removing the last active admin (409),
 * as DELETE does.
 */
const update = async (api: ApiCall) => {
  const ctx = await api.ctx(["admin"]);
  const patch = await api.body(adminUserPatchSchema(env().COLLEGE_EMAIL_DOMAIN));
  return updateUserByAdmin(ctx, api.param("id"), patch);
};

export const { loader, action } = apiRoute({
  /** GET /api/admin/users/{id}: the user. */
  GET: async (api) => getUserForAdmin(await api.ctx(["admin"]), api.param("id")),
  PUT: update,
  PATCH: update,
  /** DELETE /api/admin/users/{id}: removes the user. */
  DELETE: async (api) => {
    const id = api.param("id");
    await deleteUserByAdmin(await api.ctx(["admin"]), id);
    return { message: USERS_MSG.deleted, _id: id };
  },
});
