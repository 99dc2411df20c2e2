/**
 * Pages opened from a signed e-mail link (the alerts' and the survey mail's unsubscribe): the
 * link's fields come from the query string, or — a form posted back without them — from the form.
 * The models check the signature; these are only read here.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import type { Db } from "#db/client";
import { authConfig } from "~/web/config.server";
import { screen } from "~/web/screen.server";

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

/**
 * The loader or action of a signed-link page, without sign-in: reads the link's `fields` (an
 * action also from its posted form), gives them to `fn` with the database and the signing secret,
 * and answers `fn`'s result as JSON with SIGNED_LINK_HEADERS. A link the model refuses as not found
 * is a 404 with `badLink`; a body that is not a form, a 400 (screen's formSafe).
 */
export function signedLinkScreen<K extends string, T>(
  args: LoaderFunctionArgs | ActionFunctionArgs,
  fields: readonly K[],
  badLink: string,
  fn: (link: Record<K, unknown>, db: Db, secret: string) => Promise<T>,
) {
  return screen(
    "none",
    async ({ request, ctx }) => {
      const isRead = request.method === "GET" || request.method === "HEAD";
      // Without a body the link's fields are the query string's.
      const form =
        isRead || !request.headers.get("content-type") ? undefined : await request.formData();
      const link = signedLinkParams(request, fields, form);
      return json(await fn(link, ctx.db, authConfig().secret), { headers: SIGNED_LINK_HEADERS });
    },
    { notFound: badLink },
  )(args);
}
