/**
 * Device cookies (OWASP, "Slow Down Online Guessing Attacks with Device Cookies"; ADR 111): a
 * browser or client that signed in to an account gets a signed cookie naming that account and a
 * random nonce. Sign-in attempts that carry a valid one for the account they try are limited per
 * device (LOGIN_LIMITS.perDevice) instead of per client address, so a campus behind one address
 * keeps signing in while a guesser from that address is slowed down. The cookie is signed with
 * SESSION_SECRET (Remix's cookie signing, HMAC-SHA256); nothing is stored until a device fails.
 */
import crypto from "node:crypto";
import { createCookie } from "@remix-run/node";
import { env } from "~/lib/env.server";
import { isUuid } from "~/lib/ids";
import type { DeviceClaim } from "~/models/auth/auth.server";

/** Accounts remembered per browser (a shared computer in a campus lab signs several people in). */
const DEVICE_ACCOUNTS = 5;
const DEVICE_MAX_AGE = 365 * 86400;

let deviceCookie: ReturnType<typeof createCookie> | undefined;

function cookie() {
  const e = env();
  const secure = e.NODE_ENV === "production" && e.PUBLIC_URL.startsWith("https:");
  deviceCookie ??= createCookie(secure ? "__Host-runway_device" : "runway_device", {
    httpOnly: true,
    sameSite: "lax",
    secure,
    path: "/",
    maxAge: DEVICE_MAX_AGE,
    secrets: [e.SESSION_SECRET],
  });
  return deviceCookie;
}

const NONCE = /^[A-Za-z0-9_-]{22}$/;

/** The device claims of this request's cookie (validly signed ones only; none when absent). */
export async function readDevices(request: Request): Promise<DeviceClaim[]> {
  const header = request.headers.get("Cookie");
  if (!header?.includes("runway_device=")) return [];
  let value: unknown;
  try {
    value = await cookie().parse(header);
  } catch {
    return [];
  }
  if (!Array.isArray(value)) return [];
  return value
    .slice(0, DEVICE_ACCOUNTS)
    .filter(
      (d): d is [string, string] =>
        Array.isArray(d) &&
        typeof d[0] === "string" &&
        isUuid(d[0]) &&
        typeof d[1] === "string" &&
        NONCE.test(d[1]),
    )
    .map(([userId, nonce]) => ({ userId, nonce }));
}

/**
 * The Set-Cookie header after a successful sign-in to `userId`: a fresh nonce for that account
 * (OWASP: a new device cookie per sign-in), the device's other accounts kept, newest first.
 */
export async function deviceCookieHeader(request: Request, userId: string): Promise<string> {
  const others = (await readDevices(request)).filter((d) => d.userId !== userId);
  const nonce = crypto.randomBytes(16).toString("base64url");
  const value = [[userId, nonce], ...others.map((d) => [d.userId, d.nonce])].slice(
    0,
    DEVICE_ACCOUNTS,
  );
  return cookie().serialize(value);
}
