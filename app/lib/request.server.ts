import { isbot } from "isbot";
import { env } from "./env.server";

/**
 * The client address for rate limits and audit. X-Forwarded-For is trusted only with TRUST_PROXY
 * (behind a load balancer); otherwise the socket address passed in by the server adapter.
 */
export function clientIp(request: Request): string {
  if (env().TRUST_PROXY) {
    const xff = request.headers.get("x-forwarded-for");
    if (xff) return xff.split(",")[0].trim();
  }
  return request.headers.get("x-runway-remote-addr") ?? "unknown";
}

/**
 * True when a person on Runway made this request, as far as the browser says: not a bot (isbot),
 * not triggered by another site — `Sec-Fetch-Site` is same-origin or none (typed, bookmarked) or
 * absent (older browsers), and any `Origin`/`Referer` is Runway's own (or one of `alsoOrigins`).
 * Used to decide what counts for analytics, never for access control.
 */
export function isFirstParty(request: Request, alsoOrigins: readonly string[] = []): boolean {
  const h = request.headers;
  if (isbot(h.get("user-agent") ?? "")) return false;
  const site = h.get("sec-fetch-site");
  // The request's own origin too: the Host a victim's browser sends is Runway's, whatever
  // PUBLIC_URL says (tests, a second hostname).
  const origins = new Set([
    new URL(env().PUBLIC_URL).origin,
    new URL(request.url).origin,
    ...alsoOrigins,
  ]);
  if (site && site !== "same-origin" && site !== "none") {
    // Another site's page made the browser ask — unless it is an allowed client (API_CORS_ORIGINS).
    const o = h.get("origin");
    if (!o || !alsoOrigins.includes(o)) return false;
  }
  for (const name of ["origin", "referer"]) {
    const v = h.get(name);
    if (!v) continue;
    let o: string;
    try {
      o = new URL(v).origin;
    } catch {
      return false;
    }
    if (!origins.has(o)) return false;
  }
  return true;
}
