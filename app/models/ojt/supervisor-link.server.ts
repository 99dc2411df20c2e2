/**
 * A supervisor's mailed link (weekly sign-off or evaluation, ADR 114 and 117): a random token whose
 * SHA-256 alone is stored, its expiry on the college's clock, and the page it opens.
 */
import { hashToken, randomToken } from "../auth/tokens.server";
import { nowOf, type OjtConfig } from "./config";

export function mintSupervisorLink(cfg: OjtConfig, ttlDays: number) {
  const token = randomToken();
  return {
    tokenHash: hashToken(token),
    expiresAt: new Date(nowOf(cfg).getTime() + ttlDays * 86_400_000),
    url: `${cfg.publicUrl}/supervise/${token}`,
  };
}
