import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import {
  handleApi,
  json,
  methodNotAllowed,
  parseBody,
  readJson,
  requireApiRole,
} from "~/web/api.server";
import { getDb } from "~/lib/db.server";
import { ctxOf } from "~/models/context";
import { invitationSchema } from "~/models/employer/employer.schema";
import { getTeam, inviteColleague } from "~/models/employer/team.server";
import { configured } from "~/web/config.server";

/** GET /api/employers/invitations (employer): `{company, members, invitations}` of the caller's company. */
export const loader = ({ request }: LoaderFunctionArgs) =>
  handleApi(request, async () => {
    const me = await requireApiRole(request, ["employer"]);
    return getTeam(ctxOf(await getDb(), me));
  });

/**
 * POST /api/employers/invitations {email} (employer) → 201 {id, email, expiresAt}: a colleague on
 * the caller's own e-mail domain (not free mail) gets a 7-day sign-up link for the same company.
 */
export const action = ({ request }: ActionFunctionArgs) =>
  handleApi(request, async () => {
    if (request.method !== "POST") return methodNotAllowed(request, "GET, POST");
    const me = await requireApiRole(request, ["employer"]);
    const body = parseBody(invitationSchema, await readJson(request));
    const inv = await inviteColleague(configured(ctxOf(await getDb(), me)), body.email);
    return json(request, inv, { status: 201 });
  });
