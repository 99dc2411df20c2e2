/**
 * Search analytics: one row per actor per term per day (unique index), so 'Most Searched Jobs'
 * counts people, not keystrokes or reloads. An actor is a signed-in user (their id) or a guest
 * (a keyed hash of the client address: no address is stored in clear).
 */
import { desc, gte, sql } from "drizzle-orm";
import type { Db } from "#db/client";
import { searchEvents, users } from "#db/schema";
import { log } from "~/lib/log.server";
import { hmac } from "../auth/tokens.server";
import { analyticsTerm } from "./search.schema";

export { analyticsTerm };

/** The actor key: `u:{userId}` for users, `g:{hmac(secret, ip)}` for guests. */
export function actorKey(
  who: { userId?: string | null; ip?: string | null },
  secret: string,
): string {
  if (who.userId) return `u:${who.userId}`;
  return `g:${hmac(secret, `search-actor:${who.ip ?? "unknown"}`).slice(0, 32)}`;
}

/** Records a search once per actor, term and day; returns whether this call added a row. */
export async function recordSearch(
  db: Db,
  rawTerm: unknown,
  key: string,
): Promise<{ recorded: boolean; term: string | null }> {
  const term = analyticsTerm(rawTerm);
  if (!term) return { recorded: false, term: null };
  const rows = await db
    .insert(searchEvents)
    .values({ term, actorKey: key })
    .onConflictDoNothing()
    .returning({ id: searchEvents.id });
  return { recorded: rows.length > 0, term };
}

/** Recording that must never fail the request that triggered it (the board's loader). */
export async function recordSearchQuietly(db: Db, rawTerm: unknown, key: string): Promise<void> {
  try {
    await recordSearch(db, rawTerm, key);
  } catch (e) {
    log.error("search", e, { note: "could not record a search" });
  }
}

/**
 * Most searched terms (distinct person-days per term), for the admin dashboard's chart. A signed-in
 * actor counts as their mailbox (`runway_mailbox`: the address without its `+tag`), so accounts that
 * share one inbox count once; guests as their keyed client hash.
 */
export async function topSearches(
  db: Db,
  opts: { limit?: number; sinceDays?: number } = {},
): Promise<Array<{ term: string; total: number; count: number }>> {
  const person = sql`coalesce('m:' || runway_mailbox(${users.email}), ${searchEvents.actorKey})`;
  const total = sql<number>`count(distinct (${person}, ${searchEvents.day}))::int`;
  const q = db
    .select({ term: searchEvents.term, total })
    .from(searchEvents)
    .leftJoin(users, sql`${searchEvents.actorKey} = 'u:' || ${users.id}::text`)
    .where(
      opts.sinceDays
        ? gte(searchEvents.day, sql`current_date - ${opts.sinceDays}::int`)
        : sql`true`,
    )
    .groupBy(searchEvents.term)
    .orderBy(desc(total), searchEvents.term)
    .limit(Math.min(Math.max(opts.limit ?? 10, 1), 100));
  const rows = await q;
  return rows.map((r) => ({ term: r.term, total: Number(r.total), count: Number(r.total) }));
}
