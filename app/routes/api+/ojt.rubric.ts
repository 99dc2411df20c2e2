import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { handleApi, methodNotAllowed, parseBody, readJson, requireApiRole } from "~/web/api.server";
import { getDb } from "~/lib/db.server";
import { ojtCtx } from "~/web/config.server";
import { rubricInputSchema } from "~/models/ojt/evaluation.schema";
import { getRubric, updateRubric } from "~/models/ojt/evaluation.server";

/** GET /api/ojt/rubric (admin): the evaluation rubric in force {version, criteria: [{key, label}], createdAt}. */
export const loader = ({ request }: LoaderFunctionArgs) =>
  handleApi(request, async () => {
    const me = await requireApiRole(request, "user");
    return getRubric(ojtCtx(await getDb(), me));
  });

/** PUT /api/ojt/rubric {criteria: [{key?, label}]} (admin): a new rubric version; answered evaluations keep theirs. */
export const action = ({ request }: ActionFunctionArgs) =>
  handleApi(request, async () => {
    if (request.method !== "PUT") return methodNotAllowed(request, "GET, PUT");
    const me = await requireApiRole(request, "user");
    const ctx = ojtCtx(await getDb(), me);
    // Who may, before what: a student's body is never parsed.
    await getRubric(ctx);
    return updateRubric(ctx, parseBody(rubricInputSchema, await readJson(request)));
  });
