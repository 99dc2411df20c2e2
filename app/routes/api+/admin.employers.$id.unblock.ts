import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { handleApi, methodNotAllowed, requireApiRole } from "~/web/api.server";
import { getDb } from "~/lib/db.server";
import { ctxOf } from "~/models/context";
import { EMPLOYER_MSG } from "~/models/employer/employer.schema";
import { unblockEmployer } from "~/models/employer/moderation.server";

const ALLOW = "POST";

/** POST /api/admin/employers/{id}/unblock (admin, audited, idempotent): unblocks the employer: the jobs hidden by the block come back unless their company is blocked. Answers {message, user}. */
export const action = ({ request, params }: ActionFunctionArgs) =>
  handleApi(request, async () => {
    if (request.method !== "POST") return methodNotAllowed(request, ALLOW);
    const me = await requireApiRole(request, ["admin"]);
    const user = await unblockEmployer(ctxOf(await getDb(), me), params.id ?? "");
    return { message: EMPLOYER_MSG.unblockedDone, user };
  });

export const loader = ({ request }: LoaderFunctionArgs) =>
  handleApi(request, async () => methodNotAllowed(request, ALLOW));
