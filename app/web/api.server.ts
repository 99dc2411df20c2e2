/**
 * /api resource routes: bearer-token (or cookie) auth, JSON errors `{message, errors?}` with the right
 * status, CORS for API_CORS_ORIGINS with credentials and preflight. No stack, SQL or driver text
 * ever reaches a response.
 */
import type { ZodType } from "zod";
import type { Role } from "#db/constants";
import { resolveSession, type SessionUser } from "~/models/auth/session.server";
import {
  DomainError,
  Forbidden,
  PayloadTooLarge,
  Unauthorized,
  ValidationError,
} from "~/lib/errors";
import { apiReplacer, toApiJson } from "~/lib/api-view";
import { getUser } from "~/web/auth.server";
import { BAD_VALUE_MESSAGE, isDataError, logBadInput } from "~/lib/security/bad-input.server";
import { getDb } from "~/lib/db.server";
import { domainInit } from "~/lib/screen-errors.server";
import { env } from "~/lib/env.server";
import {
  IDEMPOTENCY_HEADER,
  IdempotencyError,
  REPLAYED_HEADER,
  idempotent,
  jsonFingerprint,
  parseIdempotencyKey,
} from "~/web/idempotency.server";
import { log } from "~/lib/log.server";
import { widgetCorsHeaders } from "~/lib/feed-http.server";
import { QueryError } from "~/models/job/job.rules";
import {
  isDbUnavailable,
  RETRY_AFTER_SECONDS,
  UNAVAILABLE_MESSAGE,
} from "~/lib/request-context.server";

export function bearerToken(request: Request): string | null {
  const h = request.headers.get("Authorization");
  const m = h?.match(/^Bearer\s+(\S+)$/i);
  return m ? m[1] : null;
}

/** The API caller: a bearer token if given (and then only that), else the cookie session. */
export async function getApiUser(request: Request): Promise<SessionUser | null> {
  const token = bearerToken(request);
  if (token) {
    const r = await resolveSession(await getDb(), token, "api");
    return r?.user ?? null;
  }
  return getUser(request);
}

/**
 * Who may call an /api route, the /api side of the screens' guards: `"user"` anyone signed in;
 * `"college"` a student, alumnus, coordinator or admin (the college's own features: saved jobs,
 * applications, alerts, surveys, the student statistics, the profile), 403 to employers; or a list
 * of roles. No caller is a 401; the model decides anything finer (`requireAdmin(ctx)`).
 */
export type ApiWho = "user" | "college" | readonly Role[];

/** The API caller `who` admits, or a 401 (nobody signed in) / 403 (another role). */
export async function requireApiRole(request: Request, who: ApiWho): Promise<SessionUser> {
  const user = await getApiUser(request);
  if (!user) throw new Unauthorized("Authentication required");
  if (who === "college") {
    if (user.role === "employer") throw new Forbidden("Employer accounts cannot use this");
  } else if (who !== "user" && !who.includes(user.role)) {
    throw new Forbidden("You do not have permission to do this");
  }
  return user;
}

/**
 * Which CORS an answer carries: `"api"` the API's (API_CORS_ORIGINS, with credentials), `"widget"`
 * the public job widget's (WIDGET_ORIGINS, without credentials: /api/public/jobs).
 */
export type ApiCors = "api" | "widget";

function corsHeaders(request: Request, cors: ApiCors = "api"): Record<string, string> {
  if (cors === "widget") return widgetCorsHeaders(request, env().WIDGET_ORIGINS);
  const origin = request.headers.get("Origin");
  if (!origin || !env().API_CORS_ORIGINS.includes(origin)) return {};
  return {
    "Access-Control-Allow-Origin": origin,
    "Access-Control-Allow-Credentials": "true",
    Vary: "Origin",
  };
}

/** Answer to a CORS preflight (OPTIONS). */
export function preflight(request: Request, cors: ApiCors = "api"): Response {
  if (cors === "widget")
    return new Response(null, {
      status: 204,
      headers: {
        ...corsHeaders(request, cors),
        "Access-Control-Allow-Methods": "GET, OPTIONS",
        "Access-Control-Max-Age": "86400",
      },
    });
  const h = corsHeaders(request);
  if (!h["Access-Control-Allow-Origin"]) return new Response(null, { status: 204 });
  return new Response(null, {
    status: 204,
    headers: {
      ...h,
      "Access-Control-Allow-Methods": "GET, POST, PUT, PATCH, DELETE, OPTIONS",
      "Access-Control-Allow-Headers": "Authorization, Content-Type, Idempotency-Key",
      "Access-Control-Max-Age": "600",
    },
  });
}

export function json(
  request: Request,
  data: unknown,
  init: ResponseInit = {},
  cors: ApiCors = "api",
): Response {
  const headers = new Headers(init.headers);
  headers.set("Content-Type", "application/json; charset=utf-8");
  headers.set("Cache-Control", headers.get("Cache-Control") ?? "no-store");
  for (const [k, v] of Object.entries(corsHeaders(request, cors))) headers.set(k, v);
  return new Response(toApiJson(data, env().PUBLIC_URL), { ...init, headers });
}

/** A CSV download: an attachment named `fileName`, never cached, never sniffed. */
export function csvResponse(body: BodyInit, fileName: string): Response {
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${fileName}"`,
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}

/**
 * A JSON array answered as it is read, batch by batch: the same bytes `json()` writes for the whole
 * array (`[`, each element as `JSON.stringify` writes it inside an array, `,` between, `]`). The
 * first batch is read before answering, so a failure up to there is an ordinary error answer; a
 * failure after the first byte is logged and aborts the response (the connection ends without the
 * closing `]` and the chunked terminator, so a client sees a truncated, unparseable body — never a
 * well-formed short list). A client that goes away stops the reading.
 */
export async function jsonArrayStream(
  request: Request,
  batches: AsyncIterable<unknown[]>,
  init: ResponseInit = {},
): Promise<Response> {
  const it = batches[Symbol.asyncIterator]();
  const first = await it.next();
  const headers = new Headers(init.headers);
  headers.set("Content-Type", "application/json; charset=utf-8");
  headers.set("Cache-Control", headers.get("Cache-Control") ?? "no-store");
  for (const [k, v] of Object.entries(corsHeaders(request))) headers.set(k, v);
  const replacer = apiReplacer(env().PUBLIC_URL);
  const encoder = new TextEncoder();
  let pending: IteratorResult<unknown[]> | null = first;
  let started = false;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        // An empty batch enqueues nothing, so read on: a pull that returns without enqueueing is
        // not called again while the reader waits, and the response would hang.
        for (;;) {
          const r = pending ?? (await it.next());
          pending = null;
          if (r.done) {
            controller.enqueue(encoder.encode(started ? "]" : "[]"));
            controller.close();
            return;
          }
          if (!r.value.length) continue;
          const parts = r.value.map((item) => JSON.stringify(item, replacer) ?? "null");
          controller.enqueue(encoder.encode((started ? "," : "[") + parts.join(",")));
          started = true;
          return;
        }
      } catch (e) {
        log.error("api.stream", e, { path: new URL(request.url).pathname });
        controller.error(e);
      }
    },
    async cancel() {
      await it.return?.();
    },
  });
  return new Response(body, { ...init, headers });
}

/** 405 for a method the route does not answer, naming the ones it does (`allow`, e.g. "GET, POST"). */
export function methodNotAllowed(request: Request, allow: string): Response {
  return json(
    request,
    { message: "Method not allowed" },
    { status: 405, headers: { Allow: allow } },
  );
}

/**
 * Maps any thrown value to a JSON error response: a thrown Response as it is; idempotency and
 * domain errors with their own status (and field errors); an aborted request, or a value the
 * database refuses, 400; a database that cannot be reached 503 with Retry-After; anything else is
 * logged and answered 500 with a generic message. A strict list query's bad parameter
 * (`QueryError`) is a 400 like any validation error.
 */
export function errorResponse(request: Request, e: unknown, cors: ApiCors = "api"): Response {
  const reply = (body: unknown, init: ResponseInit) => json(request, body, init, cors);
  if (e instanceof Response) return e;
  if (e instanceof QueryError) e = new ValidationError(e.message);
  if (e instanceof IdempotencyError)
    return reply({ message: e.message }, { status: e.status, headers: e.headers });
  if (e instanceof DomainError) {
    const body: Record<string, unknown> = { message: e.message, ...(e.extra ?? {}) };
    if (e.fields) body.errors = e.fields;
    return reply(body, domainInit(e));
  }
  // Cut off by the server (body over its limit, client gone): already answered, nothing to log.
  if (request.signal.aborted) return reply({ message: "Request aborted" }, { status: 400 });
  if (isDataError(e)) {
    logBadInput(request, e);
    return reply({ message: BAD_VALUE_MESSAGE }, { status: 400 });
  }
  if (isDbUnavailable(e)) {
    log.error("db", e, { unavailable: true });
    return reply(
      { message: UNAVAILABLE_MESSAGE },
      { status: 503, headers: { "Retry-After": String(RETRY_AFTER_SECONDS) } },
    );
  }
  log.error("api", e);
  return reply({ message: "Something went wrong. Please try again." }, { status: 500 });
}

/**
 * Wraps an /api handler: preflight, errors to JSON. `cors: "widget"` answers with the widget's
 * CORS headers instead of the API's (the public job feed).
 */
export async function handleApi(
  request: Request,
  handler: () => Promise<Response | unknown>,
  opts: { cors?: ApiCors } = {},
): Promise<Response> {
  if (request.method === "OPTIONS") return preflight(request, opts.cors);
  try {
    const result = await handler();
    return result instanceof Response ? result : json(request, result, {}, opts.cors);
  } catch (e) {
    return errorResponse(request, e, opts.cors);
  }
}

const MAX_JSON_BYTES = 1024 * 1024;

/**
 * Reads a request body as text, at most `max` bytes. A larger body is drained (up to a hard cap)
 * before the 413 so the client can read the answer instead of seeing its connection reset.
 */
export async function readLimitedText(request: Request, max = MAX_JSON_BYTES): Promise<string> {
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total <= max) chunks.push(value);
    else if (total > 16 * MAX_JSON_BYTES) {
      await reader.cancel().catch(() => {});
      break;
    }
  }
  if (total > max) throw new PayloadTooLarge("Request body is too large");
  return Buffer.concat(chunks).toString("utf8");
}

/** Reads a JSON body (size-limited); bad JSON is a 400, not a 500. */
export async function readJson(request: Request): Promise<unknown> {
  const text = await readLimitedText(request);
  if (!text.trim()) return {};
  let nul = false;
  let data: unknown;
  try {
    // PostgreSQL text cannot hold NUL: refuse it here with a clear message, not at the database.
    data = JSON.parse(text, (key, value) => {
      if (key.includes("\0") || (typeof value === "string" && value.includes("\0"))) nul = true;
      return value;
    });
  } catch {
    throw new ValidationError("Request body must be valid JSON");
  }
  if (nul) throw new ValidationError("Text must not contain NUL characters");
  return data;
}

/** Validates with a zod schema; the first message becomes `message`, all go to `errors`. */
export function parseBody<T>(schema: ZodType<T>, data: unknown): T {
  const r = schema.safeParse(data);
  if (r.success) return r.data;
  const errors: Record<string, string[]> = {};
  for (const issue of r.error.issues) {
    const key = issue.path.join(".") || "_";
    (errors[key] ??= []).push(issue.message);
  }
  throw new ValidationError(r.error.issues[0]?.message ?? "Invalid request", errors);
}

/**
 * Runs an /api create under the caller's `Idempotency-Key` header, if any (see idempotency.server.ts):
 * a retry gets the first answer with `Idempotent-Replayed: true`; a bad key is a 400, the key reused
 * for another body a 422, a duplicate still running after 5 s a 409.
 */
export async function idempotentApi(
  request: Request,
  user: { id: string },
  body: unknown,
  create: () => Promise<Response>,
): Promise<Response> {
  const key = parseIdempotencyKey(request.headers.get(IDEMPOTENCY_HEADER));
  const res = await idempotent(
    await getDb(),
    { userId: user.id, key, fingerprint: jsonFingerprint(request, body) },
    create,
  );
  if (res.headers.get(REPLAYED_HEADER)) {
    // The stored answer has no CORS headers: this request's origin decides them.
    for (const [k, v] of Object.entries(corsHeaders(request))) res.headers.set(k, v);
    if (res.headers.has("Access-Control-Allow-Origin"))
      res.headers.set("Access-Control-Expose-Headers", REPLAYED_HEADER);
    res.headers.set("Cache-Control", "no-store");
  }
  return res;
}
