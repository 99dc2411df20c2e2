/**
 * Server side of the error page. Remix reports a failed loader to handleError (where we learn
 * whether the database was unreachable) and then renders the page with a sanitised, anonymous
 * Error. Before that render, each unexpected error becomes a route error response carrying the
 * status (503 when the database was unreachable, else 500) and the request id as "Reference",
 * in the server render and in the hydration data alike, so the page and the client agree.
 */
import type { EntryContext } from "@remix-run/node";
import { isRouteErrorResponse } from "@remix-run/react";
import { log } from "./log.server";
import {
  isDbUnavailable,
  requestContext,
  RETRY_AFTER_SECONDS,
  UNAVAILABLE_MESSAGE,
} from "./request-context.server";

/** For entry.server's handleError: classify and log once (one line, request id, no SQL). */
export function reportServerError(error: unknown): void {
  const ctx = requestContext();
  if (isDbUnavailable(error)) {
    if (ctx) ctx.dbUnavailable = true;
    log.error("db", error, { unavailable: true });
    return;
  }
  if (ctx) ctx.failed = true;
  log.error("server", error);
}

const ESCAPES: Record<string, string> = {
  "&": "\\u0026",
  ">": "\\u003e",
  "<": "\\u003c",
  "\u2028": "\\u2028",
  "\u2029": "\\u2029",
};

/** Returns the status the document should have; rewrites the context's errors as described. */
export function prepareErrorDocument(
  status: number,
  headers: Headers,
  context: EntryContext,
): number {
  const ctx = requestContext();
  const shc = context.staticHandlerContext;
  if (!ctx || !shc.errors) return status;
  const unavailable = ctx.dbUnavailable;
  let changed = false;
  const errors: Record<string, unknown> = { ...shc.errors };
  for (const [routeId, error] of Object.entries(errors)) {
    if (isRouteErrorResponse(error)) continue;
    changed = true;
    errors[routeId] = {
      status: unavailable ? 503 : 500,
      statusText: unavailable ? "Service Unavailable" : "Internal Server Error",
      internal: false,
      data: unavailable
        ? { message: UNAVAILABLE_MESSAGE, reference: ctx.requestId }
        : { reference: ctx.requestId },
    };
  }
  if (!changed) return status;
  shc.errors = errors as typeof shc.errors;
  // The hydration data was serialised before this point: patch its copy of the errors the same way.
  try {
    const handoff = JSON.parse(context.serverHandoffString ?? "null") as {
      state?: { errors?: Record<string, unknown> };
    } | null;
    if (handoff?.state?.errors) {
      for (const [routeId, e] of Object.entries(errors)) {
        if (routeId in handoff.state.errors)
          handoff.state.errors[routeId] = { ...(e as object), __type: "RouteErrorResponse" };
      }
      context.serverHandoffString = JSON.stringify(handoff).replace(
        /[&><\u2028\u2029]/g,
        (c) => ESCAPES[c],
      );
    }
  } catch {
    /* leave the hydration data as it was */
  }
  if (unavailable) {
    headers.set("Retry-After", String(RETRY_AFTER_SECONDS));
    return 503;
  }
  return status;
}
