import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { handleApi, methodNotAllowed, parseBody, readJson, requireApiRole } from "~/web/api.server";
import { getDb } from "~/lib/db.server";
import { ojtCtx } from "~/web/config.server";
import { getAgreement, setAgreement } from "~/models/ojt/agreements.server";
import { agreementInputSchema } from "~/models/ojt/paperwork.schema";

/** GET /api/companies/{id}/moa (coordinators, admins): the host agreement and its state. */
export const loader = ({ request, params }: LoaderFunctionArgs) =>
  handleApi(request, async () => {
    const me = await requireApiRole(request, "user");
    return getAgreement(ojtCtx(await getDb(), me), params.id ?? "");
  });

/** PUT /api/companies/{id}/moa {signedAt, validUntil, notarized, signatories: [{name, position}]}. */
export const action = ({ request, params }: ActionFunctionArgs) =>
  handleApi(request, async () => {
    if (request.method !== "PUT") return methodNotAllowed(request, "GET, PUT");
    const me = await requireApiRole(request, "user");
    const input = parseBody(agreementInputSchema, await readJson(request));
    return setAgreement(ojtCtx(await getDb(), me), params.id ?? "", input);
  });
