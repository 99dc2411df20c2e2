/**
 * The HTTP security layer, wired once into server-app.mjs (through the build's entry module) so it
 * holds for screens, `?_data=` requests, resource routes and /api alike: security headers with a
 * per-response CSP nonce, the request guard (methods, request target, `_data` ids, origin, /api
 * content types, Content-Length), the counted request body handed to Remix, and the build wrapper
 * that turns database data errors into a 400.
 */
import { log, safeUrl } from "../log.server";
import crypto from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { Transform } from "node:stream";
import { createReadableStreamFromReadable, json, type ServerBuild } from "@remix-run/node";
import type { Env } from "../env.server";
import {
  BAD_VALUE_MESSAGE,
  checkRequestTarget,
  isDataError,
  logBadInput,
  NUL_BODY_MESSAGE,
  nulScannerFor,
} from "./bad-input.server";
import { BodyCounter, bodyLimitFor, parseContentLength, type BodyLimit } from "./body-limit.server";
import { checkApiContentType } from "./content-type.server";
import { securityHeaders } from "./headers.server";
import { allowedOrigins, checkOrigin, isApiDoor } from "./origin.server";
import { checkRequestLine, requestUrl } from "./request-target.server";

/** The subset of express's request and response this layer needs. */
type Req = IncomingMessage & {
  originalUrl?: string;
  protocol?: string;
  hostname?: string;
  get?(name: string): string | undefined;
};
type Res = ServerResponse & { locals?: Record<string, unknown> };
type Next = (error?: unknown) => void;

/** Nonces drawn per fill of the pool below. */
const NONCES_PER_FILL = 256;
const noncePool = Buffer.alloc(16 * NONCES_PER_FILL);
let nonceAt = noncePool.length;

/**
 * A fresh CSP nonce: 16 random bytes in base64, as `crypto.randomBytes(16)` gives, from a pool
 * the CSPRNG fills 256 nonces at a time (one call and no allocation per request). Each 16 bytes
 * are handed out once.
 */
export function newNonce(): string {
  if (nonceAt === noncePool.length) {
    crypto.randomFillSync(noncePool);
    nonceAt = 0;
  }
  nonceAt += 16;
  return noncePool.toString("base64", nonceAt - 16, nonceAt);
}

const KNOWN_METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);
export const SESSION_COOKIE = /(?:^|;\s*)(?:__Host-)?runway_session=/;

function targetOf(req: Req): string {
  return req.originalUrl ?? req.url ?? "/";
}

function pathOf(target: string): string {
  const q = target.indexOf("?");
  return q < 0 ? target : target.slice(0, q);
}

function dataParam(target: string): string | null {
  const q = target.indexOf("?");
  if (q < 0) return null;
  try {
    return new URLSearchParams(target.slice(q + 1)).get("_data");
  } catch {
    return null;
  }
}

/** Whether the answer should be JSON `{message}`: /api doors, `_data` requests and JSON-only clients. */
function wantsJson(req: Req): boolean {
  const target = targetOf(req);
  // /api and the JSON doors outside it (the spec's /upload/logo).
  if (isApiDoor(pathOf(target)) || dataParam(target) !== null) return true;
  const accept = req.headers.accept ?? "";
  return /application\/json/i.test(accept) && !/text\/html/i.test(accept);
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A plain error page: no scripts, no stack, the message and a way home. */
function errorPage(status: number, message: string): string {
  return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Error ${status} · Runway</title></head><body><main><h1>Error ${status}</h1><p>${escapeHtml(message)}</p><p><a href="/">Go to the home page</a></p></main></body></html>`;
}

/**
 * Answers a refused request at once. With `close` the connection is closed after the answer, so a
 * client never reuses a socket whose body was left unread.
 */
export function refuse(
  req: Req,
  res: Res,
  status: number,
  message: string,
  opts: { close?: boolean; headers?: Record<string, string> } = {},
): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  const body = wantsJson(req) ? JSON.stringify({ message }) : errorPage(status, message);
  res.statusCode = status;
  res.setHeader(
    "Content-Type",
    wantsJson(req) ? "application/json; charset=utf-8" : "text/html; charset=utf-8",
  );
  res.setHeader("Cache-Control", "no-store");
  res.setHeader("Content-Length", Buffer.byteLength(body));
  for (const [k, v] of Object.entries(opts.headers ?? {})) res.setHeader(k, v);
  if (opts.close) {
    res.setHeader("Connection", "close");
    res.shouldKeepAlive = false;
    req.unpipe();
    lingerThenClose(req);
  }
  res.end(req.method === "HEAD" ? undefined : body);
}

/** A request body that has been announced but not (yet) read to its end. */
function bodyPending(req: Req): boolean {
  if (req.complete) return false;
  const length = parseContentLength(req.headers["content-length"]);
  return (length !== null && length !== 0) || req.headers["transfer-encoding"] !== undefined;
}

/** Bytes and time a refused body may still stream in after the answer, so the client reads it. */
const LINGER_BYTES = 8 * 1024 * 1024;
const LINGER_MS = 2000;

/**
 * Node closes a `Connection: close` socket right after the answer; with the client's body still
 * unread that close is a reset, and the client may lose the answer it has not read yet. Instead:
 * send FIN after the answer, discard what still arrives for a short while (memory stays flat),
 * then close.
 */
function lingerThenClose(req: Req) {
  const socket = req.socket as (typeof req.socket & { destroySoon?: () => void }) | undefined;
  if (!socket) return;
  socket.destroySoon = function lingering(this: typeof socket) {
    this.end();
    // Nobody reads the rest of the body any more: let it flow into the void.
    req.unpipe();
    req.resume();
    let drained = 0;
    const timer = setTimeout(() => this.destroy(), LINGER_MS);
    timer.unref();
    this.on("data", (d: Buffer) => {
      drained += d.length;
      if (drained > LINGER_BYTES) this.destroy();
    });
    this.once("close", () => clearTimeout(timer));
    this.resume();
  };
}

function tooLarge(req: Req, res: Res, limit: BodyLimit) {
  refuse(req, res, 413, limit.message, { close: true });
}

export interface HttpSecurity {
  /** First middleware: nonce and security headers on every answer. */
  headers(req: Req, res: Res, next: Next): void;
  /** Before the Remix handler: refuses what no route may receive. */
  guard(req: Req, res: Res, next: Next): void;
  /** The Remix Request for `req`, its body counted against the route's limit. */
  remixRequest(req: Req, res: Res): Request;
  /** Remix load context: the CSP nonce for entry.server.tsx. */
  loadContext(res: Res): { cspNonce: string };
  /** The build with every loader and action turning database data errors into a 400. */
  harden(build: ServerBuild): ServerBuild;
}

/** Creates the layer for one configuration; server-app.mjs calls this once. */
export function createHttpSecurity(build: ServerBuild, env: Env): HttpSecurity {
  const allowed = allowedOrigins(env.PUBLIC_URL, env.API_CORS_ORIGINS);
  const hsts = env.NODE_ENV === "production" && env.PUBLIC_URL.startsWith("https:");
  const routeIds = new Set(Object.keys(build.routes));
  const publicUrl = env.PUBLIC_URL;
  const publicOrigin = new URL(env.PUBLIC_URL).origin;

  function headers(req: Req, res: Res, next: Next) {
    const nonce = newNonce();
    res.locals ??= {};
    res.locals.cspNonce = nonce;
    const target = targetOf(req);
    const signedIn = SESSION_COOKIE.test(req.headers.cookie ?? "");
    const writeHead = res.writeHead;
    // Decided when the head goes out, so static files, Remix answers and error pages all get them.
    res.writeHead = function (this: Res, ...args: unknown[]) {
      const ct = res.getHeader("Content-Type");
      const set = securityHeaders({
        path: pathOf(target),
        contentType: typeof ct === "string" ? ct : null,
        isData: dataParam(target) !== null,
        signedIn,
        nonce,
        hsts,
      });
      for (const [k, v] of Object.entries(set)) res.setHeader(k, v);
      // Answered before the body was read (a 401, a 404…): the socket cannot carry another request
      // until that body is gone, so close it rather than let the next request on it be reset.
      if (bodyPending(req)) {
        res.setHeader("Connection", "close");
        lingerThenClose(req);
      }
      return (writeHead as (...a: unknown[]) => ServerResponse).apply(this, args);
    } as typeof res.writeHead;
    next();
  }

  function guard(req: Req, res: Res, next: Next) {
    const method = (req.method ?? "GET").toUpperCase();
    const target = targetOf(req);
    const path = pathOf(target);
    if (!KNOWN_METHODS.has(method)) {
      return refuse(req, res, 405, "This method is not allowed.", {
        close: true,
        headers: { Allow: [...KNOWN_METHODS].join(", ") },
      });
    }
    const targetError = checkRequestTarget(target);
    if (targetError) return refuse(req, res, 400, targetError, { close: true });
    const data = dataParam(target);
    if (data !== null && !routeIds.has(data))
      return refuse(req, res, 404, "Not found", { close: true });

    const verdict = checkOrigin(
      {
        method,
        path,
        origin: req.headers.origin ?? null,
        secFetchSite: (req.headers["sec-fetch-site"] as string | undefined) ?? null,
        authorization: req.headers.authorization ?? null,
      },
      allowed,
    );
    if (!verdict.ok) {
      // One line, no stack: a forged request is an event worth seeing, not a fault.
      log.warn("csrf", `403 ${method} ${safeUrl(path).slice(0, 200)} refused (${verdict.reason})`);
      return refuse(
        req,
        res,
        403,
        `This request came from a page outside Runway and was refused. Open Runway at ${publicUrl} and try again.`,
        { close: true },
      );
    }

    const length = parseContentLength(req.headers["content-length"]);
    const hasBody =
      (length !== null && length > 0) || req.headers["transfer-encoding"] !== undefined;
    const typeError = checkApiContentType({
      method,
      path,
      contentType: req.headers["content-type"] ?? null,
      hasBody,
    });
    if (typeError) return refuse(req, res, 415, typeError, { close: hasBody });

    const limit = bodyLimitFor(path, req.headers["content-type"]);
    if (length !== null && (Number.isNaN(length) || length > limit.bytes))
      return tooLarge(req, res, limit);
    next();
  }

  function remixRequest(req: Req, res: Res): Request {
    const target = targetOf(req);
    // PUBLIC_URL and the path, never the client's Host: createRequestTarget has checked both parse.
    const url = requestUrl(publicOrigin, target) ?? new URL(publicOrigin);
    const headers = new Headers();
    for (const [key, value] of Object.entries(req.headers)) {
      if (value === undefined) continue;
      if (Array.isArray(value)) for (const v of value) headers.append(key, v);
      else headers.set(key, value);
    }
    // The guard has already held Origin against PUBLIC_URL and API_CORS_ORIGINS. Remix's own check
    // compares it with Host instead, which a proxy may rewrite: a legitimate form would get a bare
    // 500. Screens never read Origin; the /api doors (/upload/logo too) keep it for their CORS
    // answers — without it an allowed client's upload got no CORS headers and the browser refused it.
    if (!isApiDoor(pathOf(target))) headers.delete("origin");
    let controller: AbortController | null = new AbortController();
    const init: RequestInit & { duplex?: "half" } = {
      method: req.method,
      headers,
      signal: controller.signal,
    };
    if (req.method !== "GET" && req.method !== "HEAD") {
      const limit = bodyLimitFor(pathOf(target), req.headers["content-type"]);
      const counter = new BodyCounter(limit.bytes);
      const scanner = nulScannerFor(req.headers["content-type"]);
      const counted = new Transform({
        // Room for the whole body (it is bounded by the limit): the body arrives in full before
        // the request takes a database slot (ops.server.ts), however slowly the route reads it.
        readableHighWaterMark: limit.bytes + 1,
        writableHighWaterMark: limit.bytes + 1,
        transform(chunk: Buffer, _enc, cb) {
          // The route has already answered (a 405 from a resource route, say) without reading the
          // body: the rest is drained by the linger, never turned into a second answer or a reset.
          if (res.headersSent) return cb();
          const over = !counter.add(chunk.length);
          if (!over && !scanner?.push(chunk)) return cb(null, chunk);
          // The route's handler is abandoned (aborted, so Remix logs nothing) and the client told now.
          controller?.abort();
          if (over) tooLarge(req, res, limit);
          else refuse(req, res, 400, NUL_BODY_MESSAGE, { close: true });
          cb(new Error(over ? "Request body is too large" : "NUL in the request body"));
        },
      });
      req.pipe(counted);
      init.body = createReadableStreamFromReadable(counted);
      init.duplex = "half";
    }
    // As the express adapter does: abort loaders and actions when the client goes away first.
    res.on("finish", () => (controller = null));
    res.on("close", () => controller?.abort());
    return new Request(url.href, init);
  }

  function loadContext(res: Res) {
    return { cspNonce: String(res.locals?.cspNonce ?? "") };
  }

  return { headers, guard, remixRequest, loadContext, harden: hardenBuild };
}

/**
 * Runs before express itself (its router skips every middleware for a target it cannot parse),
 * request ids and admission, which read the target too: an
 * absolute-form target becomes its path and query, and a target, Host or trusted X-Forwarded-Host
 * that does not parse is a 400 — never a 500 from `new URL()` further on.
 */
export function createRequestTarget(env: Env) {
  const publicOrigin = new URL(env.PUBLIC_URL).origin;
  const hsts = env.NODE_ENV === "production" && env.PUBLIC_URL.startsWith("https:");
  return function requestTarget(req: Req, res: Res, next: Next) {
    const forwarded = req.headers["x-forwarded-host"];
    const verdict = checkRequestLine({
      target: req.url ?? "/",
      host: req.headers.host,
      forwardedHost: Array.isArray(forwarded) ? forwarded.join(",") : forwarded,
      trustProxy: Boolean(env.TRUST_PROXY),
      publicOrigin,
    });
    if (!verdict.ok) {
      log.warn("bad-input", `400 ${verdict.message}`);
      // The answer's form (JSON or page) is read from the target: give it one that parses.
      req.url = "/";
      // The header middleware has not run yet: this answer gets the same headers as any other.
      const json = wantsJson(req);
      const set = securityHeaders({
        path: "/",
        contentType: json ? "application/json" : "text/html",
        isData: false,
        signedIn: false,
        nonce: newNonce(),
        hsts,
      });
      for (const [k, v] of Object.entries(set)) res.setHeader(k, v);
      return refuse(req, res, 400, verdict.message, { close: true });
    }
    if (verdict.target !== req.url) req.url = verdict.target;
    next();
  };
}

type Handler = (args: { request: Request }) => unknown;

function safeHandler(fn: Handler): Handler {
  return async (args) => {
    try {
      return await fn(args);
    } catch (e) {
      if (!isDataError(e)) throw e;
      logBadInput(args.request, e);
      throw json({ message: BAD_VALUE_MESSAGE }, { status: 400 });
    }
  };
}

/**
 * Wraps every route's loader and action so a PostgreSQL data exception (SQLSTATE class 22) that a
 * model let through becomes a 400 with a plain message: the error page or `{message}`, no SQL.
 */
export function hardenBuild(build: ServerBuild): ServerBuild {
  const routes: ServerBuild["routes"] = {};
  for (const [id, route] of Object.entries(build.routes)) {
    const module = { ...route.module } as Record<string, unknown>;
    for (const key of ["loader", "action"]) {
      if (typeof module[key] === "function") module[key] = safeHandler(module[key] as Handler);
    }
    // A resource route (no component) without an action: Remix's own 405 says "Unexpected Server
    // Error"; answer what it is instead.
    if (
      !module.default &&
      typeof module.loader === "function" &&
      typeof module.action !== "function"
    )
      module.action = () =>
        json(
          { message: "This method is not allowed." },
          { status: 405, headers: { Allow: "GET, HEAD" } },
        );
    routes[id] = { ...route, module: module as unknown as typeof route.module };
  }
  return { ...build, routes };
}
