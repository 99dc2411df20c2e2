import { apiRoute } from "~/web/api-route.server";
import { getDb } from "~/lib/db.server";
import { getUserWithCourse, serializeUser } from "~/models/user/user.server";

export const { loader } = apiRoute({
  /** GET /api/auth/me: the user object itself. */
  GET: async (api) => {
    const me = await api.caller("user");
    const full = await getUserWithCourse(await getDb(), me.id);
    return serializeUser(full!.user, full!.course);
  },
});
