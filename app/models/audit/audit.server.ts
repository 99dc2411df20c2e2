import type { DbOrTx } from "#db/client";
import { auditLog } from "#db/schema";
import type { Actor } from "../context";

/** Keeps only the fields that changed, as {before, after}. */
export function diff<T extends Record<string, unknown>>(before: T, after: Partial<T>) {
  const b: Record<string, unknown> = {};
  const a: Record<string, unknown> = {};
  for (const k of Object.keys(after)) {
    const x = before[k];
    const y = after[k];
    const same =
      x instanceof Date && y instanceof Date
        ? x.getTime() === y.getTime()
        : JSON.stringify(x) === JSON.stringify(y);
    if (!same) {
      b[k] = x ?? null;
      a[k] = y ?? null;
    }
  }
  return { before: b, after: a };
}

/** The fields of `row` an audit entry records, in the order named. */
export function auditedFields<T, K extends keyof T>(row: T, keys: readonly K[]): Pick<T, K> {
  return Object.fromEntries(keys.map((k) => [k, row[k]])) as Pick<T, K>;
}

/** Writes one audit entry (who, what, when, before/after). Call inside the change's transaction. */
export async function audit(
  db: DbOrTx,
  actor: Actor | null,
  entry: {
    action: string;
    entityType: string;
    entityId?: string | null;
    before?: unknown;
    after?: unknown;
  },
): Promise<void> {
  await db.insert(auditLog).values({
    actorId: actor?.id ?? null,
    actorEmail: actor?.email ?? "system",
    action: entry.action,
    entityType: entry.entityType,
    entityId: entry.entityId ?? null,
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}
