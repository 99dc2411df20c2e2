import type { LinksFunction } from "@remix-run/node";

/** A route's `links` export: its stylesheets, in the order given. */
export const stylesheets =
  (...hrefs: string[]): LinksFunction =>
  () =>
    hrefs.map((href) => ({ rel: "stylesheet", href }));
