import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { handleApi, methodNotAllowed, requireApiRole } from "~/web/api.server";
import { getDb } from "~/lib/db.server";
import { ctxOf } from "~/models/context";
import { EMPLOYER_MSG } from "~/models/employer/employer.schema";
import { unblockCompany } from "~/models/employer/moderation.server";

const ALLOW = "POST";

/** POST /api/companies/{id}/unblock (admin, audited, idempotent): unblocks the company: its jobs hidden by the block come back, except those of a blocked employer. Answers {message, company}. */
export const action = ({ request, params }: ActionFunctionArgs) =>
  handleApi(request, async () => {
    if (request.method !== "POST") return methodNotAllowed(request, ALLOW);
    const me = await requireApiRole(request, ["admin"]);
    const company = await unblockCompany(ctxOf(await getDb(), me), params.id ?? "");
    return { message: EMPLOYER_MSG.companyUnblockedDone, company };
  });

export const loader = ({ request }: LoaderFunctionArgs) =>
  handleApi(request, async () => methodNotAllowed(request, ALLOW));
