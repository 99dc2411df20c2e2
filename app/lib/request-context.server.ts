/**
 * Per-request context carried through the Remix handler with AsyncLocalStorage: the request id
 * (logged on every line, returned in X-Request-Id, shown on the error page) and whether the
 * request failed because the database was unreachable (then it answers 503, not 500).
 */
import { AsyncLocalStorage } from "node:async_hooks";
import crypto from "node:crypto";

export interface RequestContext {
  requestId: string;
  /** Set when a failure of this request was the database being unavailable. */
  dbUnavailable: boolean;
  /** Set when any unexpected (5xx) error was reported for this request. */
  failed: boolean;
}

const storage = new AsyncLocalStorage<RequestContext>();

export function runWithRequestContext<T>(ctx: RequestContext, fn: () => T): T {
  return storage.run(ctx, fn);
}

export function requestContext(): RequestContext | undefined {
  return storage.getStore();
}

export function currentRequestId(): string | undefined {
  return storage.getStore()?.requestId;
}

const SAFE_ID = /^[A-Za-z0-9._:@/+=-]{1,128}$/;

/**
 * A proxy's X-Request-Id is used only when the proxy is trusted (TRUST_PROXY) and the value is a
 * short token (it ends up in logs and pages); anything else gets a fresh id.
 */
export function pickRequestId(header: string | string[] | undefined, trustProxy: boolean): string {
  const value = Array.isArray(header) ? header[0] : header;
  if (trustProxy && value && SAFE_ID.test(value)) return value;
  return crypto.randomUUID();
}

/** System and driver codes meaning "the database cannot be reached or is going away". */
const UNAVAILABLE_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EPIPE",
  // postgres.js
  "CONNECT_TIMEOUT",
  "CONNECTION_CLOSED",
  "CONNECTION_ENDED",
  "CONNECTION_DESTROYED",
  // PostgreSQL SQLSTATEs: connection exceptions, too many connections, shutting down, cancelled
  // by statement_timeout, cannot connect now.
  "08000",
  "08001",
  "08003",
  "08004",
  "08006",
  "53300",
  "57014",
  "57P01",
  "57P02",
  "57P03",
]);

/** True when the error (or one it wraps) says the database is unreachable or timed out. */
export function isDbUnavailable(error: unknown): boolean {
  let e: unknown = error;
  for (let i = 0; i < 6 && e && typeof e === "object"; i++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && UNAVAILABLE_CODES.has(code)) return true;
    if ((e as { name?: string }).name === "DatabaseUnavailableError") return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/** What a client is told while the database is unavailable. */
export const UNAVAILABLE_MESSAGE =
  "The service is briefly unavailable. Please try again in a moment.";
/** Seconds a client should wait before retrying after a 503. */
export const RETRY_AFTER_SECONDS = 5;
