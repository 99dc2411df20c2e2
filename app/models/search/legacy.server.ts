/** The search model's side of moving from AeroJob (ADR 115): old searches into 'Most Searched'. */
import type { DbOrTx } from "#db/client";
import { searchEvents } from "#db/schema";

/**
 * Records AeroJob's search log lines as search events (one per actor, term and day, as Runway
 * counts them); a line already recorded stays. Returns how many were new.
 */
export async function addLegacySearches(
  tx: DbOrTx,
  rows: Array<{ term: string; actorKey: string; day: string; createdAt: Date }>,
): Promise<number> {
  if (!rows.length) return 0;
  const out = await tx
    .insert(searchEvents)
    .values(rows)
    .onConflictDoNothing()
    .returning({ id: searchEvents.id });
  return out.length;
}
