import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import {
  handleApi,
  idempotentApi,
  json,
  jsonArrayStream,
  parseBody,
  readJson,
  requireApiRole,
  methodNotAllowed,
} from "~/web/api.server";
import { getDb } from "~/lib/db.server";
import { env } from "~/lib/env.server";
import { readUserListQuery, wantsPaging } from "~/models/user/admin.schema";
import { createUserByAdmin, listUsers, streamAllUsers } from "~/models/user/admin.server";
import { userRecordSchema } from "~/models/user/user.schema";
import { ctxOf } from "~/models/context";
import { configured } from "~/web/config.server";

/**
 * GET /api/admin/users: without paging parameters the full array (the spec's client filters it
 * itself), streamed; with page/size (or limit) `{users, total, page, size, pages}`. Filters q (or search),
 * role, status, course and sort/dir apply in both forms.
 */
export const loader = ({ request }: LoaderFunctionArgs) =>
  handleApi(request, async () => {
    const me = await requireApiRole(request, ["admin"]);
    const ctx = ctxOf(await getDb(), me);
    const params = new URL(request.url).searchParams;
    const q = readUserListQuery(params);
    // The unpaged array is streamed from a keyset cursor: first bytes at once, one batch in memory.
    return wantsPaging(params)
      ? listUsers(ctx, q)
      : jsonArrayStream(request, streamAllUsers(ctx, q));
  });

/** POST /api/admin/users: creates an active, verified user → 201 with the user (`_id`). */
export const action = ({ request }: ActionFunctionArgs) =>
  handleApi(request, async () => {
    if (request.method !== "POST") return methodNotAllowed(request, "GET, POST");
    const me = await requireApiRole(request, ["admin"]);
    const ctx = ctxOf(await getDb(), me);
    const body = await readJson(request);
    return idempotentApi(request, me, body, async () => {
      // `role` is accepted for `userType` (e.g. {role: "coordinator", courses: ["BSAMT"]}).
      const o = body as Record<string, unknown> | null;
      const withType =
        o && typeof o === "object" && !Array.isArray(o) && o.userType === undefined && "role" in o
          ? { ...o, userType: o.role }
          : body;
      const input = parseBody(
        userRecordSchema(env().COLLEGE_EMAIL_DOMAIN, {
          passwordRequired: true,
          passwordMin: env().PASSWORD_MIN_LENGTH,
        }),
        withType,
      );
      return json(request, await createUserByAdmin(configured(ctx), input), { status: 201 });
    });
  });
