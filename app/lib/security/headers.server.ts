/**
 * The response headers every answer gets, decided in one place for screens, `_data`, resource
 * routes and /api alike (server-app.mjs applies them through server.server.ts).
 */
import { isUuid } from "../ids";

export interface HeaderInput {
  path: string;
  /** The answer's Content-Type. */
  contentType: string | null;
  /** A Remix data request (`?_data=`). */
  isData: boolean;
  /** The request carries the session cookie. */
  signedIn: boolean;
  nonce: string;
  /** Production with an https PUBLIC_URL. */
  hsts: boolean;
}

/** The Content-Security-Policy of an HTML answer with this nonce. */
export function contentSecurityPolicy(nonce: string, path = "/"): string {
  return [
    "default-src 'self'",
    // Remix's hydration scripts and the admin theme boot script carry the nonce; nothing else inline.
    `script-src 'self' 'nonce-${nonce}'`,
    // React style props and recharts write style attributes: allowed for styles only.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "frame-ancestors 'self'",
    // Apply Now is a form whose answer is a 303 to the company's website, and Chromium holds
    // redirects of a form to form-action: on the job screens only, any web address may follow.
    isJobScreen(path) ? "form-action 'self' https: http:" : "form-action 'self'",
  ].join("; ");
}

/** The screens that show Apply Now (job cards and the job page). */
export function isJobScreen(path: string): boolean {
  return path === "/jobs" || (path.startsWith("/jobs/") && !path.startsWith("/jobs/feed"));
}

export const PERMISSIONS_POLICY = [
  "accelerometer=()",
  "camera=()",
  "display-capture=()",
  "geolocation=()",
  "gyroscope=()",
  "magnetometer=()",
  "microphone=()",
  "midi=()",
  "payment=()",
  "usb=()",
  "interest-cohort=()",
].join(", ");

const HSTS = "max-age=31536000; includeSubDomains";

/** True when the answer is an HTML document. */
export function isHtml(contentType: string | null): boolean {
  return /^\s*text\/html\b/i.test(contentType ?? "");
}

/** The security headers for one answer (set over whatever the route set). */
export function securityHeaders(input: HeaderInput): Record<string, string> {
  const h: Record<string, string> = { "X-Content-Type-Options": "nosniff" };
  if (input.hsts) h["Strict-Transport-Security"] = HSTS;
  const html = isHtml(input.contentType);
  if (html) {
    h["Content-Security-Policy"] = contentSecurityPolicy(input.nonce, input.path);
    h["Cross-Origin-Opener-Policy"] = "same-origin";
    h["Permissions-Policy"] = PERMISSIONS_POLICY;
    h["X-Frame-Options"] = "SAMEORIGIN";
    h["Referrer-Policy"] = "strict-origin-when-cross-origin";
  }
  // The reset link's token is in the URL: never send it on as a Referer.
  if (input.path === "/reset-password" || input.path.startsWith("/reset-password/")) {
    h["Referrer-Policy"] = "no-referrer";
  }
  if (input.signedIn && (html || input.isData)) {
    // The survey answering screen may be kept on the person's own device (the service worker keeps
    // it per user, so it opens with no network); every other signed-in answer is never stored.
    h["Cache-Control"] =
      html && isSurveyAnswerScreen(input.path) ? "private, no-cache" : "private, no-store";
  }
  return h;
}

/** `/surveys/{uuid}`: the one signed-in screen that may be cached, privately, on the device. */
export function isSurveyAnswerScreen(path: string): boolean {
  return path.startsWith("/surveys/") && isUuid(path.slice("/surveys/".length));
}
