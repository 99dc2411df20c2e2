/**
 * What every admin survey screen shares: its notices appear top-right (the spec), below the
 * navigation bar, and it loads the survey stylesheet (a screen adds its own after it with
 * `surveyAdminLinks(...)`).
 */
import type { LinksFunction } from "@remix-run/node";
import type { ToasterPosition } from "~/components/ui/notify";
import surveyStyles from "~/styles/surveys.css";

export const handle = { toaster: "top-right" } satisfies { toaster: ToasterPosition };

/** The shared stylesheet, then `more`. */
export const surveyAdminLinks =
  (...more: string[]): LinksFunction =>
  () =>
    [surveyStyles, ...more].map((href) => ({ rel: "stylesheet", href }));

export const links = surveyAdminLinks();
