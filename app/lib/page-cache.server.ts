/**
 * HTTP caching of the public job screens (ADR 090). An anonymous GET of /jobs or
 * /jobs/{id} is the same page for every guest, so it answers with a weak `ETag` over its HTML and
 * `Cache-Control: public, max-age=0, must-revalidate`: a browser or a CDN keeps it and revalidates
 * with `If-None-Match`, and an unchanged page costs a 304 without a body. A signed-in request (the
 * session cookie) never gets a shared answer: the security layer marks it `private, no-store`, and
 * `Vary: Cookie` keeps caches from handing one visitor's page to another.
 */
import { SESSION_COOKIE } from "~/lib/security/server.server";
import { etagMatches, weakEtag } from "./feed-http.server";

/** The Remix route ids whose anonymous document answers may be cached and revalidated. */
export const CACHEABLE_ROUTE_IDS: ReadonlySet<string> = new Set([
  "routes/jobs+/_index",
  "routes/jobs+/$id",
]);

export const PUBLIC_REVALIDATE = "public, max-age=0, must-revalidate";

/** True when the request carries the session cookie (whether or not the session is still valid). */
export function hasSessionCookie(request: Request): boolean {
  return SESSION_COOKIE.test(request.headers.get("Cookie") ?? "");
}

/** The deepest matched route id of a document or data request. */
export function leafRouteId(matches: { route: { id: string } }[]): string | undefined {
  return matches.at(-1)?.route.id;
}

/** Whether this answer may be shared: anonymous GET, 200, no cookie being set, cacheable route. */
export function isShareable(
  request: Request,
  status: number,
  headers: Headers,
  routeId: string | undefined,
): boolean {
  return (
    request.method === "GET" &&
    status === 200 &&
    routeId !== undefined &&
    CACHEABLE_ROUTE_IDS.has(routeId) &&
    !hasSessionCookie(request) &&
    !headers.has("Set-Cookie")
  );
}

/**
 * The validator of an HTML page: what differs between two renders of the same content is left out —
 * the per-response CSP nonce and the loader's clock (`"now":<ms>`; the relative times it renders
 * stay in the hash, so the tag changes when "posted 2 days ago" does).
 */
export function documentEtag(html: string, nonce: string): string {
  let stable = nonce ? html.split(nonce).join("") : html;
  stable = stable.replace(/\\?"now\\?":\d+/g, "");
  return weakEtag(stable);
}

/**
 * Sets the caching headers of a shareable page and tells whether the client's copy is current
 * (then the caller answers 304 without a body and without Content-Type, so the security layer sends
 * no new CSP whose nonce would not match the cached page).
 */
export function revalidate(request: Request, headers: Headers, etag: string): boolean {
  headers.set("ETag", etag);
  headers.set("Cache-Control", PUBLIC_REVALIDATE);
  return etagMatches(request.headers.get("If-None-Match"), etag);
}

/**
 * `Vary: Cookie, Save-Data` on the cacheable routes' answers (appended to what is there): with
 * `Save-Data: on` the board's cards come without company logos.
 */
export function varyOnCookie(headers: Headers, routeId: string | undefined): void {
  if (!routeId || !CACHEABLE_ROUTE_IDS.has(routeId)) return;
  for (const name of ["Cookie", "Save-Data"]) {
    const vary = headers.get("Vary");
    if (!vary || !new RegExp(`(^|,)\\s*${name}\\s*(,|$)`, "i").test(vary))
      headers.set("Vary", vary ? `${vary}, ${name}` : name);
  }
}
