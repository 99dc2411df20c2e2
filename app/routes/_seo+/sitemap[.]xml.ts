import type { LoaderFunctionArgs } from "@remix-run/node";
import { getDb } from "~/lib/db.server";
import { env } from "~/lib/env.server";
import { cachedResponse } from "~/lib/feed-http.server";
import { sitemapDocument } from "~/models/job/feed.server";

/** GET /sitemap.xml — /, /jobs and every public job page (approved and active only). */
export async function loader({ request }: LoaderFunctionArgs) {
  const xml = await sitemapDocument(await getDb(), env().PUBLIC_URL);
  return cachedResponse(request, xml, {
    "Content-Type": "application/xml; charset=utf-8",
    "Cache-Control": "public, max-age=3600",
  });
}
