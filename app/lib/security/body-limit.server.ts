/**
 * Request body limits, counted on the bytes that actually arrive (chunked bodies included) before
 * anything parses them. One small mechanism for the whole server: `bodyLimitFor` says how much a
 * request may send, `BodyCounter` counts, and server.server.ts cuts the request off with a 413.
 */
import { API_DOCUMENT_PATHS, mediaType } from "./content-type.server";
import {
  DOCUMENT_BODY_LIMIT,
  DOCUMENT_MAX_BYTES,
  LOGO_MAX_BYTES,
  UPLOAD_BODY_LIMIT,
} from "~/lib/uploads";

export { DOCUMENT_BODY_LIMIT, UPLOAD_BODY_LIMIT };

/** Forms and JSON: enough for the longest survey or job post many times over. */
export const DEFAULT_BODY_LIMIT = 1024 * 1024;

/** Routes that take a file (multipart/form-data) and may therefore send up to UPLOAD_BODY_LIMIT. */
const UPLOAD_PATHS: ReadonlySet<string> = new Set([
  "/api/profile/picture",
  "/api/upload/logo",
  "/upload/logo",
  "/profile",
  "/admin/companies",
  // The employer's company form with its logo (the form says 2 MB, as every upload does).
  "/employer/company",
]);

/**
 * Routes that take a private OJT document (a student's paperwork, a signed agreement): only these
 * may send up to DOCUMENT_BODY_LIMIT, and only as multipart/form-data.
 */
const DOCUMENT_PATHS: readonly RegExp[] = [
  ...API_DOCUMENT_PATHS,
  /^\/ojt\/[^/]+\/documents$/,
  /^\/admin\/companies\/[^/]+\/moa$/,
];

export interface BodyLimit {
  bytes: number;
  /** The 413 message: upload routes keep the image rule's wording. */
  message: string;
}

const TOO_LARGE = "Request body is too large";
const IMAGE_TOO_LARGE = `The image is larger than ${LOGO_MAX_BYTES / (1024 * 1024)} MB.`;
const DOCUMENT_TOO_LARGE = `The file is larger than ${DOCUMENT_MAX_BYTES / (1024 * 1024)} MB.`;

/** The limit for a request to `path` whose Content-Type is `contentType`. */
export function bodyLimitFor(path: string, contentType: string | null | undefined): BodyLimit {
  const normalized = path.length > 1 ? path.replace(/\/+$/, "") : path;
  if (UPLOAD_PATHS.has(normalized) && mediaType(contentType) === "multipart/form-data") {
    return { bytes: UPLOAD_BODY_LIMIT, message: IMAGE_TOO_LARGE };
  }
  if (
    mediaType(contentType) === "multipart/form-data" &&
    DOCUMENT_PATHS.some((re) => re.test(normalized))
  )
    return { bytes: DOCUMENT_BODY_LIMIT, message: DOCUMENT_TOO_LARGE };
  return { bytes: DEFAULT_BODY_LIMIT, message: TOO_LARGE };
}

/**
 * Parses a Content-Length header: a non-negative integer, or null when absent. Anything else
 * (two values, signs, spaces inside) is NaN — Node's parser already refuses most of those.
 */
export function parseContentLength(value: string | string[] | undefined): number | null {
  if (value === undefined) return null;
  const v = Array.isArray(value) ? value.join(",") : value;
  if (!/^\s*\d+\s*$/.test(v)) return Number.NaN;
  return Number(v.trim());
}

/** Counts received bytes against a limit; `add` answers false from the first byte over it. */
export class BodyCounter {
  received = 0;
  constructor(readonly limit: number) {}
  add(bytes: number): boolean {
    this.received += bytes;
    return this.received <= this.limit;
  }
  get exceeded(): boolean {
    return this.received > this.limit;
  }
}
