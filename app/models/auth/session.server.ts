import { and, eq, gt, isNotNull, isNull, lt, or, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "#db/client";
import type { SessionEndReason, SessionKind } from "#db/constants";
import { sessions, users } from "#db/schema";
import type { User } from "../user/user.server";
import { hashToken, randomToken } from "./tokens.server";

export const SESSION_TTL_DAYS = 30;
export const SHORT_SESSION_HOURS = 12;
export const API_TOKEN_TTL_DAYS = 30;

/** The signed-in user: the account row (`User`). */
export type SessionUser = User;

/** Creates a session row and returns the clear token (only the hash is stored). */
export async function createSession(
  db: Db,
  userId: string,
  kind: SessionKind,
  opts: { remember?: boolean; userAgent?: string | null; ip?: string | null } = {},
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomToken();
  const ms =
    kind === "api"
      ? API_TOKEN_TTL_DAYS * 864e5
      : opts.remember
        ? SESSION_TTL_DAYS * 864e5
        : SHORT_SESSION_HOURS * 36e5;
  const expiresAt = new Date(Date.now() + ms);
  await db.insert(sessions).values({
    userId,
    kind,
    tokenHash: hashToken(token),
    remember: !!opts.remember,
    expiresAt,
    userAgent: opts.userAgent?.slice(0, 300) ?? null,
    ip: opts.ip ?? null,
  });
  return { token, expiresAt };
}

/** Default idle limit of a web session without 'Remember me' (SESSION_IDLE_TIMEOUT). */
export const DEFAULT_IDLE_SECONDS = 2 * 3600;

/**
 * The active user behind a token, or null (expired, revoked, or user deactivated). A web session
 * without 'Remember me' also ends after `idleSeconds` without a request: `last_seen_at` slides
 * (written at most once a minute), so the limit is exact to that minute.
 */
export async function resolveSession(
  db: Db,
  token: string,
  kind: SessionKind,
  opts: { idleSeconds?: number } = {},
): Promise<{ user: SessionUser; sessionId: string } | null> {
  if (!token || token.length > 200) return null;
  const idle = Math.max(60, Math.floor(opts.idleSeconds ?? DEFAULT_IDLE_SECONDS));
  const [row] = await db
    .select({ user: users, sessionId: sessions.id, lastSeenAt: sessions.lastSeenAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, hashToken(token)),
        eq(sessions.kind, kind),
        isNull(sessions.endedReason),
        gt(sessions.expiresAt, sql`now()`),
        eq(users.isActive, true),
        // A blocked employer, or one of a blocked company, has no session anywhere.
        isNull(users.blockedAt),
        sql`not exists (select 1 from companies c where c.id = ${users.companyId} and c.blocked_at is not null)`,
        kind === "web"
          ? or(
              eq(sessions.remember, true),
              sql`${sessions.lastSeenAt} > now() - make_interval(secs => ${idle})`,
            )
          : undefined,
      ),
    )
    .limit(1);
  if (!row) return null;
  // Touch at most once a minute to keep the hot path read-only.
  if (Date.now() - row.lastSeenAt.getTime() > 60_000) {
    await db.update(sessions).set({ lastSeenAt: new Date() }).where(eq(sessions.id, row.sessionId));
  }
  return { user: row.user, sessionId: row.sessionId };
}

/** Deletes one session by its clear token (logout). */
export async function revokeSession(db: Db, token: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, hashToken(token)));
}

/**
 * Ends every session and API token of a user (deactivation, deletion, password reset). With a
 * `reason`, web sessions are kept as ended rows until they expire (they sign no one in), so the
 * browser that holds one can be told why by `endedSessionReason`; API tokens are always deleted.
 */
export async function revokeAllSessions(
  db: DbOrTx,
  userId: string,
  opts: { reason?: SessionEndReason } = {},
): Promise<number> {
  if (!opts.reason) {
    const rows = await db
      .delete(sessions)
      .where(eq(sessions.userId, userId))
      .returning({ id: sessions.id });
    return rows.length;
  }
  const deleted = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), eq(sessions.kind, "api")))
    .returning({ id: sessions.id });
  const ended = await db
    .update(sessions)
    .set({ endedReason: opts.reason })
    .where(and(eq(sessions.userId, userId), isNull(sessions.endedReason)))
    .returning({ id: sessions.id });
  return deleted.length + ended.length;
}

/**
 * Why the web session behind `token` was ended, while that still holds: 'deactivated' only while
 * the account is still deactivated (a reactivated user's old sessions simply end). Only the holder
 * of the session's secret token can learn this, so it tells a guesser nothing.
 */
export async function endedSessionReason(db: Db, token: string): Promise<SessionEndReason | null> {
  if (!token || token.length > 200) return null;
  const [row] = await db
    .select({ reason: sessions.endedReason })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, hashToken(token)),
        eq(sessions.kind, "web"),
        isNotNull(sessions.endedReason),
        gt(sessions.expiresAt, sql`now()`),
        eq(users.isActive, false),
      ),
    )
    .limit(1);
  return row?.reason ?? null;
}

export async function purgeExpiredSessions(db: Db): Promise<void> {
  await db.delete(sessions).where(lt(sessions.expiresAt, sql`now()`));
}
