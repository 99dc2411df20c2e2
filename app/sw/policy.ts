/**
 * The service worker's caching rules, as pure functions (unit-tested in policy.test.ts; the worker in
 * worker.ts only carries them out). What is kept where, and for whom, is ADR 121:
 * - `runway-assets-v1`: the browser build (/build/…, immutable, the same for everyone), cache first;
 * - `runway-public-v1`: the job board as a signed-out visitor sees it (public), network first;
 * - `runway-user-{userId}`: the survey answering screens that user opened or was invited to,
 *   network first; deleted when they sign out or another person is found signed in.
 * Nothing else is ever cached: no /api answer, no other signed-in page, nothing marked `no-store`.
 */
import { isUuid } from "../lib/ids";

export const ASSETS_CACHE = "runway-assets-v1";
export const PUBLIC_CACHE = "runway-public-v1";
export const USER_CACHE_PREFIX = "runway-user-";
/** The header the worker adds to a kept copy: when it was fetched (ms since the epoch). */
export const CACHED_AT_HEADER = "x-runway-cached-at";

export const userCache = (userId: string) => `${USER_CACHE_PREFIX}${userId}`;

export interface RequestFacts {
  method: string;
  /** The absolute URL. */
  url: string;
  /** `navigate` for a document the browser opens. */
  mode: string;
}

export type Decision =
  /** Leave it to the browser and the network; never cached. */
  | { kind: "pass" }
  /** Build assets: from the cache, else the network (and then kept). */
  | { kind: "asset" }
  /** A survey answering screen: the network, kept per user; offline, the user's copy. */
  | { kind: "survey"; key: string }
  /** The job board: the network, kept if public; offline, the last copy. */
  | { kind: "board"; key: string }
  /** Any other page: the network; offline, a short offline page instead of the browser's error. */
  | { kind: "page" };

/** `/surveys/{uuid}` (the answering screen; not its responses page). */
export function isSurveyScreen(pathname: string): boolean {
  return pathname.startsWith("/surveys/") && isUuid(pathname.slice("/surveys/".length));
}

export function decide(req: RequestFacts, origin: string): Decision {
  if (req.method !== "GET") return { kind: "pass" };
  let url: URL;
  try {
    url = new URL(req.url);
  } catch {
    return { kind: "pass" };
  }
  if (url.origin !== origin) return { kind: "pass" };
  if (url.pathname.startsWith("/build/")) return { kind: "asset" };
  if (req.mode !== "navigate") return { kind: "pass" };
  // Remix data requests and the API never reach a cache.
  if (url.searchParams.has("_data") || url.pathname.startsWith("/api/")) return { kind: "pass" };
  // One copy per survey: the invitation's ?invite=… only records the opening.
  if (isSurveyScreen(url.pathname)) return { kind: "survey", key: `${origin}${url.pathname}` };
  if (url.pathname === "/jobs") return { kind: "board", key: `${origin}/jobs${url.search}` };
  return { kind: "page" };
}

export interface ResponseFacts {
  status: number;
  /** The response came through a redirect (e.g. to /login). */
  redirected: boolean;
  /** `basic` for a same-origin answer. */
  type: string;
  cacheControl: string | null;
  contentType: string | null;
}

/** True when `cache-control` forbids storing (`no-store`) or keeping it for one user (`private`). */
export const isNoStore = (cc: string | null) => /(^|,)\s*no-store\s*(,|$)/i.test(cc ?? "");
const isPrivate = (cc: string | null) => /(^|,)\s*private\s*(,|$)/i.test(cc ?? "");

/**
 * May this response go into the cache chosen by `decision`? Never a `no-store` one, never a redirect
 * or an error; the shared caches take no `private` answer; a user's cache takes HTML only.
 */
export function mayKeep(decision: Decision, res: ResponseFacts): boolean {
  if (res.status !== 200 || res.redirected || res.type !== "basic") return false;
  if (isNoStore(res.cacheControl)) return false;
  switch (decision.kind) {
    case "asset":
      return true;
    case "board":
      return !isPrivate(res.cacheControl) && /^text\/html/i.test(res.contentType ?? "");
    case "survey":
      return /^text\/html/i.test(res.contentType ?? "");
    default:
      return false;
  }
}

/** The caches to delete when `userId` (null: nobody) is the one signed in now. */
export function staleUserCaches(names: string[], userId: string | null): string[] {
  return names.filter((n) => n.startsWith(USER_CACHE_PREFIX) && n !== userCacheOrNull(userId));
}
const userCacheOrNull = (userId: string | null) => (userId ? userCache(userId) : null);

/** The old versions of the shared caches, left behind by an earlier worker. */
export function outdatedCaches(names: string[]): string[] {
  return names.filter(
    (n) =>
      n.startsWith("runway-") &&
      !n.startsWith(USER_CACHE_PREFIX) &&
      n !== ASSETS_CACHE &&
      n !== PUBLIC_CACHE,
  );
}
