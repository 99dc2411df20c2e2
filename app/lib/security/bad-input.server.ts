import { log, safeUrl } from "../log.server";
/**
 * Bad input is the client's fault, never a 500: malformed percent-encoding and NUL characters are
 * refused at the door, and PostgreSQL's data exceptions (SQLSTATE class 22) that still get through
 * become a 400 without the SQL text.
 */

/** What a client sees for a value the database refuses. */
export const BAD_VALUE_MESSAGE = "The request contains a character or value that is not allowed.";
export const BAD_ENCODING_MESSAGE = "The address is not validly encoded.";
export const NUL_MESSAGE = "The address contains a character that is not allowed.";

/**
 * Checks the path and query of a request target. Returns the 400 message, or null when fine:
 * every `%` must start a valid UTF-8 escape, and nothing may decode to NUL (PostgreSQL text
 * cannot hold it).
 */
export function checkRequestTarget(target: string): string | null {
  const q = target.indexOf("?");
  const path = q < 0 ? target : target.slice(0, q);
  const query = q < 0 ? "" : target.slice(q + 1);
  for (const part of [path, query.replace(/\+/g, " ")]) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(part);
    } catch {
      return BAD_ENCODING_MESSAGE;
    }
    if (decoded.includes("\0")) return NUL_MESSAGE;
  }
  return null;
}

interface MaybePgError {
  code?: unknown;
  cause?: unknown;
}

/** The SQLSTATE of an error or of the driver error it wraps (drizzle's "Failed query" has it as cause). */
export function sqlState(error: unknown): string | null {
  let e: unknown = error;
  for (let depth = 0; depth < 4 && e && typeof e === "object"; depth++) {
    const code = (e as MaybePgError).code;
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) return code;
    e = (e as MaybePgError).cause;
  }
  return null;
}

/** True for PostgreSQL data exceptions (class 22: invalid text, bad encoding, out of range…). */
export function isDataError(error: unknown): boolean {
  return sqlState(error)?.startsWith("22") ?? false;
}

/** One short log line for a refused value: the code and the route, never the SQL or its parameters. */
export function logBadInput(request: { method: string; url: string }, error: unknown): void {
  let path = request.url;
  try {
    path = new URL(request.url).pathname;
  } catch {
    /* keep the raw value */
  }
  log.warn(
    "bad-input",
    `400 ${request.method} ${safeUrl(path).slice(0, 200)} (SQLSTATE ${sqlState(error)})`,
  );
}

export const NUL_BODY_MESSAGE = "The request contains a NUL character, which is not allowed.";

/**
 * Finds NUL in a urlencoded or JSON body as it streams in (a raw 0x00, `%00` in a form, `\u0000` in
 * JSON), across chunk boundaries. Multipart bodies are not scanned: files may hold any byte.
 */
export class NulScanner {
  private tail = "";
  constructor(private readonly kind: "form" | "json") {}

  /** True once the body holds a NUL. */
  push(chunk: Uint8Array): boolean {
    if (chunk.includes(0)) return true;
    const text = this.tail + Buffer.from(chunk).toString("latin1");
    const found = this.kind === "form" ? text.includes("%00") : /\\u0000/i.test(text);
    this.tail = text.slice(-5);
    return found;
  }
}

/** A scanner for this Content-Type, or null when the body is not one we scan. */
export function nulScannerFor(contentType: string | null | undefined): NulScanner | null {
  const type = (contentType ?? "").split(";")[0].trim().toLowerCase();
  if (type === "application/x-www-form-urlencoded" || type === "text/plain")
    return new NulScanner("form");
  if (type === "application/json") return new NulScanner("json");
  return null;
}
