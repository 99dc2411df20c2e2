import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { handleApi, parseBody, readJson, requireApiRole, methodNotAllowed } from "~/web/api.server";
import { getDb } from "~/lib/db.server";
import { env } from "~/lib/env.server";
import { adminUserPatchSchema, USERS_MSG } from "~/models/user/admin.schema";
import { deleteUserByAdmin, getUserForAdmin, updateUserByAdmin } from "~/models/user/admin.server";
import { ctxOf } from "~/models/context";

async function context(request: Request) {
  const me = await requireApiRole(request, ["admin"]);
  return ctxOf(await getDb(), me);
}

/** GET /api/admin/users/{id}: the user. */
export const loader = ({ request, params }: LoaderFunctionArgs) =>
  handleApi(request, async () => getUserForAdmin(await context(request), params.id ?? ""));

/**
 * PUT (or PATCH) /api/admin/users/{id}: changes the given fields only (`{isActive}` toggles status);
 * unknown fields are ignored. DELETE removes the user. Both refuse self-removal (403) and removing
 * the last active admin (409).
 */
export const action = ({ request, params }: ActionFunctionArgs) =>
  handleApi(request, async () => {
    const id = params.id ?? "";
    if (request.method === "PUT" || request.method === "PATCH") {
      const ctx = await context(request);
      const patch = parseBody(
        adminUserPatchSchema(env().COLLEGE_EMAIL_DOMAIN),
        await readJson(request),
      );
      return updateUserByAdmin(ctx, id, patch);
    }
    if (request.method === "DELETE") {
      const ctx = await context(request);
      await deleteUserByAdmin(ctx, id);
      return { message: USERS_MSG.deleted, _id: id };
    }
    return methodNotAllowed(request, "GET, PUT, PATCH, DELETE");
  });
