import { isbot } from "isbot";
import { addressKey } from "./client-address.server";
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
/**
 * The client address as a key for rate limits and analytics: IPv4 as is, IPv6 by its /64
 * (client-address.server.ts). clientIp stays the full address, for the audit trail of sessions.
 */
export function clientKey(request: Request): string {
  return addressKey(clientIp(request));
}

/**
 * True when a person on Runway or on one of its allowed clients made this request, as far as the
 * browser says: not a bot (isbot), not triggered by another site — `Sec-Fetch-Site` is same-origin
 * or none (typed, bookmarked) or absent (older browsers), and any `Origin`/`Referer` is Runway's
 * own. The origins in API_CORS_ORIGINS are first-party too, at every door that asks (the /jobs
 * screen and POST /api/analytics/search alike): the college's own web client runs there, and a
 * student's search in it, or a link from it to /jobs, is a person's search. Used to decide what
 * counts for analytics, never for access control.
 */
export function isFirstParty(request: Request): boolean {
  const h = request.headers;
  if (isbot(h.get("user-agent") ?? "")) return false;
  const clients = env().API_CORS_ORIGINS;
  // The Host's origin too: the Host a victim's browser sends is Runway's, whatever PUBLIC_URL
  // says (tests, a second hostname). request.url is built from PUBLIC_URL, so it cannot tell.
  const origins = new Set([new URL(env().PUBLIC_URL).origin, ...clients]);
  const host = hostOrigin(request);
  if (host) origins.add(host);
  const originOf = (v: string): string | null => {
    try {
      return new URL(v).origin;
    } catch {
      return null;
    }
  };
  const site = h.get("sec-fetch-site");
  if (site && site !== "same-origin" && site !== "none") {
    // Another site's page made the browser ask — first-party only when it is an allowed client,
    // which the browser names in Origin (requests from scripts) or Referer (links, forms).
    const from = h.get("origin") ?? h.get("referer");
    const o = from ? originOf(from) : null;
    if (!o || !clients.includes(o)) return false;
  }
  for (const name of ["origin", "referer"]) {
    const v = h.get(name);
    if (!v) continue;
    const o = originOf(v);
    if (!o || !origins.has(o)) return false;
  }
  return true;
}

/** The origin the client addressed (Host, or X-Forwarded-Host with TRUST_PROXY), or null. */
function hostOrigin(request: Request): string | null {
  const e = env();
  const forwarded = e.TRUST_PROXY ? request.headers.get("x-forwarded-host") : null;
  const host = (forwarded ?? request.headers.get("host"))?.split(",")[0].trim();
  if (!host) return null;
  try {
    return new URL(`${new URL(e.PUBLIC_URL).protocol}//${host}`).origin;
  } catch {
    return null;
  }
}
