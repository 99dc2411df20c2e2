import type { LoaderFunctionArgs } from "@remix-run/node";
import { env } from "~/lib/env.server";
import { cachedResponse } from "~/lib/feed-http.server";
import { sitemapDocument } from "~/models/job/feed.server";
import { screen } from "~/web/screen.server";

/** GET /sitemap.xml — /, /jobs and every public job page (approved and active only). */
export function loader(args: LoaderFunctionArgs) {
  return screen("none", async ({ request, ctx }) => {
    const xml = await sitemapDocument(ctx.db, env().PUBLIC_URL);
    return cachedResponse(request, xml, {
      "Content-Type": "application/xml; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
    });
  })(args);
}
