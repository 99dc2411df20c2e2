/**
 * /api bodies are JSON (uploads: multipart). A `text/plain` or urlencoded body is what an HTML form
 * on a foreign page can send without a CORS preflight, so refusing every other type closes that
 * door for good, whatever the origin check says.
 */
import { isApiPath } from "./origin.server";

/** The /api routes that take a file upload (multipart/form-data) instead of JSON. */
export const API_UPLOAD_PATHS: ReadonlySet<string> = new Set([
  "/api/profile/picture",
  "/api/upload/logo",
]);

/** The /api routes that take a private OJT document (multipart/form-data, up to 10 MB). */
export const API_DOCUMENT_PATHS: readonly RegExp[] = [
  /^\/api\/placements\/[^/]+\/documents$/,
  /^\/api\/companies\/[^/]+\/moa\/file$/,
];

/** True for a path of API_UPLOAD_PATHS or API_DOCUMENT_PATHS. */
export function isApiUploadPath(path: string): boolean {
  return API_UPLOAD_PATHS.has(path) || API_DOCUMENT_PATHS.some((re) => re.test(path));
}

/** The media type of a Content-Type value, lower-cased and without parameters ("" when absent). */
export function mediaType(contentType: string | null | undefined): string {
  return (contentType ?? "").split(";")[0].trim().toLowerCase();
}

export interface BodyShape {
  method: string;
  path: string;
  contentType: string | null;
  /** Whether the request announces a body (Content-Length > 0 or Transfer-Encoding). */
  hasBody: boolean;
}

/** null when the body is acceptable, else the 415 message. */
export function checkApiContentType(req: BodyShape): string | null {
  if (!isApiPath(req.path)) return null;
  const method = req.method.toUpperCase();
  if (method === "GET" || method === "HEAD" || method === "OPTIONS") return null;
  const type = mediaType(req.contentType);
  if (!req.hasBody && type === "") return null;
  if (isApiUploadPath(req.path)) {
    if (type === "multipart/form-data") return null;
    return "Unsupported content type: send the file as multipart/form-data";
  }
  if (type === "application/json") return null;
  return "Unsupported content type: send application/json";
}
