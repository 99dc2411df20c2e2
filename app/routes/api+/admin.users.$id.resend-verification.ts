import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { handleApi, requireApiRole, methodNotAllowed } from "~/web/api.server";
import { getDb } from "~/lib/db.server";
import { resendVerificationByAdmin } from "~/models/user/email-state.server";
import { ctxOf } from "~/models/context";
import { configured } from "~/web/config.server";

const ALLOW = "POST";

/** POST /api/admin/users/{id}/resend-verification: sends the user a fresh verification code (admin, audited; 409 when already verified or deactivated, 429 within the resend cooldown). Answers {message, user}. */
export const action = ({ request, params }: ActionFunctionArgs) =>
  handleApi(request, async () => {
    if (request.method !== "POST") return methodNotAllowed(request, ALLOW);
    const me = await requireApiRole(request, ["admin"]);
    const ctx = ctxOf(await getDb(), me);
    return resendVerificationByAdmin(configured(ctx), params.id ?? "");
  });

export const loader = ({ request }: LoaderFunctionArgs) =>
  handleApi(request, async () => methodNotAllowed(request, ALLOW));
