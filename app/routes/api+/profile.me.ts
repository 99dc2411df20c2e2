import { apiRoute, type ApiCall } from "~/web/api-route.server";
import { readJson } from "~/web/api.server";
import { ValidationError } from "~/lib/errors";
import { parseProfilePatch } from "~/models/user/profile.schema";
import { getProfile, updateProfile } from "~/models/user/profile.server";

/**
 * PUT (or PATCH) /api/profile/me: the profile field set (fullName or firstName/lastName, contactNumber or phone,
 * address, bio, studentId, course, yearLevel). email, role, status and avatarUrl are ignored.
 */
const update = async (api: ApiCall) => {
  const ctx = await api.ctx("college");
  const r = parseProfilePatch(await readJson(api.request));
  if (!r.ok) {
    const errors: Record<string, string[]> = {};
    for (const i of r.issues) (errors[i.path] ??= []).push(i.message);
    throw new ValidationError(r.issues[0].message, errors);
  }
  return updateProfile(ctx, r.patch);
};

export const { loader, action } = apiRoute({
  /** GET /api/profile/me: the caller's profile. */
  GET: async (api) => getProfile(await api.ctx("college")),
  PUT: update,
  PATCH: update,
});
