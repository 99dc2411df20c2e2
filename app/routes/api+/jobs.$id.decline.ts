import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { handleApi, methodNotAllowed, parseBody, readJson, requireApiRole } from "~/web/api.server";
import { getDb } from "~/lib/db.server";
import { ctxOf } from "~/models/context";
import { REVIEW_MSG, declineJob, declineReasonSchema } from "~/models/employer/review.server";
import { reviewConfig } from "~/web/config.server";

const ALLOW = "POST";

/**
 * POST /api/jobs/{id}/decline {reason} (admin): the job leaves the board and the queue, the reason
 * is stored and e-mailed to the employer who submitted it. 400 missing/empty/too long reason,
 * 403 for non-admins, 404 unknown job. Answers {message, _id}.
 */
export const action = ({ request, params }: ActionFunctionArgs) =>
  handleApi(request, async () => {
    if (request.method !== "POST") return methodNotAllowed(request, ALLOW);
    const admin = await requireApiRole(request, ["admin"]);
    const { reason } = parseBody(declineReasonSchema, await readJson(request));
    const done = await declineJob(
      ctxOf(await getDb(), admin),
      params.id ?? "",
      reason,
      reviewConfig(),
    );
    return { message: REVIEW_MSG.declined, _id: done.id };
  });

export const loader = ({ request }: LoaderFunctionArgs) =>
  handleApi(request, async () => methodNotAllowed(request, ALLOW));
