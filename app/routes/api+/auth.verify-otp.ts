import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { handleApi, json, parseBody, readJson } from "~/web/api.server";
import { getDb } from "~/lib/db.server";
import { clientKey } from "~/lib/request.server";
import { OTP_MSG, verifyEmailCode } from "~/models/auth/verification.server";
import { NotFound } from "~/lib/errors";
import { verifyOtpSchema } from "~/models/user/user.schema";
import { getUserWithCourse, serializeUser } from "~/models/user/user.server";
import { authCtx } from "~/web/config.server";

/**
 * POST /api/auth/verify-otp {email, otp} → 200 {message, verified: true, user}. Public. Wrong,
 * expired, replayed or burned codes → 400 with a message; the client then signs in.
 */
export const action = ({ request }: ActionFunctionArgs) =>
  handleApi(request, async () => {
    if (request.method !== "POST") throw new NotFound("Not found");
    const body = parseBody(verifyOtpSchema, await readJson(request));
    const db = await getDb();
    const user = await verifyEmailCode(await authCtx(db), { ...body, ip: clientKey(request) });
    const full = await getUserWithCourse(db, user.id);
    return json(request, {
      message: OTP_MSG.verified,
      verified: true,
      user: serializeUser(user, full?.course ?? null),
    });
  });

export const loader = ({ request }: LoaderFunctionArgs) =>
  handleApi(request, async () => {
    throw new NotFound("Not found");
  });
