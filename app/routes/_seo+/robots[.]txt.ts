import type { LoaderFunctionArgs } from "@remix-run/node";
import { env } from "~/lib/env.server";
import { screen } from "~/web/screen.server";

/** Paths crawlers are asked to leave alone: the admin screens and the JSON API. */
export const ROBOTS_DISALLOW = ["/admin", "/api/"];

/**
 * GET /robots.txt — the board and the job pages are open to crawlers, admin and API paths are not,
 * and the sitemap lists the public pages.
 */
export function robotsTxt(publicUrl: string): string {
  const sitemap = new URL("/sitemap.xml", publicUrl).toString();
  return [
    "User-agent: *",
    "Allow: /",
    "Allow: /jobs",
    ...ROBOTS_DISALLOW.map((p) => `Disallow: ${p}`),
    "",
    `Sitemap: ${sitemap}`,
    "",
  ].join("\n");
}

export function loader(args: LoaderFunctionArgs) {
  return screen(
    "none",
    async () =>
      new Response(robotsTxt(env().PUBLIC_URL), {
        headers: {
          "Content-Type": "text/plain; charset=utf-8",
          "Cache-Control": "public, max-age=3600",
        },
      }),
  )(args);
}
