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
import { clientKey } from "~/lib/request.server";
import { configured } from "~/web/config.server";
import { ctxOf } from "~/models/context";
import { personalEmailVerifySchema } from "~/models/user/profile.schema";
import { PERSONAL_MSG, verifyPersonalEmail } from "~/models/user/personal-email.server";
import { getProfile } from "~/models/user/profile.server";

/**
 * POST /api/profile/personal-email/verify {otp}: confirms the pending personal address with its
 * code. 200 `{message, user}` (the user now carries `personalEmail`); 400 with the registration
 * code's messages for a wrong, expired or burned code; 409 when another account took the address.
 */
export const action = ({ request }: ActionFunctionArgs) =>
  handleApi(request, async () => {
    if (request.method.toUpperCase() !== "POST") return methodNotAllowed(request, "POST");
    const ctx = configured(ctxOf(await getDb(), await requireApiRole(request, "college")));
    const { otp } = parseBody(personalEmailVerifySchema, await readJson(request));
    await verifyPersonalEmail(ctx, { otp, ip: clientKey(request) });
    return json(request, { message: PERSONAL_MSG.verified, user: await getProfile(ctx) });
  });

export const loader = ({ request }: LoaderFunctionArgs) =>
  handleApi(request, async () => methodNotAllowed(request, "POST"));
