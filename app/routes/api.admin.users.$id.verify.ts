import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import type { Role } from "#db/constants";
import { handleApi, json, requireApiAdmin } from "~/lib/api.server";
import { getDb } from "~/lib/db.server";
import { markEmailVerifiedByAdmin } from "~/models/user/email-state.server";

const notAllowed = (request: Request) =>
  json(request, { message: "Method not allowed" }, { status: 405, headers: { Allow: "POST" } });

/** POST /api/admin/users/{id}/verify: marks the user's e-mail address verified (admin, audited; idempotent). Answers {message, user}. */
export const action = ({ request, params }: ActionFunctionArgs) =>
  handleApi(request, async () => {
    if (request.method !== "POST") return notAllowed(request);
    const me = await requireApiAdmin(request);
    const ctx = { db: await getDb(), actor: { id: me.id, role: me.role as Role, email: me.email } };
    return markEmailVerifiedByAdmin(ctx, params.id ?? "");
  });

export const loader = ({ request }: LoaderFunctionArgs) =>
  handleApi(request, async () => notAllowed(request));
