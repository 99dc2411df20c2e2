import { rssDocument } from "~/models/job/feed.server";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { syndicationLoader } from "~/web/syndication.server";
import { screen } from "~/web/screen.server";

/** GET /jobs/feed.xml — RSS 2.0 of the approved active jobs (same filters as /jobs; limit ≤ 100). */
export function loader(args: LoaderFunctionArgs) {
  return screen(
    "none",
    syndicationLoader({
      path: "/jobs/feed.xml",
      contentType: "application/rss+xml; charset=utf-8",
      render: rssDocument,
      refuse: (message) =>
        new Response(message, {
          status: 400,
          headers: { "Content-Type": "text/plain; charset=utf-8" },
        }),
    }),
  )(args);
}
