/**
 * Fixed-window rate limits with counters in the database, so they hold across restarts and across
 * many instances behind a load balancer.
 */
import { sql } from "drizzle-orm";
import type { Db } from "#db/client";
import { rateLimits } from "#db/schema";
import { TooManyRequests } from "~/models/errors";

export interface Limit {
  /** Bucket name plus the subject, e.g. `login-ip:1.2.3.4`. */
  key: string;
  max: number;
  windowSeconds: number;
}

/** Counts one hit; returns how many remain and when the window resets. */
export async function hit(db: Db, limit: Limit): Promise<{ count: number; retryAfter: number }> {
  const [row] = await db
    .insert(rateLimits)
    .values({
      key: limit.key,
      count: 1,
      resetAt: sql`now() + make_interval(secs => ${limit.windowSeconds})`,
    })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${rateLimits.resetAt} <= now() then 1 else ${rateLimits.count} + 1 end`,
        resetAt: sql`case when ${rateLimits.resetAt} <= now() then now() + make_interval(secs => ${limit.windowSeconds}) else ${rateLimits.resetAt} end`,
      },
    })
    .returning({
      count: rateLimits.count,
      retryAfter: sql<number>`greatest(1, ceil(extract(epoch from (${rateLimits.resetAt} - now()))))::int`,
    });
  return { count: row.count, retryAfter: Number(row.retryAfter) };
}

/** Counts one hit and throws TooManyRequests (429 with Retry-After) past the limit. */
export async function enforce(db: Db, limit: Limit, message = "Too many requests. Please try again later."): Promise<void> {
  const r = await hit(db, limit);
  if (r.count > limit.max) throw new TooManyRequests(message, r.retryAfter);
}

/** Reads without counting: is the subject currently over the limit? */
export async function isLimited(db: Db, limit: Limit): Promise<{ limited: boolean; retryAfter: number }> {
  const rows = await db.execute(
    sql`select count, greatest(1, ceil(extract(epoch from (reset_at - now()))))::int as retry from ${rateLimits} where key = ${limit.key} and reset_at > now()`,
  );
  const list = (Array.isArray(rows) ? rows : (rows as unknown as { rows: unknown[] }).rows) as Array<{
    count: number;
    retry: number;
  }>;
  const r = list[0];
  return r && r.count >= limit.max ? { limited: true, retryAfter: Number(r.retry) } : { limited: false, retryAfter: 0 };
}

/** Clears a counter (e.g. after a successful login). */
export async function reset(db: Db, key: string): Promise<void> {
  await db.delete(rateLimits).where(sql`${rateLimits.key} = ${key}`);
}

export async function purgeExpiredLimits(db: Db): Promise<void> {
  await db.delete(rateLimits).where(sql`${rateLimits.resetAt} < now()`);
}
