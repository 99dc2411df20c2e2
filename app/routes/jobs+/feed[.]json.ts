import { jsonFeedDocument } from "~/models/job/feed.server";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { syndicationLoader } from "~/web/syndication.server";
import { screen } from "~/web/screen.server";

/** GET /jobs/feed.json — JSON Feed 1.1 of the approved active jobs (same filters as /jobs). */
export function loader(args: LoaderFunctionArgs) {
  return screen(
    "none",
    syndicationLoader({
      path: "/jobs/feed.json",
      contentType: "application/feed+json; charset=utf-8",
      render: (...args) => JSON.stringify(jsonFeedDocument(...args)),
      refuse: (message) =>
        new Response(JSON.stringify({ message }), {
          status: 400,
          headers: { "Content-Type": "application/json; charset=utf-8" },
        }),
    }),
  )(args);
}
