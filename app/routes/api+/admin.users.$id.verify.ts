import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { handleApi, requireApiRole, methodNotAllowed } from "~/web/api.server";
import { getDb } from "~/lib/db.server";
import { markEmailVerifiedByAdmin } from "~/models/user/email-state.server";
import { ctxOf } from "~/models/context";

const ALLOW = "POST";

/** POST /api/admin/users/{id}/verify: marks the user's e-mail address verified (admin, audited; idempotent). Answers {message, user}. */
export const action = ({ request, params }: ActionFunctionArgs) =>
  handleApi(request, async () => {
    if (request.method !== "POST") return methodNotAllowed(request, ALLOW);
    const me = await requireApiRole(request, ["admin"]);
    const ctx = ctxOf(await getDb(), me);
    return markEmailVerifiedByAdmin(ctx, params.id ?? "");
  });

export const loader = ({ request }: LoaderFunctionArgs) =>
  handleApi(request, async () => methodNotAllowed(request, ALLOW));
