/**
 * The two parts of evaluations the placement model calls — Placement JSON's `evaluations` and
 * revoking the links when the supervisor address changes — apart from evaluation.server.ts (which
 * imports the placement model) so the two modules do not import each other.
 */
import { and, eq, inArray, isNull } from "drizzle-orm";
import type { DbOrTx } from "#db/client";
import { ojtEvaluationTokens, placementEvaluations } from "#db/schema";
import type { EvaluationSummaryJson } from "./evaluation.schema";

/** The submitted evaluations of some placements, oldest first, by placement id. */
export async function evaluationSummaries(
  db: DbOrTx,
  placementIds: string[],
): Promise<Map<string, EvaluationSummaryJson[]>> {
  const out = new Map<string, EvaluationSummaryJson[]>();
  if (!placementIds.length) return out;
  const rows = await db
    .select({
      placementId: placementEvaluations.placementId,
      stage: placementEvaluations.stage,
      submittedAt: placementEvaluations.submittedAt,
      average: placementEvaluations.average,
    })
    .from(placementEvaluations)
    .where(inArray(placementEvaluations.placementId, placementIds))
    .orderBy(placementEvaluations.submittedAt);
  for (const r of rows) {
    const list = out.get(r.placementId) ?? [];
    list.push({
      stage: r.stage,
      submittedAt: r.submittedAt.toISOString(),
      average: Number(r.average),
    });
    out.set(r.placementId, list);
  }
  return out;
}

/** Stops every live evaluation link of a placement (its supervisor address changed). */
export async function revokeEvaluationLinks(
  tx: DbOrTx,
  placementId: string,
  at: Date,
): Promise<void> {
  await tx
    .update(ojtEvaluationTokens)
    .set({ revokedAt: at })
    .where(
      and(
        eq(ojtEvaluationTokens.placementId, placementId),
        isNull(ojtEvaluationTokens.spentAt),
        isNull(ojtEvaluationTokens.revokedAt),
      ),
    );
}
