/**
 * One way for a screen's loader or action to answer a model's typed error (ADR 084). Models throw
 * `DomainError`s; a screen maps one to its reply — a JSON body with the error's status (and
 * Retry-After for 429/503), conform field errors, a redirect with a notice, or a 404 for the route's
 * error boundary. Anything that is not a `DomainError` is rethrown (or logged and answered with a
 * 500 where the screen shows its own failure notice): the error boundary and the server log own it.
 * `/api` answers through `errorResponse` in api.server.ts, which uses the same status and headers.
 */
import { json } from "@remix-run/node";
import { DomainError, TooManyRequests } from "~/lib/errors";
import { log } from "./log.server";

/** The status and headers every adapter sends for a domain error (Retry-After for 429 and 503). */
export function domainInit(e: DomainError): { status: number; headers?: Record<string, string> } {
  return e instanceof TooManyRequests
    ? { status: e.status, headers: { "Retry-After": String(e.retryAfterSeconds) } }
    : { status: e.status };
}

/** The thrown value as a `DomainError`; anything else is rethrown unchanged. */
export function domainError(e: unknown): DomainError {
  if (e instanceof DomainError) return e;
  throw e;
}

/**
 * The thrown value as a `DomainError`, or null for an unexpected failure, which is logged under
 * `scope` (the screen then shows its generic failure notice with a 500).
 */
export function knownError(e: unknown, scope: string): DomainError | null {
  if (e instanceof DomainError) return e;
  log.error(scope, e);
  return null;
}

/**
 * A domain error as conform's `submission.reply()` options:
 * - `"message"`: the message as the form's error;
 * - `"message-and-fields"`: the message as the form's error and the per-field messages;
 * - `"fields-or-message"`: the per-field messages if any, else the message as the form's error.
 */
export function formErrors(
  e: DomainError,
  how: "message" | "message-and-fields" | "fields-or-message",
): { formErrors: string[]; fieldErrors?: Record<string, string[]> } {
  if (how === "message") return { formErrors: [e.message] };
  if (how === "message-and-fields") return { formErrors: [e.message], fieldErrors: e.fields };
  return { formErrors: e.fields ? [] : [e.message], fieldErrors: e.fields ?? {} };
}

/**
 * For a loader whose record may not exist: a 404 domain error becomes a 404 route error response
 * carrying `message`, for the route's error boundary; anything else is rethrown.
 */
export function rethrowNotFound(e: unknown, message: string): never {
  if (e instanceof DomainError && e.status === 404) throw json({ message }, { status: 404 });
  throw e;
}
