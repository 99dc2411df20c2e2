/**
 * Pages opened from a signed e-mail link (the alerts' and the survey mail's unsubscribe): the
 * link's fields come from the query string, or — a form posted back without them — from the form.
 * The models check the signature; these are only read here.
 */
export function signedLinkParams<K extends string>(
  request: Request,
  names: readonly K[],
  form?: FormData,
): Record<K, unknown> {
  const url = new URL(request.url);
  const out = {} as Record<K, unknown>;
  for (const n of names) out[n] = url.searchParams.get(n) ?? form?.get(n);
  return out;
}

/** Headers of those pages: never cached, and the signed link never leaks as a Referer. */
export const SIGNED_LINK_HEADERS = {
  "Cache-Control": "no-store",
  "Referrer-Policy": "no-referrer",
};
