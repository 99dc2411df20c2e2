/**
 * Cross-site request forgery guard: a state-changing request that rides on the session cookie (or
 * that signs someone in) must come from one of Runway's own origins. The browser says where a
 * request comes from in `Origin` and, failing that, `Sec-Fetch-Site`; a client that sends neither
 * is not a browser and holds no ambient authority, so it passes.
 */

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** GET, HEAD and OPTIONS change nothing (a rule every route keeps), so they need no origin check. */
export function isSafeMethod(method: string): boolean {
  return SAFE_METHODS.has(method.toUpperCase());
}

export interface OriginInput {
  method: string;
  /** The request path without the query. */
  path: string;
  origin: string | null;
  secFetchSite: string | null;
  authorization: string | null;
}

export type OriginVerdict = { ok: true } | { ok: false; reason: string };

/** `scheme://host[:port]` in the URL parser's canonical form, or null when it is not an http(s) origin. */
export function normalizeOrigin(value: string): string | null {
  try {
    const u = new URL(value);
    if (u.protocol !== "http:" && u.protocol !== "https:") return null;
    return u.origin;
  } catch {
    return null;
  }
}

/** True for `/api` and everything under it. */
export function isApiPath(path: string): boolean {
  return path === "/api" || path.startsWith("/api/");
}

/**
 * JSON doors outside /api: the spec's upload client calls `/upload/logo` without the prefix. They
 * answer like /api — JSON errors, CORS for API_CORS_ORIGINS (preflight included) — so the request's
 * Origin must reach them.
 */
export const API_DOORS_OUTSIDE_API: ReadonlySet<string> = new Set(["/upload/logo"]);

/** True for /api and for the JSON doors outside it (API_DOORS_OUTSIDE_API). */
export function isApiDoor(path: string): boolean {
  const p = path.length > 1 ? path.replace(/\/+$/, "") : path;
  return isApiPath(p) || API_DOORS_OUTSIDE_API.has(p);
}

function hasBearer(authorization: string | null): boolean {
  return !!authorization && /^Bearer\s+\S+$/i.test(authorization);
}

/**
 * Decides whether an unsafe request may proceed. `allowed` holds canonical origins (PUBLIC_URL's
 * and API_CORS_ORIGINS). A bearer-token call to /api carries no cookie authority (the handler then
 * ignores the cookie), and a browser can only send one from an origin CORS lets through.
 */
export function checkOrigin(input: OriginInput, allowed: ReadonlySet<string>): OriginVerdict {
  if (isSafeMethod(input.method)) return { ok: true };
  if (isApiDoor(input.path) && hasBearer(input.authorization)) return { ok: true };
  if (input.origin !== null) {
    const origin = input.origin.trim();
    // Sandboxed frames, data: URLs and some redirects send the literal "null": never trusted.
    if (origin === "null" || origin === "") return { ok: false, reason: "Origin: null" };
    const canonical = normalizeOrigin(origin);
    if (canonical && allowed.has(canonical)) return { ok: true };
    return { ok: false, reason: `Origin: ${origin.slice(0, 200)}` };
  }
  if (input.secFetchSite !== null) {
    const site = input.secFetchSite.trim().toLowerCase();
    // "same-site" is another port or subdomain of the same registrable domain: exactly the attack.
    if (site === "same-origin" || site === "none") return { ok: true };
    return { ok: false, reason: `Sec-Fetch-Site: ${site.slice(0, 40)}` };
  }
  return { ok: true };
}

/** The canonical origins Runway accepts state-changing browser requests from. */
export function allowedOrigins(publicUrl: string, corsOrigins: readonly string[]): Set<string> {
  const set = new Set<string>();
  for (const o of [publicUrl, ...corsOrigins]) {
    const c = normalizeOrigin(o);
    if (c) set.add(c);
  }
  return set;
}
