/**
 * HTTP for the public feeds (the widget's JSON feed, RSS, JSON Feed, sitemap): weak ETags with 304
 * answers, and the widget feed's CORS headers. The feed models return documents; these helpers and
 * the routes make the Response.
 */
import crypto from "node:crypto";

/** A weak validator of the body: the same jobs in the same order give the same tag. */
export function weakEtag(body: string): string {
  return `W/"${crypto.createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`;
}

/** If-None-Match (weak comparison, lists and `*` allowed) matches this tag. */
export function etagMatches(header: string | null, etag: string): boolean {
  if (!header) return false;
  const opaque = (t: string) => t.trim().replace(/^W\//, "");
  const mine = opaque(etag);
  return header.split(",").some((t) => t.trim() === "*" || opaque(t) === mine);
}

/** 304 when the client already has this body, else 200; same caching headers on both. */
export function cachedResponse(
  request: Request,
  body: string,
  headers: Record<string, string>,
): Response {
  const etag = weakEtag(body);
  const h = new Headers(headers);
  h.set("ETag", etag);
  h.set("X-Content-Type-Options", "nosniff");
  if (etagMatches(request.headers.get("If-None-Match"), etag)) {
    h.delete("Content-Type");
    return new Response(null, { status: 304, headers: h });
  }
  return new Response(body, { status: 200, headers: h });
}

/**
 * CORS for the widget's feed: `*` or the listed origins (echoed, with Vary: Origin). Never
 * credentials: the feed is public and the widget sends no cookies.
 */
export function widgetCorsHeaders(
  request: Request,
  origins: "*" | string[],
): Record<string, string> {
  if (origins === "*") return { "Access-Control-Allow-Origin": "*" };
  const origin = request.headers.get("Origin");
  const h: Record<string, string> = { Vary: "Origin" };
  if (origin && origins.includes(origin)) h["Access-Control-Allow-Origin"] = origin;
  return h;
}
