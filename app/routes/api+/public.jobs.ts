import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { getDb } from "~/lib/db.server";
import { env } from "~/lib/env.server";
import { enforce } from "~/lib/rate-limit.server";
import { clientKey } from "~/lib/request.server";
import { cachedResponse, widgetCorsHeaders } from "~/lib/feed-http.server";
import {
  FEED_DEFAULT_LIMIT,
  FEED_MAX_LIMIT,
  parseFeedQuery,
  publicFeed,
} from "~/models/job/feed.server";
import { handleApi, preflight } from "~/web/api.server";

/** Requests per minute per client address (counters in the database: they hold across instances). */
const PER_MINUTE = 120;

/**
 * GET /api/public/jobs?limit&type&category&licence&q&location — the widget's feed (ADR 022): approved active
 * jobs, public fields only, `{jobs, total, seeAllUrl}`; CORS per WIDGET_ORIGINS without credentials;
 * cacheable for 60 s with an ETag (304 on If-None-Match); 120 requests a minute per client.
 */
export function loader({ request }: LoaderFunctionArgs) {
  // Remix routes OPTIONS to the loader: handleApi answers the preflight.
  return handleApi(
    request,
    async () => {
      const db = await getDb();
      await enforce(db, {
        key: `public-jobs:${clientKey(request)}`,
        max: PER_MINUTE,
        windowSeconds: 60,
      });
      const query = parseFeedQuery(new URL(request.url).searchParams, {
        defaultLimit: FEED_DEFAULT_LIMIT,
        maxLimit: FEED_MAX_LIMIT,
      });
      const body = JSON.stringify(await publicFeed(db, query, env().PUBLIC_URL));
      return cachedResponse(request, body, {
        ...widgetCorsHeaders(request, env().WIDGET_ORIGINS),
        "Content-Type": "application/json; charset=utf-8",
        "Cache-Control": "public, max-age=60",
      });
    },
    { cors: "widget" },
  );
}

/** Writes are not part of the public feed. */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method === "OPTIONS") return preflight(request, "widget");
  const cors = widgetCorsHeaders(request, env().WIDGET_ORIGINS);
  return new Response(JSON.stringify({ message: "Method not allowed" }), {
    status: 405,
    headers: { ...cors, Allow: "GET, OPTIONS", "Content-Type": "application/json; charset=utf-8" },
  });
}
