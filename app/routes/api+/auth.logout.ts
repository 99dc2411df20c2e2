import type { ActionFunctionArgs } from "@remix-run/node";
import { bearerToken, handleApi, json } from "~/web/api.server";
import { endSession } from "~/web/auth.server";
import { getDb } from "~/lib/db.server";
import { revokeSession } from "~/models/auth/session.server";

/** POST /api/auth/logout: revokes the bearer token (or the cookie session). */
export const action = ({ request }: ActionFunctionArgs) =>
  handleApi(request, async () => {
    const token = bearerToken(request);
    if (token) {
      await revokeSession(await getDb(), token);
      return json(request, { message: "Logged out" });
    }
    const cookie = await endSession(request);
    return json(request, { message: "Logged out" }, { headers: { "Set-Cookie": cookie } });
  });
