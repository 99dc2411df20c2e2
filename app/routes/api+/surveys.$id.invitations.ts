/**
 * /api/surveys/{id}/invitations (admin): POST `{reminder?, dryRun?}` queues an invitation
 * or reminder batch in the mail outbox and answers 202 at once (the outbox drains at the SMTP
 * server's pace), or the counts only for a dry run; GET lists the survey's batches with their
 * sent / failed / pending messages.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import {
  handleApi,
  json,
  methodNotAllowed,
  parseBody,
  readJson,
  requireApiRole,
} from "~/web/api.server";
import { authConfig } from "~/web/config.server";
import { getDb } from "~/lib/db.server";
import { ctxOf } from "~/models/context";
import { getInviteBatches, sendInvitations } from "~/models/survey/invitations.server";

const bodySchema = z.strictObject(
  {
    reminder: z.boolean({ error: "reminder must be true or false" }).optional(),
    dryRun: z.boolean({ error: "dryRun must be true or false" }).optional(),
  },
  { error: "Send a JSON object with optional boolean fields reminder and dryRun" },
);

/** GET: the batches, newest first. */
export const loader = ({ request, params }: LoaderFunctionArgs) =>
  handleApi(request, async () => {
    const user = await requireApiRole(request, ["admin"]);
    return getInviteBatches(ctxOf(await getDb(), user), params.id ?? "");
  });

/** POST: 202 with the batch and its counts (200 with the counts for a dry run). */
export const action = ({ request, params }: ActionFunctionArgs) =>
  handleApi(request, async () => {
    if (request.method !== "POST") return methodNotAllowed(request, "GET, POST");
    const user = await requireApiRole(request, ["admin"]);
    const raw = await readJson(request);
    const body = parseBody(bodySchema, raw ?? {});
    const c = authConfig();
    const r = await sendInvitations(ctxOf(await getDb(), user), params.id ?? "", {
      reminder: body.reminder ?? false,
      dryRun: body.dryRun ?? false,
      trigger: "admin",
      config: { publicUrl: c.publicUrl, secret: c.secret, collegeName: c.collegeName },
    });
    return json(request, r, { status: r.dryRun ? 200 : 202 });
  });
