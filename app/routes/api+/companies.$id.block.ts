import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { handleApi, methodNotAllowed, requireApiRole } from "~/web/api.server";
import { getDb } from "~/lib/db.server";
import { ctxOf } from "~/models/context";
import { EMPLOYER_MSG } from "~/models/employer/employer.schema";
import { blockCompany } from "~/models/employer/moderation.server";

const ALLOW = "POST";

/** POST /api/companies/{id}/block (admin, audited, idempotent): blocks the company: all its jobs hidden, all its employers refused at sign-in with their sessions and tokens ended. Answers {message, company}. */
export const action = ({ request, params }: ActionFunctionArgs) =>
  handleApi(request, async () => {
    if (request.method !== "POST") return methodNotAllowed(request, ALLOW);
    const me = await requireApiRole(request, ["admin"]);
    const company = await blockCompany(ctxOf(await getDb(), me), params.id ?? "");
    return { message: EMPLOYER_MSG.companyBlockedDone, company };
  });

export const loader = ({ request }: LoaderFunctionArgs) =>
  handleApi(request, async () => methodNotAllowed(request, ALLOW));
