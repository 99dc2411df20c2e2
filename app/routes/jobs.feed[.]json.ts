import type { LoaderFunctionArgs } from "@remix-run/node";
import { getDb } from "~/lib/db.server";
import { env } from "~/lib/env.server";
import { ValidationError } from "~/lib/errors";
import { cachedResponse } from "~/lib/feed-http.server";
import {
  SYNDICATION_LIMIT,
  SYNDICATION_MAX_LIMIT,
  jsonFeedDocument,
  parseFeedQuery,
  syndicatedJobs,
} from "~/models/job/feed.server";

/** GET /jobs/feed.json — JSON Feed 1.1 of the approved active jobs (same filters as /jobs). */
export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  try {
    const query = parseFeedQuery(url.searchParams, {
      defaultLimit: SYNDICATION_LIMIT,
      maxLimit: SYNDICATION_MAX_LIMIT,
    });
    const e = env();
    const rows = await syndicatedJobs(await getDb(), query);
    const self = `${e.PUBLIC_URL}/jobs/feed.json${url.search}`;
    const doc = jsonFeedDocument(
      rows,
      { base: e.PUBLIC_URL, collegeName: e.COLLEGE_NAME },
      self,
      query.filters,
    );
    return cachedResponse(request, JSON.stringify(doc), {
      "Content-Type": "application/feed+json; charset=utf-8",
      "Cache-Control": "public, max-age=300",
      "Access-Control-Allow-Origin": "*",
    });
  } catch (e) {
    if (e instanceof ValidationError)
      return new Response(JSON.stringify({ message: e.message }), {
        status: 400,
        headers: { "Content-Type": "application/json; charset=utf-8" },
      });
    throw e;
  }
}
