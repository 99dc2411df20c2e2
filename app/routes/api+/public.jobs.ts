import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { getDb } from "~/lib/db.server";
import { env } from "~/lib/env.server";
import { enforce } from "~/lib/rate-limit.server";
import { clientKey } from "~/lib/request.server";
import { DomainError, TooManyRequests } from "~/lib/errors";
import { cachedResponse, widgetCorsHeaders } from "~/lib/feed-http.server";
import {
  FEED_DEFAULT_LIMIT,
  FEED_MAX_LIMIT,
  parseFeedQuery,
  publicFeed,
} from "~/models/job/feed.server";
import { log } from "~/lib/log.server";
import {
  isDbUnavailable,
  RETRY_AFTER_SECONDS,
  UNAVAILABLE_MESSAGE,
} from "~/lib/request-context.server";

/** Requests per minute per client address (counters in the database: they hold across instances). */
const PER_MINUTE = 120;

function errorBody(request: Request, e: unknown): Response {
  const cors = widgetCorsHeaders(request, env().WIDGET_ORIGINS);
  const headers: Record<string, string> = {
    ...cors,
    "Content-Type": "application/json; charset=utf-8",
    "Cache-Control": "no-store",
  };
  if (e instanceof TooManyRequests) headers["Retry-After"] = String(e.retryAfterSeconds);
  if (e instanceof DomainError)
    return new Response(JSON.stringify({ message: e.message }), { status: e.status, headers });
  if (isDbUnavailable(e)) {
    log.error("db", e, { unavailable: true });
    headers["Retry-After"] = String(RETRY_AFTER_SECONDS);
    return new Response(JSON.stringify({ message: UNAVAILABLE_MESSAGE }), { status: 503, headers });
  }
  log.error("public-feed", e);
  return new Response(JSON.stringify({ message: "Something went wrong. Please try again." }), {
    status: 500,
    headers,
  });
}

/**
 * GET /api/public/jobs?limit&type&category&licence&q&location — the widget's feed (ADR 022): approved active
 * jobs, public fields only, `{jobs, total, seeAllUrl}`; CORS per WIDGET_ORIGINS without credentials;
 * cacheable for 60 s with an ETag (304 on If-None-Match); 120 requests a minute per client.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  if (request.method === "OPTIONS") return preflight(request); // Remix routes OPTIONS to the loader
  try {
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
  } catch (e) {
    return errorBody(request, e);
  }
}

/** CORS preflight (a plain GET needs none, but answer politely). */
function preflight(request: Request): Response {
  return new Response(null, {
    status: 204,
    headers: {
      ...widgetCorsHeaders(request, env().WIDGET_ORIGINS),
      "Access-Control-Allow-Methods": "GET, OPTIONS",
      "Access-Control-Max-Age": "86400",
    },
  });
}

/** Writes are not part of the public feed. */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method === "OPTIONS") return preflight(request);
  const cors = widgetCorsHeaders(request, env().WIDGET_ORIGINS);
  return new Response(JSON.stringify({ message: "Method not allowed" }), {
    status: 405,
    headers: { ...cors, Allow: "GET, OPTIONS", "Content-Type": "application/json; charset=utf-8" },
  });
}
