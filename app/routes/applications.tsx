/**
 * /applications — 'My applications' (issue 15): the Apply Now clicks Runway records, newest first,
 * each with its date and the job's state now (open, closed, removed). Students and alumni only.
 */
import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/ui/error-boundary";
import jobsCss from "~/styles/jobs.css";
import { MyJobList } from "~/components/jobs/my-job-list";
import { listApplications } from "~/models/job/saved.server";
import { requireMemberCtx } from "~/web/auth.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireMemberCtx(request);
  return json({ lines: await listApplications(ctx), now: Date.now() });
}

export const links: LinksFunction = () => [{ rel: "stylesheet", href: jobsCss }];

export const meta: MetaFunction = () => [{ title: "My applications · Runway" }];

export default function Applications() {
  const { lines, now } = useLoaderData<typeof loader>();
  return (
    <main className="page page-narrow">
      <div className="page-header">
        <h1>My applications</h1>
        <Link to="/saved-jobs" className="btn btn-ghost">
          Saved jobs
        </Link>
      </div>
      <p className="muted">
        The jobs you opened with Apply Now. Runway sends you to the company; it does not see what
        happens there.
      </p>
      {lines.length === 0 ? (
        <p className="muted">
          No applications yet. <Link to="/jobs">Browse jobs</Link>.
        </p>
      ) : (
        <MyJobList lines={lines} now={now} verb="applied" />
      )}
    </main>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
