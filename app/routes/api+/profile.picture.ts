import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { handleApi, requireApiRole, methodNotAllowed } from "~/web/api.server";
import { getDb } from "~/lib/db.server";
import { NotFound } from "~/lib/errors";
import { readUpload } from "~/models/file/file.server";
import { updateProfilePhoto } from "~/models/user/profile.server";
import { ctxOf } from "~/models/context";

/**
 * POST /api/profile/picture, multipart with the field `profilePicture`. The answer is the profile
 * (with `avatarUrl`), also under `profile` for clients that read `response.profile`.
 */
export const action = ({ request }: ActionFunctionArgs) =>
  handleApi(request, async () => {
    if (request.method !== "POST") return methodNotAllowed(request, "POST");
    const me = await requireApiRole(request, "college");
    const ctx = ctxOf(await getDb(), me);
    const profile = await updateProfilePhoto(ctx, await readUpload(request, "profilePicture"));
    return { ...profile, profile };
  });

export const loader = ({ request }: LoaderFunctionArgs) =>
  handleApi(request, async () => {
    throw new NotFound("Not found");
  });
