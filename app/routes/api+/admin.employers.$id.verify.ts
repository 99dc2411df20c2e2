import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { handleApi, methodNotAllowed, requireApiRole } from "~/web/api.server";
import { getDb } from "~/lib/db.server";
import { ctxOf } from "~/models/context";
import { EMPLOYER_MSG } from "~/models/employer/employer.schema";
import { verifyEmployer } from "~/models/employer/moderation.server";

const ALLOW = "POST";

/** POST /api/admin/employers/{id}/verify (admin, audited, idempotent): marks the employer verified by an administrator (the manual trust signal beside the computed domain one). Answers {message, user}. */
export const action = ({ request, params }: ActionFunctionArgs) =>
  handleApi(request, async () => {
    if (request.method !== "POST") return methodNotAllowed(request, ALLOW);
    const me = await requireApiRole(request, ["admin"]);
    const user = await verifyEmployer(ctxOf(await getDb(), me), params.id ?? "");
    return { message: EMPLOYER_MSG.verified, user };
  });

export const loader = ({ request }: LoaderFunctionArgs) =>
  handleApi(request, async () => methodNotAllowed(request, ALLOW));
