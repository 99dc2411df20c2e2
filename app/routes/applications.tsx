/**
 * /applications — 'My applications': the Apply Now clicks Runway records, newest first, each with
 * its date and the job's state now (open, closed, removed). Students and alumni only. Runway sees
 * only the click, never the application itself, so the page says "Apply clicks" and "Apply
 * clicked", not "applied".
 */
import type { MetaFunction } from "@remix-run/node";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import jobsCss from "~/styles/jobs.css";
import { stylesheet } from "~/components/layout/stylesheet";
import { MyJobList } from "~/components/jobs/my-job-list";
import { listApplications } from "~/models/job/saved.server";
import { screen } from "~/web/screen.server";
import { PageHeader } from "~/components/layout/page-header";

export function loader(args: LoaderFunctionArgs) {
  return screen("member", async ({ ctx }) =>
    json({ lines: await listApplications(ctx), now: Date.now() }),
  )(args);
}

/** The page's texts, written once here. */
export const APPLICATIONS_TEXT = {
  heading: "My applications",
  clicks: "Apply clicks",
  intro:
    "The jobs where you clicked Apply Now. Runway then sends you to the employer's link, e-mail or website; it cannot see whether you finished and sent an application there.",
  verb: "Apply clicked",
  empty: "No Apply clicks yet.",
} as const;

export const links = stylesheet(jobsCss);

export const meta: MetaFunction = () => [{ title: "My applications · Runway" }];

export default function Applications() {
  const { lines, now } = useLoaderData<typeof loader>();
  return (
    <main className="page page-narrow">
      <PageHeader title={APPLICATIONS_TEXT.heading}>
        <Link to="/saved-jobs" className="btn btn-ghost">
          Saved jobs
        </Link>
      </PageHeader>
      <h2>{APPLICATIONS_TEXT.clicks}</h2>
      <p className="muted">{APPLICATIONS_TEXT.intro}</p>
      {lines.length === 0 ? (
        <p className="muted">
          {APPLICATIONS_TEXT.empty} <Link to="/jobs">Browse jobs</Link>.
        </p>
      ) : (
        <MyJobList lines={lines} now={now} verb={APPLICATIONS_TEXT.verb} />
      )}
    </main>
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from "~/components/ui/error-boundary";
