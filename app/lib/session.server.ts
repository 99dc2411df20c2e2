/**
 * Cookies: the session cookie holds a signed random token whose hash is a row in `sessions`;
 * the flash cookie carries notices across a redirect so they work without JavaScript.
 */
import { createCookie } from "@remix-run/node";
import { env } from "./env.server";

let sessionCookie: ReturnType<typeof createCookie> | undefined;
let flashCookie: ReturnType<typeof createCookie> | undefined;

/** True when cookies must be Secure: production behind an https PUBLIC_URL. */
function secureCookies(): boolean {
  const e = env();
  return e.NODE_ENV === "production" && e.PUBLIC_URL.startsWith("https:");
}

/**
 * `__Host-runway_session` when cookies are Secure: the prefix makes the browser refuse the cookie
 * unless it is Secure, Path=/ and host-only, so a sibling subdomain cannot plant or shadow it.
 */
export function sessionCookieName(): string {
  return secureCookies() ? "__Host-runway_session" : "runway_session";
}

export function getSessionCookie() {
  const e = env();
  sessionCookie ??= createCookie(sessionCookieName(), {
    httpOnly: true,
    sameSite: "lax",
    secure: secureCookies(),
    path: "/",
    secrets: [e.SESSION_SECRET],
  });
  return sessionCookie;
}

export function getFlashCookie() {
  const e = env();
  flashCookie ??= createCookie("runway_flash", {
    httpOnly: true,
    sameSite: "lax",
    secure: e.NODE_ENV === "production" && e.PUBLIC_URL.startsWith("https:"),
    path: "/",
    maxAge: 60,
    secrets: [e.SESSION_SECRET],
  });
  return flashCookie;
}

export type FlashKind = "success" | "error" | "info";
export interface Flash {
  kind: FlashKind;
  message: string;
}

/** Set-Cookie header value that carries a notice to the next page. */
export async function flashHeader(flash: Flash | Flash[]): Promise<string> {
  return getFlashCookie().serialize(Array.isArray(flash) ? flash : [flash]);
}

/** Reads the notices of this request and the header that clears them. */
export async function readFlash(
  request: Request,
): Promise<{ flashes: Flash[]; clear: string | null }> {
  const header = request.headers.get("Cookie");
  if (!header?.includes("runway_flash=")) return { flashes: [], clear: null };
  const value = (await getFlashCookie().parse(header)) as Flash[] | null;
  const flashes = Array.isArray(value)
    ? value.filter((f) => f && typeof f.message === "string").slice(0, 5)
    : [];
  return { flashes, clear: await getFlashCookie().serialize("", { maxAge: 0 }) };
}
