/**
 * Fixed-window rate limits with counters in the database, so they hold across restarts and across
 * many instances behind a load balancer.
 */
import { sql } from "drizzle-orm";
import { z } from "zod";
import { parsedRows, type Db } from "#db/client";
import { numeric } from "./rows";
import { rateLimits } from "#db/schema";
import { TooManyRequests } from "~/lib/errors";

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
export async function enforce(
  db: Db,
  limit: Limit,
  message = "Too many requests. Please try again later.",
): Promise<void> {
  const r = await hit(db, limit);
  if (r.count > limit.max) throw new TooManyRequests(message, r.retryAfter);
}

/** Reads without counting: is the subject currently over the limit? */
export async function isLimited(
  db: Db,
  limit: Limit,
): Promise<{ limited: boolean; retryAfter: number }> {
  const [r] = await parsedRows(
    db,
    z.object({ count: numeric, retry: numeric }),
    sql`select count, greatest(1, ceil(extract(epoch from (reset_at - now()))))::int as retry from ${rateLimits} where key = ${limit.key} and reset_at > now()`,
  );
  return r && r.count >= limit.max
    ? { limited: true, retryAfter: r.retry }
    : { limited: false, retryAfter: 0 };
}

/** Clears a counter (e.g. after a successful login). */
export async function reset(db: Db, key: string): Promise<void> {
  await db.delete(rateLimits).where(sql`${rateLimits.key} = ${key}`);
}

/** Housekeeping: expired fixed-window counters and forgotten back-off runs. */
export async function purgeExpiredLimits(db: Db): Promise<void> {
  await db.delete(rateLimits).where(sql`${rateLimits.resetAt} < now()`);
  await purgeExpiredBackoffs(db);
}

/** Gives back one hit of a fixed-window counter (an attempt that turned out legitimate). */
export async function release(db: Db, key: string): Promise<void> {
  await db.execute(sql`update ${rateLimits} set count = greatest(count - 1, 0) where key = ${key}`);
}

/** Hits counted in the subject's current window (0 when none or expired); does not count. */
export async function peek(db: Db, key: string): Promise<number> {
  const [r] = await parsedRows(
    db,
    z.object({ count: numeric }),
    sql`select count from ${rateLimits} where key = ${key} and reset_at > now()`,
  );
  return r?.count ?? 0;
}

export interface Backoff {
  key: string;
  /** Attempts admitted back to back before any delay. */
  free: number;
  /** Delay after the last free attempt; doubles with every further attempt. */
  baseSeconds: number;
  maxSeconds: number;
  /** A run of attempts is forgotten this long after its last delay ran out. */
  forgetSeconds: number;
}

/**
 * Admits one attempt or says how long to wait. The count and the admission are one UPSERT (row
 * lock), so parallel attempts cannot slip past the delay: of N at once, exactly the free ones pass.
 * After attempt n (n ≥ free) the next waits min(max, base · 2^(n − free)) seconds.
 */
export async function admitWithBackoff(
  db: Db,
  b: Backoff,
): Promise<{ admitted: true; attempts: number } | { admitted: false; retryAfter: number }> {
  const delay = (n: ReturnType<typeof sql>) =>
    sql`case when ${n} < ${b.free} then 0 else least(${b.maxSeconds}::float8, ${b.baseSeconds}::float8 * power(2::float8, (${n} - ${b.free})::float8)) end`;
  const fresh = sql`backoffs.expires_at <= now()`;
  const n = sql`(case when ${fresh} then 1 else backoffs.attempts + 1 end)`;
  const admitted = await parsedRows(
    db,
    z.object({ attempts: numeric }),
    sql`
      insert into backoffs (key, attempts, next_at, expires_at)
      values (${b.key}, 1, now() + make_interval(secs => ${delay(sql`1`)}),
              now() + make_interval(secs => ${delay(sql`1`)} + ${b.forgetSeconds}))
      on conflict (key) do update set
        attempts = ${n},
        next_at = now() + make_interval(secs => ${delay(n)}),
        expires_at = now() + make_interval(secs => ${delay(n)} + ${b.forgetSeconds})
      where ${fresh} or backoffs.next_at <= now()
      returning attempts`,
  );
  if (admitted[0]) return { admitted: true, attempts: admitted[0].attempts };
  const [wait] = await parsedRows(
    db,
    z.object({ retry: numeric }),
    sql`select greatest(1, ceil(extract(epoch from (next_at - now()))))::int as retry from backoffs where key = ${b.key}`,
  );
  return { admitted: false, retryAfter: wait?.retry ?? 1 };
}

/** Forgets back-off runs: one key, or every key starting with `prefix` when it ends in `*`. */
export async function forgetBackoff(db: Db, key: string): Promise<void> {
  if (key.endsWith("*")) {
    const prefix = key.slice(0, -1).replace(/[\\%_]/g, (c) => `\\${c}`);
    await db.execute(sql`delete from backoffs where key like ${prefix + "%"}`);
  } else await db.execute(sql`delete from backoffs where key = ${key}`);
}

export async function purgeExpiredBackoffs(db: Db): Promise<void> {
  await db.execute(sql`delete from backoffs where expires_at < now()`);
}
