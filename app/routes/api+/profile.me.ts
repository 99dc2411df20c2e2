import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { handleApi, readJson, requireApiRole, methodNotAllowed } from "~/web/api.server";
import { getDb } from "~/lib/db.server";
import { ValidationError } from "~/lib/errors";
import { parseProfilePatch } from "~/models/user/profile.schema";
import { getProfile, updateProfile } from "~/models/user/profile.server";
import { ctxOf } from "~/models/context";

async function context(request: Request) {
  const me = await requireApiRole(request, "college");
  return ctxOf(await getDb(), me);
}

/** GET /api/profile/me: the caller's profile. */
export const loader = ({ request }: LoaderFunctionArgs) =>
  handleApi(request, async () => getProfile(await context(request)));

/**
 * PUT /api/profile/me: the profile field set (fullName or firstName/lastName, contactNumber or phone,
 * address, bio, studentId, course, yearLevel). email, role, status and avatarUrl are ignored.
 */
export const action = ({ request }: ActionFunctionArgs) =>
  handleApi(request, async () => {
    if (request.method !== "PUT" && request.method !== "PATCH")
      return methodNotAllowed(request, "GET, PUT, PATCH");
    const ctx = await context(request);
    const r = parseProfilePatch(await readJson(request));
    if (!r.ok) {
      const errors: Record<string, string[]> = {};
      for (const i of r.issues) (errors[i.path] ??= []).push(i.message);
      throw new ValidationError(r.issues[0].message, errors);
    }
    return updateProfile(ctx, r.patch);
  });
