/**
 * The admin's review of a job (ADR 104): approving and declining, and the decision e-mail
 * to the employer who submitted it. Every door that approves a job (the admin list's Approve
 * toggle, the admin form's Approved box, PUT /api/jobs/{id} with isApproved:true, the queue's
 * Approve) ends in `updateJob`, which calls `recordApproval` here in its transaction; Decline has
 * its own door and calls `declineJob`. Removing an approval is not a decline (nothing is mailed).
 *
 * This module never imports job.server.ts (job.server.ts imports it); its job writes go through
 * the job module's write.server.ts.
 */
import { z } from "zod";
import { and, eq } from "drizzle-orm";
import type { Db, DbOrTx } from "#db/client";
import { jobs, users } from "#db/schema";
import { audit } from "../audit/audit.server";
import { type Ctx, type Actor, requireAdmin } from "../context";
import { enqueueMail, type MailMessage } from "../mail/mail.server";
import { NotFound } from "~/lib/errors";
import { isUuid } from "~/lib/ids";
import { JOB_MSG } from "../job/job.rules";
import { lockJob, markJobDeclined, markJobReviewed } from "../job/write.server";

/** What the decision e-mails need from the configuration (the doors pass env().PUBLIC_URL). */
export interface ReviewConfig {
  publicUrl: string;
}

export const DECLINE_REASON_MAX = 2000;

export const REVIEW_MSG = {
  reasonRequired: "A reason is required to decline a job.",
  reasonTooLong: `The reason must be at most ${DECLINE_REASON_MAX} characters.`,
  declined: "Job declined; the employer has been e-mailed the reason.",
  approvedMail: (title: string) => `Your job “${title}” is approved and live on Runway`,
  declinedMail: (title: string) => `Your job “${title}” was not approved`,
} as const;

const base = (cfg?: ReviewConfig | null) => (cfg?.publicUrl ?? "").replace(/\/$/, "");
export const publicJobLink = (cfg: ReviewConfig | null | undefined, id: string) =>
  `${base(cfg)}/jobs/${id}`;
export const editJobLink = (cfg: ReviewConfig | null | undefined, id: string) =>
  `${base(cfg)}/employer/jobs/${id}/edit`;

interface Submitter {
  email: string;
  first_name: string;
  title: string;
}

/** The employer who created the job, when that user is an active employer (else nobody is mailed). */
async function submitterOf(db: DbOrTx, jobId: string): Promise<Submitter | null> {
  const [r] = await db
    .select({ email: users.email, first_name: users.firstName, title: jobs.title })
    .from(jobs)
    .innerJoin(users, eq(users.id, jobs.createdBy))
    .where(and(eq(jobs.id, jobId), eq(users.role, "employer"), eq(users.isActive, true)));
  return r ?? null;
}

export function approvedMail(s: Submitter, link: string): MailMessage {
  return {
    to: s.email,
    subject: REVIEW_MSG.approvedMail(s.title),
    text: [
      `Hello ${s.first_name},`,
      "",
      `Your job “${s.title}” has been approved by the career office and is now on the Runway job board:`,
      link,
      "",
      "Students and alumni can see it and apply while it is active. You can follow its views and",
      "Apply Now clicks on your employer page.",
      "",
      "— Runway",
    ].join("\n"),
    template: "job_approved",
    notice: `job approved: ${link}`,
  };
}

export function declinedMail(s: Submitter, reason: string, link: string): MailMessage {
  return {
    to: s.email,
    subject: REVIEW_MSG.declinedMail(s.title),
    text: [
      `Hello ${s.first_name},`,
      "",
      `The career office reviewed your job “${s.title}” and did not approve it. The reason:`,
      "",
      reason,
      "",
      "You can edit the job and submit it again for review:",
      link,
      "",
      "— Runway",
    ].join("\n"),
    template: "job_declined",
    notice: `job declined: ${link}`,
  };
}

/**
 * Called by updateJob inside its transaction when an admin sets isApproved from false to true:
 * records the review (reviewed_at/by, clears a decline) and queues the approval e-mail to the
 * submitting employer in the same transaction.
 */
export async function recordApproval(
  tx: DbOrTx,
  actor: Actor,
  jobId: string,
  cfg?: ReviewConfig | null,
): Promise<void> {
  await markJobReviewed(tx, jobId, actor.id);
  const s = await submitterOf(tx, jobId);
  if (s) await enqueueMail(tx as Db, approvedMail(s, publicJobLink(cfg, jobId)));
}

/** Declines a job (admin): off the board, the reason stored, audited and mailed to the employer. */
export async function declineJob(
  ctx: Ctx,
  id: string,
  reason: string,
  cfg: ReviewConfig,
): Promise<{ id: string; title: string }> {
  const actor = requireAdmin(ctx);
  if (!isUuid(id)) throw new NotFound(JOB_MSG.notFound);
  return ctx.db.transaction(async (tx) => {
    const before = await lockJob(tx, id);
    if (!before) throw new NotFound(JOB_MSG.notFound);
    await markJobDeclined(tx, id, actor.id, reason);
    await audit(tx, actor, {
      action: "job.decline",
      entityType: "job",
      entityId: id,
      before: { isApproved: before.isApproved, declineReason: before.declineReason ?? null },
      after: { isApproved: false, declineReason: reason },
    });
    const s = await submitterOf(tx, id);
    if (s) await enqueueMail(tx as Db, declinedMail(s, reason, editJobLink(cfg, id)));
    return { id, title: before.title };
  });
}

/** The decline door's body: a reason of 1–2000 characters (trimmed). */
export const declineReasonSchema = z
  .object({
    reason: z
      .string({ error: REVIEW_MSG.reasonRequired })
      .trim()
      .min(1, REVIEW_MSG.reasonRequired)
      .max(DECLINE_REASON_MAX, REVIEW_MSG.reasonTooLong),
  })
  .strict();

/**
 * The reason a Decline form sends: the chosen template's text (when the typed text does not
 * already contain it, as it does when the browser filled it in) followed by the typed text.
 */
export function composeDeclineReason(
  templateBody: string | null | undefined,
  typed: string,
): string {
  const text = typed.trim();
  const tpl = templateBody?.trim() ?? "";
  if (!tpl || text.includes(tpl)) return text;
  return text ? `${tpl}\n\n${text}` : tpl;
}
