import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { handleApi, methodNotAllowed, requireApiRole } from "~/web/api.server";
import { getDb } from "~/lib/db.server";
import { ctxOf } from "~/models/context";
import { EMPLOYER_MSG } from "~/models/employer/employer.schema";
import { blockEmployer } from "~/models/employer/moderation.server";

const ALLOW = "POST";

/** POST /api/admin/employers/{id}/block (admin, audited, idempotent): blocks the employer: sign-in refused, every session and API token ended, the jobs they created hidden. Answers {message, user}. */
export const action = ({ request, params }: ActionFunctionArgs) =>
  handleApi(request, async () => {
    if (request.method !== "POST") return methodNotAllowed(request, ALLOW);
    const me = await requireApiRole(request, ["admin"]);
    const user = await blockEmployer(ctxOf(await getDb(), me), params.id ?? "");
    return { message: EMPLOYER_MSG.blockedDone, user };
  });

export const loader = ({ request }: LoaderFunctionArgs) =>
  handleApi(request, async () => methodNotAllowed(request, ALLOW));
