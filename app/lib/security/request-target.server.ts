/**
 * The request line and Host, checked before anything reads them. Remix's Request needs an absolute
 * URL; it is built from PUBLIC_URL's origin and the request's path and query, never from what the
 * client names as its host — so neither an absolute-form target (`GET http://other/jobs`) nor a
 * Host or X-Forwarded-Host the URL parser refuses can reach `new URL()` and become a 500.
 */

export const BAD_TARGET_MESSAGE = "The request target is not valid.";
export const BAD_HOST_MESSAGE = "The Host header is not valid.";

/**
 * RFC 3986 `host [":" port]`: a bracketed IP literal, or a name / IPv4 address of the characters a
 * reg-name may hold. A space, an unclosed `[`, `@`, `/` or anything else the URL parser chokes on
 * fails here.
 */
const HOST = /^(?:\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9\-._~!$&'()*+,;=%]+)(?::[0-9]{0,5})?$/;

/** True when `value` (one Host, or an X-Forwarded-Host list) is made of valid `host[:port]` items. */
export function validHostHeader(value: string): boolean {
  return value.split(",").every((h) => HOST.test(h.trim()));
}

const ABSOLUTE_FORM = /^[A-Za-z][A-Za-z0-9+.-]*:\/\//;

/**
 * The origin-form (`/path?query`) of a request target, or null when it is none Runway answers.
 * The absolute-form, which RFC 9112 §3.2.2 says a server must accept, gives its path and query;
 * its authority is ignored (Runway answers for PUBLIC_URL, whatever the client names). The
 * asterisk and authority forms, and anything unparsable, are null.
 */
export function originForm(target: string): string | null {
  if (target.startsWith("/")) return target;
  if (!ABSOLUTE_FORM.test(target)) return null;
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    return null;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return null;
  return url.pathname + url.search;
}

/**
 * The absolute URL of a request whose target is already in origin-form: PUBLIC_URL's origin and
 * the target joined as text (not resolved: a target `//x/y` stays a path, never another host), or
 * null when the result does not parse.
 */
export function requestUrl(publicOrigin: string, target: string): URL | null {
  try {
    const url = new URL(publicOrigin + target);
    return url.origin === publicOrigin ? url : null;
  } catch {
    return null;
  }
}

/** What a request line and its Host headers come to: the origin-form target, or a 400 message. */
export function checkRequestLine(input: {
  target: string;
  host: string | undefined;
  forwardedHost: string | undefined;
  trustProxy: boolean;
  publicOrigin: string;
}): { ok: true; target: string } | { ok: false; message: string } {
  const target = originForm(input.target);
  if (target === null || !requestUrl(input.publicOrigin, target))
    return { ok: false, message: BAD_TARGET_MESSAGE };
  if (input.host !== undefined && !validHostHeader(input.host))
    return { ok: false, message: BAD_HOST_MESSAGE };
  if (
    input.trustProxy &&
    input.forwardedHost !== undefined &&
    !validHostHeader(input.forwardedHost)
  )
    return { ok: false, message: BAD_HOST_MESSAGE };
  return { ok: true, target };
}
