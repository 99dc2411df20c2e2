/**
 * /api/surveys/{id}/invitations (admin): POST `{reminder?, dryRun?}` queues an invitation
 * or reminder batch in the mail outbox and answers 202 at once (the outbox drains at the SMTP
 * server's pace), or the counts only for a dry run; GET lists the survey's batches with their
 * sent / failed / pending messages.
 */
import { z } from "zod";
import { parseBody, readJson } from "~/web/api.server";
import { apiRoute } from "~/web/api-route.server";
import { authConfig } from "~/web/config.server";
import { getInviteBatches, sendInvitations } from "~/models/survey/invitations.server";

const bodySchema = z.strictObject(
  {
    reminder: z.boolean({ error: "reminder must be true or false" }).optional(),
    dryRun: z.boolean({ error: "dryRun must be true or false" }).optional(),
  },
  { error: "Send a JSON object with optional boolean fields reminder and dryRun" },
);

export const { loader, action } = apiRoute({
  /** GET: the batches, newest first. */
  GET: async (api) => getInviteBatches(await api.ctx(["admin"]), api.param("id")),
  /** POST: 202 with the batch and its counts (200 with the counts for a dry run). */
  POST: async (api) => {
    const ctx = await api.ctx(["admin"]);
    // A body of `null` is taken as no options.
    const body = parseBody(bodySchema, (await readJson(api.request)) ?? {});
    const c = authConfig();
    const r = await sendInvitations(ctx, api.param("id"), {
      reminder: body.reminder ?? false,
      dryRun: body.dryRun ?? false,
      trigger: "admin",
      config: { publicUrl: c.publicUrl, secret: c.secret, collegeName: c.collegeName },
    });
    return api.reply(r, r.dryRun ? 200 : 202);
  },
});
