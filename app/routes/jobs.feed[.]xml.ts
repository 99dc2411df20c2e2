import type { LoaderFunctionArgs } from "@remix-run/node";
import { getDb } from "~/lib/db.server";
import { env } from "~/lib/env.server";
import { ValidationError } from "~/lib/errors";
import { cachedResponse } from "~/lib/feed-http.server";
import {
  SYNDICATION_LIMIT,
  SYNDICATION_MAX_LIMIT,
  parseFeedQuery,
  rssDocument,
  syndicatedJobs,
} from "~/models/job/feed.server";

/** GET /jobs/feed.xml — RSS 2.0 of the approved active jobs (same filters as /jobs; limit ≤ 100). */
export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  try {
    const query = parseFeedQuery(url.searchParams, {
      defaultLimit: SYNDICATION_LIMIT,
      maxLimit: SYNDICATION_MAX_LIMIT,
    });
    const e = env();
    const rows = await syndicatedJobs(await getDb(), query);
    const self = `${e.PUBLIC_URL}/jobs/feed.xml${url.search}`;
    return cachedResponse(
      request,
      rssDocument(rows, { base: e.PUBLIC_URL, collegeName: e.COLLEGE_NAME }, self, query.filters),
      {
        "Content-Type": "application/rss+xml; charset=utf-8",
        "Cache-Control": "public, max-age=300",
        "Access-Control-Allow-Origin": "*",
      },
    );
  } catch (e) {
    if (e instanceof ValidationError)
      return new Response(e.message, {
        status: 400,
        headers: { "Content-Type": "text/plain; charset=utf-8" },
      });
    throw e;
  }
}
