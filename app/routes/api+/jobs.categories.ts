import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { getApiUser, handleApi, methodNotAllowed } from "~/web/api.server";
import { getDb } from "~/lib/db.server";
import { listCategories } from "~/models/job/job.server";
import { actorOf } from "~/models/context";

/** GET /api/jobs/categories → array of category names (of the jobs the caller may see). */
export const loader = ({ request }: LoaderFunctionArgs) =>
  handleApi(request, async () => {
    const ctx = { db: await getDb(), actor: actorOf(await getApiUser(request)) };
    return listCategories(ctx);
  });

export const action = ({ request }: ActionFunctionArgs) =>
  handleApi(request, async () => methodNotAllowed(request, "GET"));
