import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { handleApi, json, parseBody, readJson } from "~/lib/api.server";
import { getDb } from "~/lib/db.server";
import { clientIp } from "~/lib/request.server";
import { authenticate } from "~/models/auth/auth.server";
import { createSession } from "~/models/auth/session.server";
import { NotFound } from "~/models/errors";
import { emailField, MSG } from "~/models/user/user.schema";
import { serializeUser } from "~/models/user/user.server";

const LoginBody = z.object({
  email: emailField,
  password: z.string({ error: MSG.passwordRequired }).min(1, MSG.passwordRequired).max(1024),
});

/** POST /api/auth/login → 200 {user, token}; 403 {requiresVerification, userId} when unverified. */
export const action = ({ request }: ActionFunctionArgs) =>
  handleApi(request, async () => {
    if (request.method !== "POST") throw new NotFound("Not found");
    const body = parseBody(LoginBody, await readJson(request));
    const db = await getDb();
    const user = await authenticate(db, { ...body, ip: clientIp(request) });
    const { token, expiresAt } = await createSession(db, user.id, "api", {
      userAgent: request.headers.get("user-agent"),
      ip: clientIp(request),
    });
    return json(request, { user: serializeUser(user), token, expiresAt: expiresAt.toISOString() });
  });

export const loader = ({ request }: LoaderFunctionArgs) =>
  handleApi(request, async () => {
    throw new NotFound("Not found");
  });
