/**
 * A supervisor's mailed link (weekly sign-off or evaluation, ADR 114 and 117): a random token whose
 * SHA-256 alone is stored, its expiry on the college's clock, the page it opens, and its mail.
 */
import type { DbOrTx } from "#db/client";
import { formatDateTime } from "~/lib/datetime";
import { hashToken, randomToken } from "../auth/tokens.server";
import { enqueueMail } from "../mail/mail.server";
import { nowOf, type OjtConfig } from "./config";
import type { PlacementView } from "./placement.server";

/**
 * A fresh link for the placement's supervisor: `row`, the fields its token row (evaluation or
 * sign-off) stores, and the `url` mailed, the only place the token itself goes.
 */
export function mintSupervisorLink(cfg: OjtConfig, view: PlacementView, ttlDays: number) {
  const token = randomToken();
  return {
    row: {
      placementId: view.p.id,
      supervisorEmail: view.p.supervisorEmail,
      tokenHash: hashToken(token),
      expiresAt: new Date(nowOf(cfg).getTime() + ttlDays * 86_400_000),
    },
    url: `${cfg.publicUrl}/supervise/${token}`,
  };
}

/** The student's name as a supervisor's mail gives it. */
export const studentNameOf = (view: PlacementView) => `${view.firstName} ${view.lastName}`.trim();

/**
 * Mails the supervisor a link: the greeting, `body`, `action` (what the link is for) and the link,
 * how long it works; the log's notice is `notice` followed by the address and the link.
 */
export async function mailSupervisorLink(
  tx: DbOrTx,
  cfg: OjtConfig,
  view: PlacementView,
  link: ReturnType<typeof mintSupervisorLink>,
  mail: { subject: string; body: string[]; action: string; template: string; notice: string },
): Promise<void> {
  const p = view.p;
  await enqueueMail(tx, {
    to: p.supervisorEmail,
    subject: mail.subject,
    text: [
      `Dear ${p.supervisorName},`,
      "",
      ...mail.body,
      "",
      mail.action,
      link.url,
      "",
      `The link is personal to you and works until ${formatDateTime(link.row.expiresAt, cfg.timeZone)}, once.`,
      `If you are not ${studentNameOf(view)}'s supervisor, please ignore this message.`,
    ].join("\n"),
    template: mail.template,
    notice: `${mail.notice} for ${p.supervisorEmail}: ${link.url}`,
  });
}
