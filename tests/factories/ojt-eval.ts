/**
 * Evaluation fixtures: the newest evaluation link mailed to an address, and a placement taken to
 * its final evaluation through the real doors (hours logged, the week approved by its link, the
 * final evaluation answered by the supervisor's link).
 */
import { and, eq, like } from "drizzle-orm";
import type { Db } from "../../db/client";
import { mailOutbox } from "../../db/schema";
import type { OjtConfig } from "../../app/models/ojt/config";
import { addEntry, submitWeek } from "../../app/models/ojt/hours.server";
import { submitEvaluation } from "../../app/models/ojt/evaluation.server";
import { approveLastWeek, createOjtSetup, entry, type OjtSetupOptions } from "./ojt";

/** The token of the newest evaluation mail to an address (templates ojt_evaluation_*). */
export async function lastEvaluationToken(db: Db, to: string): Promise<string> {
  const rows = await db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, to), like(mailOutbox.template, "ojt_evaluation_%")));
  const texts = rows
    .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
    .map((r) => r.text ?? "");
  const m = /\/supervise\/([A-Za-z0-9_-]+)/.exec(texts.at(-1) ?? "");
  if (!m) throw new Error(`no evaluation link mailed to ${to}`);
  return m[1];
}

/** Ratings of every criterion of the default rubric (version 1). */
export const DEFAULT_RATINGS = {
  quality_of_work: 5,
  technical_knowledge: 4,
  safety_practices: 5,
  initiative: 4,
  teamwork: 5,
  attendance_punctuality: 4,
  communication: 4,
};

/**
 * A deployed placement of 8 required hours whose one week (Monday 2026-03-09, 8 h) the supervisor
 * approved — which requests the final evaluation. The clock must be on or after 2026-03-10.
 */
export async function placementAtRequiredHours(db: Db, cfg: OjtConfig, o: OjtSetupOptions = {}) {
  const s = await createOjtSetup(db, cfg, { requiredHours: 8, ...o });
  await addEntry(s.student, s.placement.id, entry("2026-03-09"));
  await submitWeek(s.student, s.placement.id, "2026-03-09");
  await approveLastWeek(db, cfg, s.placement.supervisor.email);
  return s;
}

/** The supervisor answers the final evaluation from the link mailed to them. */
export async function answerFinal(db: Db, cfg: OjtConfig, supervisorEmail: string) {
  return submitEvaluation(db, cfg, await lastEvaluationToken(db, supervisorEmail), 1, {
    ratings: DEFAULT_RATINGS,
    comments: "Careful and punctual.",
    wouldHire: "yes",
  });
}
