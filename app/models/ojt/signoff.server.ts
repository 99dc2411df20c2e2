/**
 * The supervisor's side of the weekly sign-off, reached only through the mailed link
 * `/supervise/{token}` (no account, no sign-in). A token is honoured when its hash is known, it is
 * neither spent nor revoked nor expired, it was issued to the placement's current supervisor
 * address, and its week is still waiting; otherwise every case answers the same 404 (ADR 114).
 */
import { and, eq, isNull } from "drizzle-orm";
import type { Db, DbOrTx } from "#db/client";
import { ojtSignoffTokens, placementWeeks, users } from "#db/schema";
import { NotFound } from "~/lib/errors";
import { audit } from "../audit/audit.server";
import { hashToken } from "../auth/tokens.server";
import { enqueueMail } from "../mail/mail.server";
import { mailAddressOf } from "../user/user.server";
import { nowOf, type OjtConfig } from "./config";
import { hoursOf, OJT_MSG, type Decision } from "./ojt.schema";
import { loadPlacementView, type PlacementView } from "./placement.server";
import { refreshTotals, weekEntries } from "./hours.server";
import { requestFinalIfDue } from "./evaluation.server";
import { formatCalendarDate } from "~/lib/datetime";

/** What the supervisor sees: the student's name and programme, the host, that week's entries. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{20,100}$/;

async function validToken(
  db: DbOrTx,
  cfg: OjtConfig,
  token: string,
  forUpdate: boolean,
): Promise<{ t: typeof ojtSignoffTokens.$inferSelect; view: PlacementView }> {
  const invalid = () => new NotFound(OJT_MSG.tokenInvalid);
  if (typeof token !== "string" || !TOKEN_SHAPE.test(token)) throw invalid();
  const q = db
    .select()
    .from(ojtSignoffTokens)
    .where(eq(ojtSignoffTokens.tokenHash, hashToken(token)));
  const [t] = forUpdate ? await q.for("update") : await q;
  if (!t || t.spentAt || t.revokedAt || t.expiresAt.getTime() <= nowOf(cfg).getTime())
    throw invalid();
  const view = await loadPlacementView(db, t.placementId);
  if (!view || view.p.supervisorEmail !== t.supervisorEmail) throw invalid();
  const wq = db
    .select({ state: placementWeeks.state })
    .from(placementWeeks)
    .where(
      and(eq(placementWeeks.placementId, t.placementId), eq(placementWeeks.weekStart, t.weekStart)),
    );
  const [w] = forUpdate ? await wq.for("update") : await wq;
  if (w?.state !== "submitted") throw invalid();
  return { t, view };
}

/** GET /supervise/{token}: the week to sign, or 404 for a forged, spent, revoked or expired link. */
export async function signoffView(db: Db, cfg: OjtConfig, token: string) {
  const { t, view } = await validToken(db, cfg, token, false);
  const { entries, weekEnd } = await weekEntries(db, t.placementId, t.weekStart);
  return {
    studentName: `${view.firstName} ${view.lastName}`.trim(),
    course: view.courseName,
    companyName: view.companyName,
    supervisorName: view.p.supervisorName,
    weekStart: t.weekStart,
    weekEnd,
    entries,
    totalHours: hoursOf(entries.reduce((s, e) => s + e.minutes, 0)),
    expiresAt: t.expiresAt.toISOString(),
  };
}

/**
 * POST /supervise/{token}: approve (the week's entries lock) or return with a comment (back to the
 * student, who is mailed). Every live link of the week is spent with the decision. Audited.
 */
export async function decideSignoff(
  db: Db,
  cfg: OjtConfig,
  token: string,
  decision: Decision,
): Promise<{ state: "approved" | "returned"; weekStart: string; studentName: string }> {
  return db.transaction(async (tx) => {
    const { t, view } = await validToken(tx, cfg, token, true);
    const now = nowOf(cfg);
    const state = decision.decision === "approve" ? "approved" : "returned";
    await tx
      .update(placementWeeks)
      .set({
        state,
        decidedAt: now,
        decidedByName: view.p.supervisorName,
        decidedByEmail: view.p.supervisorEmail,
        comment: decision.comment ?? null,
        updatedAt: now,
      })
      .where(
        and(
          eq(placementWeeks.placementId, t.placementId),
          eq(placementWeeks.weekStart, t.weekStart),
        ),
      );
    await tx
      .update(ojtSignoffTokens)
      .set({ spentAt: now })
      .where(
        and(
          eq(ojtSignoffTokens.placementId, t.placementId),
          eq(ojtSignoffTokens.weekStart, t.weekStart),
          isNull(ojtSignoffTokens.spentAt),
          isNull(ojtSignoffTokens.revokedAt),
        ),
      );
    await refreshTotals(tx, t.placementId, []);
    // The approval that takes the approved hours to the requirement asks for the final evaluation.
    if (state === "approved") await requestFinalIfDue(tx, cfg, t.placementId);
    await audit(tx, null, {
      action: state === "approved" ? "ojt_week.approve" : "ojt_week.return",
      entityType: "placement",
      entityId: t.placementId,
      before: { weekStart: t.weekStart, state: "submitted" },
      after: {
        weekStart: t.weekStart,
        state,
        comment: decision.comment ?? null,
        supervisorName: view.p.supervisorName,
        supervisorEmail: view.p.supervisorEmail,
      },
    });
    const [student] = await tx.select().from(users).where(eq(users.id, view.p.studentId));
    const studentName = `${view.firstName} ${view.lastName}`.trim();
    if (student)
      await enqueueMail(tx, {
        to: mailAddressOf(student),
        subject:
          state === "approved"
            ? `Your OJT week of ${formatCalendarDate(t.weekStart)} was approved`
            : `Your OJT week of ${formatCalendarDate(t.weekStart)} was returned`,
        text:
          state === "approved"
            ? `${view.p.supervisorName} approved your OJT hours for the week of ${formatCalendarDate(t.weekStart)}.${decision.comment ? `\n\n${decision.comment}` : ""}\n\n${cfg.publicUrl}/ojt`
            : `${view.p.supervisorName} returned your OJT hours for the week of ${formatCalendarDate(t.weekStart)}:\n\n${decision.comment}\n\nCorrect the entries on ${cfg.publicUrl}/ojt and submit the week again.`,
        template: state === "approved" ? "ojt_week_approved" : "ojt_week_returned",
      });
    return { state, weekStart: t.weekStart, studentName };
  });
}
