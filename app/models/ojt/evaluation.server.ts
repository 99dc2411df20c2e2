/**
 * Supervisor evaluations (midterm and final) by mailed link, the rubric they answer, and the
 * students' reviews of their hosts. The only writer of ojt_rubrics, placement_evaluations,
 * placement_evaluation_requests, ojt_evaluation_tokens and host_reviews.
 *
 * Links follow the sign-off's rules (ADR 114, ADR 117): 256 random bits kept only as SHA-256, one
 * purpose (this placement, this stage, this supervisor address), expiring after
 * EVALUATION_TTL_DAYS, spent by the submission, revoked when the supervisor address changes; every
 * failure answers the same 404. A stage is requested once per supervisor address (a row of
 * placement_evaluation_requests claims it), by the hourly timer or by the approval that takes the
 * approved hours to the requirement; a coordinator may resend.
 */
import { and, desc, eq, isNull, notExists, sql, type SQL } from "drizzle-orm";
import type { Db, DbOrTx } from "#db/client";
import type { OjtEvaluationStage } from "#db/constants";
import {
  hostReviews,
  ojtEvaluationTokens,
  ojtRubrics,
  placementEvaluationRequests,
  placementEvaluations,
  placements,
} from "#db/schema";
import { Conflict, Forbidden, isUniqueViolation, NotFound, Unauthorized } from "~/lib/errors";
import { isUuid } from "~/lib/ids";
import { audit } from "../audit/audit.server";
import { hashToken } from "../auth/tokens.server";
import type { Ctx } from "../context";
import { mailSupervisorLink, mintSupervisorLink, studentNameOf } from "./supervisor-link.server";
import { nowOf, todayOf, type OjtConfig, type OjtCtx } from "./config";
import {
  averageOf,
  DEFAULT_RUBRIC_CRITERIA,
  EVAL_MSG,
  EVALUATION_TTL_DAYS,
  HOST_RATING_MIN_REVIEWS,
  midpointOf,
  STAGE_LABEL,
  type Criterion,
  type EvaluationInput,
  type EvaluationJson,
  type EvaluationsJson,
  type HostRatingSummary,
  type HostReviewInput,
  type RubricInput,
  type RubricJson,
} from "./evaluation.schema";
import {
  loadPlacementView,
  manageablePlacement,
  readablePlacement,
  type PlacementView,
} from "./placement.server";

type RubricRow = typeof ojtRubrics.$inferSelect;
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{20,100}$/;

function rubricJson(r: RubricRow): RubricJson {
  return { version: r.version, criteria: r.criteria, createdAt: r.createdAt.toISOString() };
}

/**
 * The rubric in force: the highest version. Version 1 (the default criteria) is written here the
 * first time a rubric is needed, not by a migration, so a new database stays empty of rows (a
 * `runway db copy` target must be) and an emptied table gets the default back.
 */
export async function currentRubric(db: DbOrTx): Promise<RubricJson> {
  const [r] = await db.select().from(ojtRubrics).orderBy(desc(ojtRubrics.version)).limit(1);
  return rubricJson(r ?? (await defaultRubric(db)));
}

async function defaultRubric(db: DbOrTx): Promise<RubricRow> {
  await db
    .insert(ojtRubrics)
    .values({ version: 1, criteria: [...DEFAULT_RUBRIC_CRITERIA] })
    .onConflictDoNothing();
  const [r] = await db.select().from(ojtRubrics).where(eq(ojtRubrics.version, 1));
  return r;
}

function requireAdmin(ctx: Ctx) {
  if (!ctx.actor) throw new Unauthorized("Please sign in");
  if (ctx.actor.role !== "admin") throw new Forbidden("You do not have permission to do this");
  return ctx.actor;
}

/** GET /api/ojt/rubric (admins). */
export async function getRubric(ctx: Ctx): Promise<RubricJson> {
  requireAdmin(ctx);
  return currentRubric(ctx.db);
}

/**
 * PUT /api/ojt/rubric (admins): the criteria become a new version; evaluations already submitted
 * keep the version they answered. Audited.
 */
export async function updateRubric(ctx: Ctx, input: RubricInput): Promise<RubricJson> {
  const actor = requireAdmin(ctx);
  try {
    return await ctx.db.transaction(async (tx) => {
      const before = await currentRubric(tx);
      const [row] = await tx
        .insert(ojtRubrics)
        .values({ version: before.version + 1, criteria: input.criteria, createdBy: actor.id })
        .returning();
      await audit(tx, actor, {
        action: "ojt_rubric.update",
        entityType: "ojt_rubric",
        entityId: null,
        before: { version: before.version, criteria: before.criteria },
        after: { version: row.version, criteria: row.criteria },
      });
      return rubricJson(row);
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw new Conflict(EVAL_MSG.rubricBusy);
    throw e;
  }
}

async function rubricVersion(db: DbOrTx, version: number): Promise<RubricRow | null> {
  if (!Number.isInteger(version) || version < 1 || version > 2_000_000_000) return null;
  const [r] = await db.select().from(ojtRubrics).where(eq(ojtRubrics.version, version));
  if (!r && version === 1) return defaultRubric(db);
  return r ?? null;
}

/** The rubric a version names (for the page's form and the doors' parsing), or null. */
export async function rubricCriteria(db: DbOrTx, version: number): Promise<Criterion[] | null> {
  return (await rubricVersion(db, version))?.criteria ?? null;
}

/**
 * Why a stage cannot be requested or answered now, or null when it can: deployed; the midterm
 * from the midpoint (college date); the final once approved hours reach the required hours.
 */
export function stageGate(
  p: Pick<
    typeof placements.$inferSelect,
    "status" | "startDate" | "expectedEndDate" | "approvedMinutes" | "requiredHours"
  >,
  stage: OjtEvaluationStage,
  today: string,
): string | null {
  if (p.status !== "deployed") return EVAL_MSG.notDeployed;
  if (stage === "midterm") {
    const mid = midpointOf(p.startDate, p.expectedEndDate);
    return today < mid ? EVAL_MSG.beforeMidpoint(mid) : null;
  }
  return p.approvedMinutes < p.requiredHours * 60 ? EVAL_MSG.hoursNotReached : null;
}

async function hasEvaluation(db: DbOrTx, placementId: string, stage: OjtEvaluationStage) {
  const [r] = await db
    .select({ id: placementEvaluations.id })
    .from(placementEvaluations)
    .where(
      and(eq(placementEvaluations.placementId, placementId), eq(placementEvaluations.stage, stage)),
    );
  return !!r;
}

/** A fresh link for a stage and its mail to the placement's supervisor (only the hash is kept). */
async function issueEvaluationLink(
  tx: DbOrTx,
  cfg: OjtConfig,
  view: PlacementView,
  stage: OjtEvaluationStage,
  kind: "request" | "resend",
): Promise<void> {
  const link = mintSupervisorLink(cfg, view, EVALUATION_TTL_DAYS);
  await tx.insert(ojtEvaluationTokens).values({ ...link.row, stage });
  const student = studentNameOf(view);
  await mailSupervisorLink(tx, cfg, view, link, {
    subject: `Please evaluate the OJT of ${student} (${STAGE_LABEL[stage].toLowerCase()})`,
    body: [
      `${student} (${view.courseName ?? "student"}, ${cfg.collegeName}) is on the job training at ${view.companyName}.`,
      stage === "midterm"
        ? "The placement has reached its midpoint: please rate the intern's performance so far."
        : "The intern has completed the required hours: please give your final evaluation.",
    ],
    action: `Fill in the ${stage} performance evaluation (a few ratings from 1 to 5, comments, and whether you would hire the intern) — no account or sign-in is needed:`,
    template: `ojt_evaluation_${kind}`,
    notice: `Evaluation link (${stage})`,
  });
}

/**
 * Requests a stage once per supervisor address, in the caller's transaction: claims the request
 * row (inserted, or moved to a new address) and mails a link. False when not due or already asked.
 */
async function requestStage(
  tx: DbOrTx,
  cfg: OjtConfig,
  placementId: string,
  stage: OjtEvaluationStage,
): Promise<boolean> {
  const view = await loadPlacementView(tx, placementId);
  if (!view || stageGate(view.p, stage, todayOf(cfg))) return false;
  if (await hasEvaluation(tx, placementId, stage)) return false;
  const now = nowOf(cfg);
  const claimed = await tx
    .insert(placementEvaluationRequests)
    .values({ placementId, stage, supervisorEmail: view.p.supervisorEmail, sentAt: now })
    .onConflictDoUpdate({
      target: [placementEvaluationRequests.placementId, placementEvaluationRequests.stage],
      set: { supervisorEmail: view.p.supervisorEmail, sentAt: now },
      setWhere: sql`${placementEvaluationRequests.supervisorEmail} <> excluded.supervisor_email`,
    })
    .returning({ stage: placementEvaluationRequests.stage });
  if (!claimed.length) return false;
  await issueEvaluationLink(tx, cfg, view, stage, "request");
  await audit(tx, null, {
    action: "ojt_evaluation.request",
    entityType: "placement",
    entityId: placementId,
    before: null,
    after: { stage, supervisorEmail: view.p.supervisorEmail },
  });
  return true;
}

/**
 * After a week's approval (in its transaction): the final evaluation is requested as soon as the
 * approved hours reach the required hours.
 */
export async function requestFinalIfDue(
  tx: DbOrTx,
  cfg: OjtConfig,
  placementId: string,
): Promise<boolean> {
  return requestStage(tx, cfg, placementId, "final");
}

/** Deployed placements whose stage is due and not yet asked of their current supervisor address. */
async function dueStages(db: DbOrTx, today: string) {
  const notAsked = (stage: OjtEvaluationStage) => [
    notExists(
      db
        .select({ one: sql`1` })
        .from(placementEvaluations)
        .where(
          and(
            eq(placementEvaluations.placementId, placements.id),
            eq(placementEvaluations.stage, stage),
          ),
        ),
    ),
    notExists(
      db
        .select({ one: sql`1` })
        .from(placementEvaluationRequests)
        .where(
          and(
            eq(placementEvaluationRequests.placementId, placements.id),
            eq(placementEvaluationRequests.stage, stage),
            eq(placementEvaluationRequests.supervisorEmail, placements.supervisorEmail),
          ),
        ),
    ),
  ];
  const due = async (stage: OjtEvaluationStage, reached: SQL) => {
    const rows = await db
      .select({ id: placements.id, to: placements.supervisorEmail })
      .from(placements)
      .where(and(eq(placements.status, "deployed"), reached, ...notAsked(stage)))
      .limit(5000);
    return rows.map((r) => ({ placementId: r.id, to: r.to, stage }));
  };
  return [
    ...(await due(
      "midterm",
      sql`${placements.startDate} + (${placements.expectedEndDate} - ${placements.startDate}) / 2 <= ${today}::date`,
    )),
    ...(await due("final", sql`${placements.approvedMinutes} >= ${placements.requiredHours} * 60`)),
  ];
}

export interface EvaluationRequestRun {
  sent: number;
  items: { placementId: string; to: string; stage: OjtEvaluationStage }[];
}

/** The timer's part: mails every evaluation request due now (or, with dryRun, lists them). */
export async function sendDueEvaluations(
  db: Db,
  cfg: OjtConfig,
  opts: { dryRun?: boolean; stopped?: () => boolean } = {},
): Promise<EvaluationRequestRun> {
  const due = await dueStages(db, todayOf(cfg));
  const out: EvaluationRequestRun = { sent: 0, items: [] };
  for (const d of due) {
    if (opts.stopped?.()) break;
    const sent =
      opts.dryRun ||
      (await db.transaction(async (tx) => {
        // The placement first (the order the hours' writers take), so its totals cannot move under us.
        await tx
          .select({ id: placements.id })
          .from(placements)
          .where(eq(placements.id, d.placementId))
          .for("update");
        return requestStage(tx, cfg, d.placementId, d.stage);
      }));
    if (sent) {
      out.sent++;
      out.items.push(d);
    }
  }
  return out;
}

/**
 * POST /api/placements/{id}/evaluations/{stage}/resend: the coordinator (or an admin) mails the
 * supervisor a fresh link for a stage that is due and not yet answered. Audited.
 */
export async function resendEvaluation(
  ctx: OjtCtx,
  placementId: string,
  stage: OjtEvaluationStage,
): Promise<EvaluationsJson> {
  const { scope } = await manageablePlacement(ctx, placementId);
  await ctx.db.transaction(async (tx) => {
    const [p] = await tx
      .select()
      .from(placements)
      .where(eq(placements.id, placementId))
      .for("update");
    const gate = stageGate(p, stage, todayOf(ctx.ojt));
    if (gate) throw new Conflict(gate);
    if (await hasEvaluation(tx, placementId, stage)) throw new Conflict(EVAL_MSG.alreadySubmitted);
    const now = nowOf(ctx.ojt);
    await tx
      .insert(placementEvaluationRequests)
      .values({ placementId, stage, supervisorEmail: p.supervisorEmail, sentAt: now })
      .onConflictDoUpdate({
        target: [placementEvaluationRequests.placementId, placementEvaluationRequests.stage],
        set: { supervisorEmail: p.supervisorEmail, sentAt: now },
      });
    const view = (await loadPlacementView(tx, placementId))!;
    await issueEvaluationLink(tx, ctx.ojt, view, stage, "resend");
    await audit(tx, scope.actor, {
      action: "ojt_evaluation.resend",
      entityType: "placement",
      entityId: placementId,
      before: null,
      after: { stage, supervisorEmail: p.supervisorEmail },
    });
  });
  return listEvaluations(ctx, placementId);
}

/** Which form a /supervise/{token} link opens: an evaluation's, or (any other token) the week's. */
export async function superviseLinkKind(
  db: DbOrTx,
  token: string,
): Promise<"evaluation" | "signoff"> {
  if (typeof token !== "string" || !TOKEN_SHAPE.test(token)) return "signoff";
  const [t] = await db
    .select({ id: ojtEvaluationTokens.id })
    .from(ojtEvaluationTokens)
    .where(eq(ojtEvaluationTokens.tokenHash, hashToken(token)));
  return t ? "evaluation" : "signoff";
}

async function validEvaluationToken(db: DbOrTx, cfg: OjtConfig, token: string, forUpdate: boolean) {
  const invalid = () => new NotFound(EVAL_MSG.tokenInvalid);
  if (typeof token !== "string" || !TOKEN_SHAPE.test(token)) throw invalid();
  const q = db
    .select()
    .from(ojtEvaluationTokens)
    .where(eq(ojtEvaluationTokens.tokenHash, hashToken(token)));
  const [t] = forUpdate ? await q.for("update") : await q;
  if (!t || t.spentAt || t.revokedAt || t.expiresAt.getTime() <= nowOf(cfg).getTime())
    throw invalid();
  if (forUpdate)
    await db
      .select({ id: placements.id })
      .from(placements)
      .where(eq(placements.id, t.placementId))
      .for("update");
  const view = await loadPlacementView(db, t.placementId);
  if (!view || view.p.supervisorEmail !== t.supervisorEmail) throw invalid();
  // The gate again at answer time: a period moved later, or hours reopened, closes the form.
  if (stageGate(view.p, t.stage, todayOf(cfg))) throw invalid();
  if (await hasEvaluation(db, t.placementId, t.stage)) throw invalid();
  return { t, view };
}

/** What the supervisor sees: the student, programme, host, the stage and the rubric to answer. */
export interface EvaluationFormView {
  kind: "evaluation";
  stage: OjtEvaluationStage;
  studentName: string;
  course: string | null;
  companyName: string;
  supervisorName: string;
  rubric: RubricJson;
  expiresAt: string;
}

/** GET /supervise/{token} of an evaluation link, or 404 for a forged, spent, revoked or expired one. */
export async function evaluationFormView(
  db: Db,
  cfg: OjtConfig,
  token: string,
): Promise<EvaluationFormView> {
  const { t, view } = await validEvaluationToken(db, cfg, token, false);
  return {
    kind: "evaluation",
    stage: t.stage,
    studentName: studentNameOf(view),
    course: view.courseName,
    companyName: view.companyName,
    supervisorName: view.p.supervisorName,
    rubric: await currentRubric(db),
    expiresAt: t.expiresAt.toISOString(),
  };
}

/**
 * POST /supervise/{token} of an evaluation link: stores the ratings against the rubric version the
 * form showed (parsed by the door with `evaluationInputSchema(rubricCriteria(version))`), spends
 * every live link of the stage, audits. A second submission finds the link spent (404).
 */
export async function submitEvaluation(
  db: Db,
  cfg: OjtConfig,
  token: string,
  rubricVersionAnswered: number,
  input: EvaluationInput,
): Promise<{ stage: OjtEvaluationStage; studentName: string; average: number }> {
  try {
    return await db.transaction(async (tx) => {
      const { t, view } = await validEvaluationToken(tx, cfg, token, true);
      const rubric = await rubricVersion(tx, rubricVersionAnswered);
      const keys = rubric?.criteria.map((c) => c.key).sort() ?? [];
      if (!rubric || JSON.stringify(Object.keys(input.ratings).sort()) !== JSON.stringify(keys))
        throw new Conflict(EVAL_MSG.rubricVersion);
      const now = nowOf(cfg);
      const average = averageOf(input.ratings);
      await tx.insert(placementEvaluations).values({
        placementId: t.placementId,
        stage: t.stage,
        rubricVersion: rubric.version,
        ratings: input.ratings,
        average,
        comments: input.comments,
        wouldHire: input.wouldHire,
        supervisorName: view.p.supervisorName,
        supervisorEmail: view.p.supervisorEmail,
        submittedAt: now,
      });
      await tx
        .update(ojtEvaluationTokens)
        .set({ spentAt: now })
        .where(
          and(
            eq(ojtEvaluationTokens.placementId, t.placementId),
            eq(ojtEvaluationTokens.stage, t.stage),
            isNull(ojtEvaluationTokens.spentAt),
            isNull(ojtEvaluationTokens.revokedAt),
          ),
        );
      await audit(tx, null, {
        action: "ojt_evaluation.submit",
        entityType: "placement",
        entityId: t.placementId,
        before: null,
        after: {
          stage: t.stage,
          rubricVersion: rubric.version,
          average,
          wouldHire: input.wouldHire,
          supervisorName: view.p.supervisorName,
          supervisorEmail: view.p.supervisorEmail,
        },
      });
      return { stage: t.stage, studentName: studentNameOf(view), average };
    });
  } catch (e) {
    // Two submissions at once: the second meets the stage's unique key — the link was spent.
    if (isUniqueViolation(e, "placement_evaluations_stage_key"))
      throw new NotFound(EVAL_MSG.tokenInvalid);
    throw e;
  }
}

/** GET /api/placements/{id}/evaluations: its student, their coordinators, admins. */
export async function listEvaluations(ctx: OjtCtx, placementId: string): Promise<EvaluationsJson> {
  const { view } = await readablePlacement(ctx, placementId);
  const rows = await ctx.db
    .select({ e: placementEvaluations, criteria: ojtRubrics.criteria })
    .from(placementEvaluations)
    .innerJoin(ojtRubrics, eq(ojtRubrics.version, placementEvaluations.rubricVersion))
    .where(eq(placementEvaluations.placementId, placementId))
    .orderBy(placementEvaluations.submittedAt);
  const requests = await ctx.db
    .select()
    .from(placementEvaluationRequests)
    .where(eq(placementEvaluationRequests.placementId, placementId))
    .orderBy(placementEvaluationRequests.sentAt);
  const items: EvaluationJson[] = rows.map(({ e, criteria }) => ({
    stage: e.stage,
    submittedAt: e.submittedAt.toISOString(),
    average: Number(e.average),
    rubricVersion: e.rubricVersion,
    criteria: criteria.map((c) => ({ ...c, rating: e.ratings[c.key] })),
    comments: e.comments,
    wouldHire: e.wouldHire,
    supervisorName: e.supervisorName,
  }));
  return {
    items,
    requests: requests.map((r) => ({
      stage: r.stage,
      sentAt: r.sentAt.toISOString(),
      supervisorEmail: r.supervisorEmail,
    })),
    midpoint: midpointOf(view.p.startDate, view.p.expectedEndDate),
  };
}

/**
 * POST /api/placements/{id}/host-review: the placement's student, once, after the final
 * evaluation is in or the placement is completed. Never shown alone (see hostRatingSummary).
 */
export async function submitHostReview(
  ctx: OjtCtx,
  placementId: string,
  input: HostReviewInput,
): Promise<{ submittedAt: string; average: number }> {
  const { view, scope } = await readablePlacement(ctx, placementId);
  if (scope.kind !== "student") throw new Forbidden(EVAL_MSG.reviewOwnOnly);
  const done = view.p.status === "completed" || (await hasEvaluation(ctx.db, placementId, "final"));
  if (!done) throw new Conflict(EVAL_MSG.reviewTooEarly);
  const average = averageOf(input.ratings);
  try {
    return await ctx.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(hostReviews)
        .values({
          placementId,
          companyId: view.p.companyId,
          ratings: input.ratings,
          average,
          comments: input.comments,
          createdAt: nowOf(ctx.ojt),
        })
        .returning();
      // The trail records that a review was given, not what it said.
      await audit(tx, scope.actor, {
        action: "host_review.submit",
        entityType: "placement",
        entityId: placementId,
        before: null,
        after: { companyId: view.p.companyId },
      });
      return { submittedAt: row.createdAt.toISOString(), average };
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw new Conflict(EVAL_MSG.reviewTwice);
    throw e;
  }
}

/** Whether the student has reviewed the host of a placement (for /ojt), or null. */
export async function ownHostReview(
  ctx: OjtCtx,
  placementId: string,
): Promise<{ submittedAt: string } | null> {
  const { scope } = await readablePlacement(ctx, placementId);
  if (scope.kind !== "student") return null;
  const [r] = await ctx.db
    .select({ createdAt: hostReviews.createdAt })
    .from(hostReviews)
    .where(eq(hostReviews.placementId, placementId));
  return r ? { submittedAt: r.createdAt.toISOString() } : null;
}

/**
 * A company's average host rating and number of reviews, or null below HOST_RATING_MIN_REVIEWS
 * reviews (an average of one or two would reveal individual students' reviews).
 */
export async function hostRatingSummary(
  ctx: Pick<Ctx, "db">,
  companyId: string,
): Promise<HostRatingSummary | null> {
  if (!isUuid(companyId)) return null;
  const [r] = await ctx.db
    .select({
      n: sql<number>`count(*)::int`,
      avg: sql<string | null>`round(avg(${hostReviews.average}), 2)::text`,
    })
    .from(hostReviews)
    .where(eq(hostReviews.companyId, companyId));
  const count = Number(r?.n ?? 0);
  if (count < HOST_RATING_MIN_REVIEWS || r?.avg == null) return null;
  return { average: Number(r.avg), count };
}

/** Who sees a host's rating: the college's people (students, alumni, coordinators, admins). */
const HOST_RATING_VIEWERS = new Set(["student", "alumni", "coordinator", "admin"]);

/** hostRatingSummary for the signed-in viewer of a job or company page; null for anyone else. */
export async function hostRatingForViewer(
  ctx: Pick<Ctx, "db" | "actor">,
  companyId: string,
): Promise<HostRatingSummary | null> {
  return ctx.actor && HOST_RATING_VIEWERS.has(ctx.actor.role)
    ? hostRatingSummary(ctx, companyId)
    : null;
}
