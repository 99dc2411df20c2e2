/**
 * Single-use link tokens: password reset and invite links (`password_tokens`) and employer
 * invitations (`employer_invitations`). A link carries the token; only its SHA-256 is stored. One
 * lookup (the hash matches, not used, not expired) and one consume (atomic: of two parallel uses of
 * one link only one gets through) serve both.
 */
import { and, eq, isNull, sql, type SQL } from "drizzle-orm";
import type { DbOrTx } from "#db/client";
import { employerInvitations, passwordTokens } from "#db/schema";
import { hashToken } from "./tokens.server";

const KINDS = {
  password: {
    id: passwordTokens.id,
    tokenHash: passwordTokens.tokenHash,
    used: passwordTokens.usedAt,
    expiresAt: passwordTokens.expiresAt,
  },
  invitation: {
    id: employerInvitations.id,
    tokenHash: employerInvitations.tokenHash,
    used: employerInvitations.acceptedAt,
    expiresAt: employerInvitations.expiresAt,
  },
};
export type SingleUseKind = keyof typeof KINDS;

const unusedAndLive = (kind: SingleUseKind) =>
  and(isNull(KINDS[kind].used), sql`${KINDS[kind].expiresAt} > now()`);

/** Where a link's token is live (its hash stored, unused, unexpired); null for no or an oversized token. */
export function liveTokenWhere(kind: SingleUseKind, token: string | null | undefined): SQL | null {
  if (!token || token.length > 200) return null;
  return and(eq(KINDS[kind].tokenHash, hashToken(token)), unusedAndLive(kind)) ?? null;
}

/** Uses the token of row `id` once: true for the one caller that consumed it while still live. */
export async function consumeToken(tx: DbOrTx, kind: SingleUseKind, id: string): Promise<boolean> {
  const where = and(eq(KINDS[kind].id, id), unusedAndLive(kind));
  const used =
    kind === "password"
      ? await tx
          .update(passwordTokens)
          .set({ usedAt: new Date() })
          .where(where)
          .returning({ id: passwordTokens.id })
      : await tx
          .update(employerInvitations)
          .set({ acceptedAt: new Date() })
          .where(where)
          .returning({ id: employerInvitations.id });
  return used.length > 0;
}
