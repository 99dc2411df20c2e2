/**
 * Runway's service worker (/sw.js, scope /), built by scripts/build-sw.mjs. It carries out the rules
 * of policy.ts: the survey screen's code and styles precached, the survey screens a user opened or
 * was invited to kept for that user only, the job board's last public copy, an offline page instead
 * of the browser's error; and it sends the survey outbox (drafts.ts) on Background Sync and when a
 * page asks. Pages tell it who is signed in ({type: "user"}); other people's caches and drafts go.
 */
import { createStore, get, set } from "idb-keyval";
import { flushOutbox, OUTBOX_SYNC_TAG, removeDraftsExcept } from "~/lib/offline/drafts";
import {
  ASSETS_CACHE,
  CACHED_AT_HEADER,
  decide,
  mayKeep,
  outdatedCaches,
  PUBLIC_CACHE,
  staleUserCaches,
  USER_CACHE_PREFIX,
  userCache,
  type Decision,
} from "./policy";

/** The survey screen's (and the job board's) build files, written in by the build. */
declare const __PRECACHE__: string[];

// The few service-worker types used here (the DOM lib the app compiles with has none of them).
interface ExtendableEvent extends Event {
  waitUntil(p: Promise<unknown>): void;
}
interface FetchEvent extends ExtendableEvent {
  request: Request;
  respondWith(r: Promise<Response> | Response): void;
}
interface MessageEvt extends ExtendableEvent {
  data: unknown;
}
interface SyncEvent extends ExtendableEvent {
  tag: string;
}
interface WorkerScope {
  location: Location;
  skipWaiting(): Promise<void>;
  clients: {
    claim(): Promise<void>;
    matchAll(o?: { type?: string }): Promise<Array<{ postMessage(m: unknown): void }>>;
  };
  addEventListener(type: string, fn: (e: never) => void): void;
}
const sw = self as unknown as WorkerScope;
const origin = sw.location.origin;

const meta = createStore("runway-offline-meta", "meta");
let signedIn: string | null | undefined;
async function currentUser(): Promise<string | null> {
  if (signedIn === undefined) signedIn = (await get<string | null>("user", meta)) ?? null;
  return signedIn;
}

sw.addEventListener("install", (e: ExtendableEvent) => {
  e.waitUntil(
    caches
      .open(ASSETS_CACHE)
      .then((c) => c.addAll(__PRECACHE__))
      .then(() => sw.skipWaiting()),
  );
});

sw.addEventListener("activate", (e: ExtendableEvent) => {
  e.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(outdatedCaches(names).map((n) => caches.delete(n))))
      .then(() => sw.clients.claim()),
  );
});

function stamp(res: Response): Promise<Response> {
  const headers = new Headers(res.headers);
  headers.set(CACHED_AT_HEADER, String(Date.now()));
  return res
    .clone()
    .blob()
    .then((b) => new Response(b, { status: res.status, statusText: res.statusText, headers }));
}

async function keep(cacheName: string, key: string, d: Decision, res: Response): Promise<void> {
  const facts = {
    status: res.status,
    redirected: res.redirected,
    type: res.type,
    cacheControl: res.headers.get("cache-control"),
    contentType: res.headers.get("content-type"),
  };
  if (!mayKeep(d, facts)) return;
  const copy = await stamp(res);
  // A person's copy fetched while they signed out (or someone else signed in) is not kept: checked
  // before writing, and again after, since the sign-out may drop the caches in between.
  const stale = async () =>
    cacheName.startsWith(USER_CACHE_PREFIX) && cacheName !== userCacheOf(await currentUser());
  if (await stale()) return;
  await (await caches.open(cacheName)).put(key, copy);
  if (await stale()) await caches.delete(cacheName);
}
const userCacheOf = (user: string | null) => (user ? userCache(user) : null);

const OFFLINE_PAGE = `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Offline · Runway</title></head><body style="font-family:system-ui,sans-serif;margin:2rem;line-height:1.5"><main><h1>You are offline</h1><p>This page needs a connection. Surveys you opened on this phone still open, and answers you submit are sent when you are back online.</p><p><a href="/jobs">Job board</a></p></main></body></html>`;

const offlinePage = () =>
  new Response(OFFLINE_PAGE, {
    status: 503,
    headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" },
  });

/** The network, but no longer than `ms` when a kept copy can answer instead. */
function networkWithin(req: Request, ms: number | null): Promise<Response> {
  const net = fetch(req);
  if (ms === null) return net;
  return Promise.race([
    net,
    new Promise<Response>((_, reject) => setTimeout(() => reject(new Error("slow")), ms)),
  ]);
}

async function asset(e: FetchEvent, d: Decision): Promise<Response> {
  const cache = await caches.open(ASSETS_CACHE);
  const hit = await cache.match(e.request);
  if (hit) return hit;
  const res = await fetch(e.request);
  e.waitUntil(keep(ASSETS_CACHE, e.request.url, d, res.clone()));
  return res;
}

async function survey(e: FetchEvent, d: Decision & { key: string }): Promise<Response> {
  const user = await currentUser();
  const cache = user ? await caches.open(userCache(user)) : null;
  const kept = cache ? await cache.match(d.key) : undefined;
  try {
    const res = await networkWithin(e.request, kept ? 4000 : null);
    if (user) e.waitUntil(keep(userCache(user), d.key, d, res.clone()));
    return res;
  } catch {
    return kept ?? offlinePage();
  }
}

/** Public copies of the board are refreshed at most this often for a signed-in person. */
const PUBLIC_COPY_EVERY_MS = 10 * 60 * 1000;

async function board(e: FetchEvent, d: Decision & { key: string }): Promise<Response> {
  const cache = await caches.open(PUBLIC_CACHE);
  const kept = await cache.match(d.key);
  try {
    const res = await networkWithin(e.request, kept ? 4000 : null);
    const cc = res.headers.get("cache-control");
    if (res.ok && /no-store/i.test(cc ?? "")) {
      // A signed-in board is never stored; its public (signed-out) copy is, now and then.
      const age = Date.now() - Number(kept?.headers.get(CACHED_AT_HEADER) ?? 0);
      const saveData = e.request.headers.get("save-data") === "on";
      if (age > PUBLIC_COPY_EVERY_MS && !saveData)
        e.waitUntil(
          fetch(d.key, { credentials: "omit" })
            .then((pub) => keep(PUBLIC_CACHE, d.key, d, pub))
            .catch(() => {}),
        );
    } else e.waitUntil(keep(PUBLIC_CACHE, d.key, d, res.clone()));
    return res;
  } catch {
    return kept ?? offlinePage();
  }
}

sw.addEventListener("fetch", (e: FetchEvent) => {
  const d = decide({ method: e.request.method, url: e.request.url, mode: e.request.mode }, origin);
  if (d.kind === "pass") return;
  if (d.kind === "asset") e.respondWith(asset(e, d));
  else if (d.kind === "survey") e.respondWith(survey(e, d));
  else if (d.kind === "board") e.respondWith(board(e, d));
  else e.respondWith(fetch(e.request).catch(offlinePage));
});

async function tell(message: unknown) {
  for (const c of await sw.clients.matchAll({ type: "window" })) c.postMessage(message);
}

async function sendOutbox() {
  const user = await currentUser();
  if (!user) return [];
  const outcomes = await flushOutbox(user);
  if (outcomes.length) await tell({ type: "outbox", outcomes });
  return outcomes;
}

/** Someone else (or nobody) is signed in now: the previous person's caches and drafts go. */
async function setUser(user: string | null) {
  signedIn = user;
  await set("user", user, meta);
  const names = await caches.keys();
  await Promise.all(staleUserCaches(names, user).map((n) => caches.delete(n)));
  await removeDraftsExcept(user);
}

/** Keeps a survey screen for the signed-in user (opened by a link inside the app, not a load). */
async function keepSurvey(path: string, onlyIfMissing = false) {
  const user = await currentUser();
  const d = decide({ method: "GET", url: `${origin}${path}`, mode: "navigate" }, origin);
  if (!user || d.kind !== "survey") return;
  if (onlyIfMissing && (await (await caches.open(userCache(user))).match(d.key))) return;
  const res = await fetch(d.key, { credentials: "same-origin", headers: { Accept: "text/html" } });
  await keep(userCache(user), d.key, d, res);
}

/** The surveys the user is invited to, so a mailed link opens later with no network (at most 5). */
async function keepInvited() {
  const user = await currentUser();
  if (!user) return;
  const last = (await get<number>(`warm:${user}`, meta)) ?? 0;
  if (Date.now() - last < 60 * 60 * 1000) return;
  await set(`warm:${user}`, Date.now(), meta);
  const res = await fetch("/api/surveys/active/eligible", { credentials: "same-origin" });
  if (!res.ok) return;
  const list = (await res.json()) as Array<{ _id?: string; id?: string }>;
  const cache = await caches.open(userCache(user));
  for (const s of list.slice(0, 5)) {
    const path = `/surveys/${s._id ?? s.id}`;
    if (!(await cache.match(`${origin}${path}`))) await keepSurvey(path);
  }
}

sw.addEventListener("message", (e: MessageEvt) => {
  const m = e.data as { type?: string; userId?: string | null; path?: string; saveData?: boolean };
  const work = async () => {
    if (m.type === "user") {
      // A page still loading when this worker activated was passed over by the claim in `activate`
      // (only loaded pages can be claimed): it says hello once it runs, and is taken over now.
      await sw.clients.claim().catch(() => {});
      const user = typeof m.userId === "string" ? m.userId : null;
      if (user !== (await currentUser())) await setUser(user);
      if (user && typeof m.path === "string") await keepSurvey(m.path, true);
      await sendOutbox();
      if (user && !m.saveData) await keepInvited();
    } else if (m.type === "signout") await setUser(null);
    else if (m.type === "keep" && typeof m.path === "string") await keepSurvey(m.path);
    else if (m.type === "flush") await sendOutbox();
  };
  e.waitUntil(work().catch(() => {}));
});

sw.addEventListener("sync", (e: SyncEvent) => {
  // A rejected sync is tried again by the browser later: so while the network is still away.
  if (e.tag === OUTBOX_SYNC_TAG)
    e.waitUntil(
      sendOutbox().then((o) => {
        if (o.some((x) => x.kind === "offline")) throw new Error("still offline");
      }),
    );
});
