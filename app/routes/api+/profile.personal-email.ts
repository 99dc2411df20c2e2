import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import {
  handleApi,
  json,
  methodNotAllowed,
  parseBody,
  readJson,
  requireApiRole,
} from "~/web/api.server";
import { getDb } from "~/lib/db.server";
import { configured } from "~/web/config.server";
import { ctxOf } from "~/models/context";
import { personalEmailRemoveSchema, personalEmailSchema } from "~/models/user/profile.schema";
import {
  PERSONAL_MSG,
  removePersonalEmail,
  requestPersonalEmail,
} from "~/models/user/personal-email.server";

const ALLOW = "POST, DELETE";

/**
 * POST /api/profile/personal-email {email, password}: sends a 6-digit code to the address (200 `{message, pendingEmail}`).
 * DELETE {password}: removes the verified personal address (200 with the user).
 * Students and alumni only (403 otherwise); the same code limits as registration (429).
 */
export const action = ({ request }: ActionFunctionArgs) =>
  handleApi(request, async () => {
    const method = request.method.toUpperCase();
    if (method !== "POST" && method !== "DELETE") return methodNotAllowed(request, ALLOW);
    const ctx = configured(ctxOf(await getDb(), await requireApiRole(request, "college")));
    if (method === "DELETE") {
      await removePersonalEmail(ctx, parseBody(personalEmailRemoveSchema, await readJson(request)));
      return json(request, { message: PERSONAL_MSG.removed, personalEmail: null });
    }
    const input = parseBody(personalEmailSchema, await readJson(request));
    const r = await requestPersonalEmail(ctx, input);
    return json(request, r);
  });

export const loader = ({ request }: LoaderFunctionArgs) =>
  handleApi(request, async () => methodNotAllowed(request, ALLOW));
