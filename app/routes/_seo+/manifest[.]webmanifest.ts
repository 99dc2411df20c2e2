import type { LoaderFunctionArgs } from "@remix-run/node";
import { env } from "~/lib/env.server";
import { screen } from "~/web/screen.server";

/** The theme colour of the browser bar (root.tsx's theme-color) and of the installed app. */
export const THEME_COLOR = "#0b1f3a";

/**
 * The web app manifest: Runway installs under the college's name, opens on the dashboard, with
 * maskable icons (public/icons, written by scripts/make-icons.mjs).
 */
export function webManifest(e: { COLLEGE_NAME: string; COLLEGE_SHORT_NAME: string }) {
  return {
    name: `Runway — ${e.COLLEGE_NAME}`,
    short_name: e.COLLEGE_SHORT_NAME ? `Runway ${e.COLLEGE_SHORT_NAME}` : "Runway",
    description: "Internships, jobs and alumni surveys of the college",
    id: "/dashboard",
    start_url: "/dashboard",
    scope: "/",
    display: "standalone",
    background_color: "#f6f7fb",
    theme_color: THEME_COLOR,
    // The icons are full-bleed with the mark in the safe zone: right as they are and when masked.
    icons: (["any", "maskable"] as const).flatMap((purpose) =>
      [192, 512].map((size) => ({
        src: `/icons/icon-${size}.png`,
        sizes: `${size}x${size}`,
        type: "image/png",
        purpose,
      })),
    ),
  };
}

/** GET /manifest.webmanifest */
export function loader(args: LoaderFunctionArgs) {
  return screen(
    "none",
    async () =>
      new Response(JSON.stringify(webManifest(env())), {
        headers: {
          "Content-Type": "application/manifest+json; charset=utf-8",
          "Cache-Control": "public, max-age=3600",
        },
      }),
  )(args);
}
