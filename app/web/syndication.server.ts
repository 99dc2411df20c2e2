/**
 * The loader shared by the board's RSS and JSON feeds: the same filters as /jobs, a limit of at most
 * SYNDICATION_MAX_LIMIT, ETag/304 through cachedResponse, open CORS, and a 400 in the feed's own
 * kind of text for a bad query.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { getDb } from "~/lib/db.server";
import { env } from "~/lib/env.server";
import { ValidationError } from "~/lib/errors";
import { cachedResponse } from "~/lib/feed-http.server";
import type { JobFilters, Job } from "~/models/job/job.server";
import {
  SYNDICATION_LIMIT,
  SYNDICATION_MAX_LIMIT,
  parseFeedQuery,
  syndicatedJobs,
  type FeedMeta,
} from "~/models/job/feed.server";

export function syndicationLoader(feed: {
  /** The feed's own path, for its self link. */
  path: string;
  contentType: string;
  render: (rows: Job[], meta: FeedMeta, selfUrl: string, filters: JobFilters) => string;
  /** The 400 answer for a bad query, in the feed's kind of text. */
  refuse: (message: string) => Response;
}) {
  return async ({ request }: LoaderFunctionArgs) => {
    const url = new URL(request.url);
    try {
      const query = parseFeedQuery(url.searchParams, {
        defaultLimit: SYNDICATION_LIMIT,
        maxLimit: SYNDICATION_MAX_LIMIT,
      });
      const e = env();
      const rows = await syndicatedJobs(await getDb(), query);
      const body = feed.render(
        rows,
        { base: e.PUBLIC_URL, collegeName: e.COLLEGE_NAME },
        `${e.PUBLIC_URL}${feed.path}${url.search}`,
        query.filters,
      );
      return cachedResponse(request, body, {
        "Content-Type": feed.contentType,
        "Cache-Control": "public, max-age=300",
        "Access-Control-Allow-Origin": "*",
      });
    } catch (e) {
      if (e instanceof ValidationError) return feed.refuse(e.message);
      throw e;
    }
  };
}
