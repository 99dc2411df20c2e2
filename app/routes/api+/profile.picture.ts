import type { LoaderFunctionArgs } from "@remix-run/node";
import { handleApi } from "~/web/api.server";
import { apiRoute } from "~/web/api-route.server";
import { NotFound } from "~/lib/errors";
import { readUpload } from "~/models/file/file.server";
import { updateProfilePhoto } from "~/models/user/profile.server";

export const { action } = apiRoute({
  /**
   * POST /api/profile/picture, multipart with the field `profilePicture`. The answer is the profile
   * (with `avatarUrl`), also under `profile` for clients that read `response.profile`.
   */
  POST: async (api) => {
    const ctx = await api.ctx("college");
    const profile = await updateProfilePhoto(ctx, await readUpload(api.request, "profilePicture"));
    return { ...profile, profile };
  },
});

// A GET is a 404 here, not a 405.
export const loader = ({ request }: LoaderFunctionArgs) =>
  handleApi(request, async () => {
    throw new NotFound("Not found");
  });
