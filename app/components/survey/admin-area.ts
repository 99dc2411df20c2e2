/**
 * What every admin survey screen shares: its notices appear top-right (the spec), below the
 * navigation bar, and it loads the survey and survey-admin stylesheets (a screen adds its own after
 * them with `surveyAdminLinks(...)`).
 */
import type { LinksFunction } from "@remix-run/node";
import type { ToasterPosition } from "~/components/ui/notify";
import surveyStyles from "~/styles/surveys.css";
import adminStyles from "~/styles/survey-admin.css";

export const handle = { toaster: "top-right" } satisfies { toaster: ToasterPosition };

/** The two shared stylesheets, then `more`. */
export const surveyAdminLinks =
  (...more: string[]): LinksFunction =>
  () =>
    [surveyStyles, adminStyles, ...more].map((href) => ({ rel: "stylesheet", href }));

export const links = surveyAdminLinks();
