import type { LoaderFunctionArgs } from "@remix-run/node";
import { handleApi, requireApiRole } from "~/web/api.server";
import { getDb } from "~/lib/db.server";
import { getUserWithCourse, serializeUser } from "~/models/user/user.server";

/** GET /api/auth/me: the user object itself. */
export const loader = ({ request }: LoaderFunctionArgs) =>
  handleApi(request, async () => {
    const me = await requireApiRole(request, "user");
    const full = await getUserWithCourse(await getDb(), me.id);
    return serializeUser(full!.user, full!.course);
  });
