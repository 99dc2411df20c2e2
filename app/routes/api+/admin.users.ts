import { jsonArrayStream, parseBody } from "~/web/api.server";
import { apiRoute } from "~/web/api-route.server";
import { getDb } from "~/lib/db.server";
import { env } from "~/lib/env.server";
import { readUserListQuery, wantsPaging } from "~/models/user/admin.schema";
import { createUserByAdmin, listUsers, streamAllUsers } from "~/models/user/admin.server";
import { userRecordSchema } from "~/models/user/user.schema";
import { ctxOf } from "~/models/context";
import { configured } from "~/web/config.server";

/** `role` is accepted for `userType` (e.g. {role: "coordinator", courses: ["BSAMT"]}). */
function withUserType(body: unknown): unknown {
  const o = body as Record<string, unknown> | null;
  return o && typeof o === "object" && !Array.isArray(o) && o.userType === undefined && "role" in o
    ? { ...o, userType: o.role }
    : body;
}

export const { loader, action } = apiRoute({
  /**
   * GET /api/admin/users: without paging parameters the full array (the spec's client filters it
   * itself), streamed; with page/size (or limit) `{users, total, page, size, pages}`. Filters q (or search),
   * role, status, course and sort/dir apply in both forms.
   */
  GET: async (api) => {
    const ctx = await api.ctx(["admin"]);
    const params = new URL(api.request.url).searchParams;
    const q = readUserListQuery(params);
    // The unpaged array is streamed from a keyset cursor: first bytes at once, one batch in memory.
    return wantsPaging(params)
      ? listUsers(ctx, q)
      : jsonArrayStream(api.request, streamAllUsers(ctx, q));
  },
  /** POST /api/admin/users: creates an active, verified user → 201 with the user (`_id`). */
  POST: (api) =>
    api.create(["admin"], async (me, body) => {
      const input = parseBody(
        userRecordSchema(env().COLLEGE_EMAIL_DOMAIN, {
          passwordRequired: true,
          passwordMin: env().PASSWORD_MIN_LENGTH,
        }),
        withUserType(body),
      );
      return createUserByAdmin(configured(ctxOf(await getDb(), me)), input);
    }),
});
