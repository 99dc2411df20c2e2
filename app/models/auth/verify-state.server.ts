/**
 * The server-rendered stand-in for the spec's navigation state `{email, userId}` on the way to
 * /verify-otp: a short-lived value signed with the server secret and carried in the URL, so the
 * page works without JavaScript, survives a reload, and cannot be made up for another account.
 */
import { hmac, safeEqual } from "./tokens.server";

export interface VerifyState {
  email: string;
  userId: string;
}

export const VERIFY_STATE_TTL_SECONDS = 60 * 60;

const sign = (secret: string, payload: string) =>
  hmac(secret, `verify-state:${payload}`).slice(0, 43);

/** A signed, expiring token for `/verify-otp?s=…`. */
/** `secret` is the server's (AuthConfig.secret): a state signed with it is read back only with it. */
export function signVerifyState(
  secret: string,
  state: VerifyState,
  ttlSeconds = VERIFY_STATE_TTL_SECONDS,
): string {
  const payload = Buffer.from(
    JSON.stringify({
      e: state.email,
      u: state.userId,
      x: Math.floor(Date.now() / 1000) + ttlSeconds,
    }),
  ).toString("base64url");
  return `${payload}.${sign(secret, payload)}`;
}

/** The state behind a token, or null when it is missing, forged or expired. */
export function readVerifyState(
  secret: string,
  token: string | null | undefined,
): VerifyState | null {
  if (!token || token.length > 1000) return null;
  const [payload, mac, extra] = token.split(".");
  if (!payload || !mac || extra !== undefined || !safeEqual(mac, sign(secret, payload)))
    return null;
  try {
    const v = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as {
      e?: unknown;
      u?: unknown;
      x?: unknown;
    };
    if (typeof v.e !== "string" || typeof v.u !== "string" || typeof v.x !== "number") return null;
    if (v.x < Date.now() / 1000) return null;
    return { email: v.e, userId: v.u };
  } catch {
    return null;
  }
}

/** The /verify-otp address for a state. */
export function verifyOtpPath(secret: string, state: VerifyState): string {
  return `/verify-otp?s=${encodeURIComponent(signVerifyState(secret, state))}`;
}
