/**
 * The server's operations layer, built once per express app by server-app.mjs (through the build's
 * entry module): request ids, /healthz /readyz /metrics, the PGlite admission gate, 503 instead of
 * 500 when the database is unreachable, per-route metrics, and the draining shutdown used by
 * server.mjs. Kept out of server-app.mjs so that file stays a thin wiring of express.
 */
import type { IncomingMessage, Server, ServerResponse } from "node:http";
import net from "node:net";
import { matchRoutes, type AgnosticRouteObject } from "@remix-run/router";
import type { ServerBuild } from "@remix-run/node";
import { Admission, AdmissionRejected } from "./admission.server";
import { getDbHandle } from "./db.server";
import type { Env } from "./env.server";
import { readiness } from "./health.server";
import { createLoadShedder } from "./load-shed.server";
import { log } from "./log.server";
import { bearerMatches, createMetrics } from "./metrics.server";
import {
  pickRequestId,
  RETRY_AFTER_SECONDS,
  runWithRequestContext,
  UNAVAILABLE_MESSAGE,
  type RequestContext,
} from "./request-context.server";

export { log, safeUrl } from "./log.server";

/** What the shutdown keeps of its budget for closing the database (at most a fifth of it). */
const CLOSE_RESERVE_MS = 2_000;
/** A close that overruns even that: the process exits this long after SHUTDOWN_TIMEOUT. */
const BACKSTOP_GRACE_MS = 500;

type Req = IncomingMessage & { path?: string; originalUrl?: string };
type Res = ServerResponse & { locals?: Record<string, unknown> };

interface Tracked {
  requestId: string;
  route: string;
}
const tracked = new WeakMap<ServerResponse, Tracked>();

/** Remix route ids are the metric labels: bounded, and never a raw path with ids in it. */
function routeMatcher(build: ServerBuild): (pathname: string) => string {
  const byParent = new Map<string | undefined, AgnosticRouteObject[]>();
  const nodes = new Map<string, AgnosticRouteObject & { children?: AgnosticRouteObject[] }>();
  for (const r of Object.values(build.routes)) {
    const node = {
      id: r.id,
      path: r.path,
      index: r.index,
      caseSensitive: r.caseSensitive,
    } as AgnosticRouteObject;
    nodes.set(r.id, node);
    const list = byParent.get(r.parentId) ?? [];
    list.push(node);
    byParent.set(r.parentId, list);
  }
  for (const [parent, children] of byParent) {
    const p = parent ? nodes.get(parent) : undefined;
    if (p && !p.index) (p as { children?: AgnosticRouteObject[] }).children = children;
  }
  const roots = byParent.get(undefined) ?? [];
  // matchRoutes flattens and ranks every route on each call (a tenth of a search request's CPU
  // time): the answers for recent paths are kept, in a bounded map emptied when it fills up.
  const seen = new Map<string, string>();
  return (pathname) => {
    const known = seen.get(pathname);
    if (known !== undefined) return known;
    let id = "unmatched";
    try {
      const m = matchRoutes(roots, pathname);
      if (m?.length) id = m[m.length - 1].route.id ?? "unmatched";
    } catch {
      // An unparsable path is a label like any other.
    }
    if (seen.size >= ROUTE_CACHE_SIZE) seen.clear();
    seen.set(pathname, id);
    return id;
  };
}

/** Paths whose metric label is remembered (see routeMatcher). */
const ROUTE_CACHE_SIZE = 2_000;

function sendPlain(res: Res, status: number, body: string, type = "text/plain; charset=utf-8") {
  res.statusCode = status;
  res.setHeader("Content-Type", type);
  res.setHeader("Cache-Control", "no-store");
  res.end(body);
}

function wantsJson(req: Req): boolean {
  const p = req.path ?? req.url ?? "";
  return (
    p.startsWith("/api/") ||
    p === "/api" ||
    /application\/json/.test(String(req.headers.accept ?? ""))
  );
}

function unavailable(req: Req, res: Res, message: string, retryAfter = RETRY_AFTER_SECONDS) {
  res.setHeader("Retry-After", String(retryAfter));
  if (wantsJson(req))
    sendPlain(res, 503, JSON.stringify({ message }), "application/json; charset=utf-8");
  else sendPlain(res, 503, message);
}

export interface Ops {
  /** First middleware: request id, draining answer, health and metrics endpoints, metrics timing. */
  middleware(req: Req, res: Res, next: () => void): void;
  /** Runs one Remix request: admission (PGlite), request context, 503 on an unavailable database. */
  remix(
    req: Req,
    res: Res,
    run: () => Promise<Response>,
    send: (r: Response, blocked: () => void) => Promise<void>,
  ): Promise<void>;
  /**
   * Returns the SIGTERM/SIGINT handler: calls `begin` with the work deadline at once (background
   * work stops starting anything), drains `server` until that deadline, then calls `stop` and
   * `exit` — the whole of it within `timeoutMs`.
   */
  shutdownHandler(
    server: Server,
    opts: {
      timeoutMs: number;
      begin?: (deadline: number) => void;
      stop: () => Promise<void>;
      exit: (code: number) => void;
    },
  ): (signal: string) => void;
  readonly draining: boolean;
  readonly admission: Admission;
}

/** Builds the operations layer for one app. */
export function createOps(build: ServerBuild, env: Env): Ops {
  const pglite = !env.DATABASE_URL;
  const admission = new Admission(
    pglite ? env.PGLITE_MAX_CONCURRENT : 0,
    env.PGLITE_QUEUE_LIMIT,
    env.PGLITE_QUEUE_TIMEOUT * 1000,
  );
  /** The longest an answer being sent keeps its admission slot (see `remix`). */
  const sendHoldMs = Math.max(50, (env.PGLITE_QUEUE_TIMEOUT * 1000) / 2);
  const state = { draining: false, active: new Set<ServerResponse>() };
  /**
   * Who holds an admission slot, and in which phase: when a request is refused for waiting too
   * long, the log line names them, so a slot that is never given back can be traced to its route.
   */
  const holders = new Set<{ what: string; since: number; phase: "run" | "send" }>();
  const holding = () =>
    [...holders].map(
      (h) => `${h.what} (${h.phase}, ${Math.round((Date.now() - h.since) / 1000)} s)`,
    );
  const shedder = createLoadShedder(env.EVENT_LOOP_MAX_DELAY);
  const metrics = createMetrics({
    getHandle: getDbHandle,
    admission,
    draining: () => state.draining,
    eventLoopDelayMs: () => shedder.delayMs,
  });
  const routeOf = routeMatcher(build);

  async function health(req: Req, res: Res, path: string): Promise<boolean> {
    if (req.method !== "GET" && req.method !== "HEAD") return false;
    if (path === "/healthz") {
      sendPlain(
        res,
        200,
        JSON.stringify({ status: "ok", draining: state.draining }),
        "application/json",
      );
      return true;
    }
    if (path === "/readyz") {
      const r = await readiness(getDbHandle, { draining: state.draining });
      if (r.status !== "ready") res.setHeader("Retry-After", String(RETRY_AFTER_SECONDS));
      sendPlain(res, r.status === "ready" ? 200 : 503, JSON.stringify(r), "application/json");
      return true;
    }
    if (path === "/metrics") {
      if (!env.METRICS_TOKEN) {
        sendPlain(res, 404, "Not Found");
        return true;
      }
      if (!bearerMatches(req.headers.authorization, env.METRICS_TOKEN)) {
        res.setHeader("WWW-Authenticate", 'Bearer realm="metrics"');
        sendPlain(res, 401, "Unauthorized");
        return true;
      }
      const body = await metrics.registry.metrics();
      sendPlain(res, 200, body, metrics.registry.contentType);
      return true;
    }
    return false;
  }

  const ops: Ops = {
    get draining() {
      return state.draining;
    },
    admission,

    middleware(req, res, next) {
      const requestId = pickRequestId(req.headers["x-request-id"], env.TRUST_PROXY);
      // Overwritten whatever the client sent: the app reads the id from here (like the address).
      req.headers["x-runway-request-id"] = requestId;
      res.setHeader("X-Request-Id", requestId);
      const path = (req.path ?? new URL(req.url ?? "/", "http://x").pathname) || "/";
      const info: Tracked = { requestId, route: "static" };
      tracked.set(res, info);
      const start = performance.now();
      state.active.add(res);
      res.once("close", () => {
        state.active.delete(res);
        const method = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"].includes(
          req.method ?? "",
        )
          ? (req.method as string)
          : "OTHER";
        metrics.requests.inc({ method, route: info.route, status: String(res.statusCode) });
        metrics.duration.observe({ method, route: info.route }, (performance.now() - start) / 1000);
      });
      if (path === "/healthz" || path === "/readyz" || path === "/metrics")
        info.route = path.slice(1);
      if (state.draining) {
        if (!res.headersSent) res.setHeader("Connection", "close");
        if (path !== "/healthz" && path !== "/readyz") {
          unavailable(req, res, "This server is restarting. Please try again in a moment.", 2);
          return;
        }
      }
      // Liveness and readiness are never shed: an overloaded process is alive, and a probe that
      // got 503 here would have it restarted for being busy.
      if (info.route === "static" && shedder.overloaded()) {
        metrics.loadShed.inc();
        unavailable(req, res, "The server is busy. Please try again in a moment.", 1);
        return;
      }
      health(req, res, path).then(
        (done) => {
          if (!done) {
            if (info.route !== "static") info.route = "unmatched";
            next();
          }
        },
        (e) => {
          log.error("health", e, { requestId });
          if (!res.headersSent) sendPlain(res, 500, "Something went wrong. Please try again.");
        },
      );
    },

    async remix(req, res, run, send) {
      const info = tracked.get(res);
      const requestId = info?.requestId ?? pickRequestId(undefined, false);
      if (info) info.route = routeOf(req.path ?? new URL(req.url ?? "/", "http://x").pathname);
      let release = () => {};
      if (admission.enabled) {
        // A slot only once the body is here: a client sending its form a byte a second waits on
        // its own time (bounded by HTTP_REQUEST_TIMEOUT), not holding a slot everyone needs.
        await bodyArrived(req);
        if (res.headersSent || res.destroyed) return; // refused (413) or gone while it sent
        const aborted = new AbortController();
        const onClose = () => aborted.abort();
        res.once("close", onClose);
        const t = performance.now();
        try {
          release = await admission.acquire(aborted.signal, clientKey(req));
          metrics.admissionWait.observe((performance.now() - t) / 1000);
        } catch (e) {
          if (!(e instanceof AdmissionRejected)) throw e;
          if (e.reason === "aborted") return; // the client left while queued
          metrics.admissionRejected.inc({ reason: e.reason });
          log.warn("admission", `busy: request refused (${e.reason})`, {
            requestId: null,
            holding: holding(),
          });
          unavailable(req, res, "The server is busy. Please try again in a moment.", 1);
          return;
        } finally {
          res.off("close", onClose);
        }
      }
      const holder = {
        what: `${req.method} ${info?.route ?? "?"}`,
        since: Date.now(),
        phase: "run" as "run" | "send",
      };
      if (admission.enabled) {
        holders.add(holder);
        const give = release;
        release = () => {
          holders.delete(holder);
          give();
        };
      }
      const ctx: RequestContext = { requestId, dbUnavailable: false, failed: false };
      await runWithRequestContext(ctx, async () => {
        let response: Response;
        try {
          response = await run();
        } catch (e) {
          release();
          throw e;
        }
        // The slot covers the loaders and actions and the sending of an ordinary answer (so the
        // rendering of pages is bounded too). A download (an export) or an event stream releases
        // it first: it reads in batches interleaved with other requests instead of holding a slot.
        if (isLongStream(response)) release();
        holder.phase = "send";
        // A client that reads slowly, or not at all, must not keep a database slot: `send` gives
        // it back when the socket pushes back (`blocked`), and it goes back anyway after half the
        // time a queued request may wait — the page is rendered by then (React's own abort is
        // 5 s), the rest is the network's. Otherwise four stalled readers starve PGlite.
        const cap = admission.enabled ? setTimeout(release, sendHoldMs) : null;
        cap?.unref();
        try {
          if (ctx.dbUnavailable) {
            metrics.dbUnavailable.inc();
            response = asUnavailable(req, response, requestId);
          }
          await send(response, release);
        } finally {
          if (cap) clearTimeout(cap);
          release();
        }
      });
    },

    shutdownHandler(server, opts) {
      let phase: "running" | "draining" | "forced" = "running";
      let force = () => {};
      // Read through a function: TypeScript would narrow `phase` inside the async drain below.
      const isForced = () => phase === "forced";
      return (signal) => {
        if (phase === "draining") {
          phase = "forced";
          log.warn("shutdown", `${signal} again: closing ${state.active.size} open requests now`);
          force();
          return;
        }
        if (phase !== "running") return;
        phase = "draining";
        state.draining = true;
        const started = Date.now();
        // One budget for everything: requests and background work share it, and the database's
        // close keeps a reserve at the end. Past the budget the process exits whatever is left.
        const reserve = Math.min(CLOSE_RESERVE_MS, opts.timeoutMs * 0.2);
        const workDeadline = started + opts.timeoutMs - reserve;
        const backstop = setTimeout(() => {
          log.warn("shutdown", "SHUTDOWN_TIMEOUT passed before the database closed: exiting");
          opts.exit(1);
        }, opts.timeoutMs + BACKSTOP_GRACE_MS);
        backstop.unref();
        log.info(
          "shutdown",
          `${signal}: draining ${state.active.size} requests (up to ${opts.timeoutMs / 1000} s in all)`,
        );
        opts.begin?.(workDeadline);
        for (const res of state.active) if (!res.headersSent) res.setHeader("Connection", "close");
        // Stop listening, but keep open keep-alive connections: a request that arrives on one now
        // gets 503 + Connection: close instead of a reset (http's own close() would drop them).
        // They are closed once the drain is over.
        net.Server.prototype.close.call(server);
        void (async () => {
          const finished = await new Promise<boolean>((resolve) => {
            const deadline = setTimeout(() => done(false), Math.max(0, workDeadline - Date.now()));
            const poll = setInterval(() => {
              if (state.active.size === 0) done(true);
            }, 50);
            function done(ok: boolean) {
              clearTimeout(deadline);
              clearInterval(poll);
              resolve(ok);
            }
            force = () => done(false);
          });
          if (!finished) {
            if (!isForced())
              log.warn("shutdown", `deadline reached: cutting ${state.active.size} requests`);
            server.closeAllConnections?.();
          } else server.closeIdleConnections?.();
          let code = isForced() ? 1 : 0;
          try {
            await opts.stop();
          } catch (e) {
            log.error("shutdown", e);
            code = 1;
          }
          clearTimeout(backstop);
          log.info("shutdown", `stopped after ${((Date.now() - started) / 1000).toFixed(1)} s`);
          opts.exit(code);
        })();
      };
    },
  };
  return ops;
}

/** Resolves once the request's body has arrived in full, or the request is gone. */
function bodyArrived(req: Req): Promise<void> {
  if (req.complete || req.readableEnded || req.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      req.off("end", done);
      req.off("close", done);
      req.off("error", done);
      resolve();
    };
    req.on("end", done);
    req.on("close", done);
    req.on("error", done);
  });
}

/** The client's address as express resolved it (TRUST_PROXY honoured): the admission share's key. */
function clientKey(req: Req): string {
  return (req as Req & { ip?: string }).ip ?? req.socket?.remoteAddress ?? "unknown";
}

function isLongStream(response: Response): boolean {
  return (
    /attachment/i.test(response.headers.get("Content-Disposition") ?? "") ||
    /text\/event-stream/i.test(response.headers.get("Content-Type") ?? "")
  );
}

/** A Remix 500 caused by an unreachable database, as the 503 it is (data and resource requests). */
function asUnavailable(req: Req, response: Response, reference: string): Response {
  if (response.status !== 500 && response.status !== 503) return response;
  const headers = new Headers(response.headers);
  headers.set("Retry-After", String(RETRY_AFTER_SECONDS));
  if (response.status === 503) return new Response(response.body, { status: 503, headers });
  void response.body?.cancel().catch(() => {});
  headers.delete("Content-Length");
  headers.delete("X-Remix-Error");
  headers.set("Cache-Control", "no-store");
  const url = new URL(req.url ?? "/", "http://x");
  if (url.searchParams.has("_data")) {
    // Remix's client reads X-Remix-Catch as a thrown response: the error boundary gets 503 + data.
    headers.set("X-Remix-Catch", "yes");
    headers.set("Content-Type", "application/json; charset=utf-8");
    return new Response(JSON.stringify({ message: UNAVAILABLE_MESSAGE, reference }), {
      status: 503,
      headers,
    });
  }
  if (wantsJson(req)) {
    headers.set("Content-Type", "application/json; charset=utf-8");
    return new Response(JSON.stringify({ message: UNAVAILABLE_MESSAGE }), { status: 503, headers });
  }
  headers.set("Content-Type", "text/plain; charset=utf-8");
  return new Response(UNAVAILABLE_MESSAGE, { status: 503, headers });
}
