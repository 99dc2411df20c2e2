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
  // The request's own origin too: the Host a victim's browser sends is Runway's, whatever
  // PUBLIC_URL says (tests, a second hostname).
  const origins = new Set([
    new URL(env().PUBLIC_URL).origin,
    new URL(request.url).origin,
    ...clients,
  ]);
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
