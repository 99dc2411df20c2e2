/** The student and alumni dashboard (§2.8): welcome, four cards, the Surveys button. */
import { Await, Link } from "@remix-run/react";
import { Suspense } from "react";
import type { StudentStats } from "~/models/stats/stats.server";
import { StatCards } from "./stat-cards";
import { SurveysButton, SurveysButtonLoading, type EligibleSurvey } from "./surveys-button";

export function StudentDashboard({
  firstName,
  stats,
  failed,
  surveys,
}: {
  firstName: string;
  stats: StudentStats;
  failed: boolean;
  surveys: Promise<EligibleSurvey[]> | EligibleSurvey[];
}) {
  return (
    <main className="page dashboard">
      <div className="page-header">
        <div>
          <h1>Welcome, {firstName}!</h1>
          <p className="muted">
            Find your next internship or job, and keep your profile up to date.
          </p>
        </div>
        <Suspense fallback={<SurveysButtonLoading />}>
          <Await resolve={surveys} errorElement={<SurveysButton surveys={[]} />}>
            {(list) => <SurveysButton surveys={list} />}
          </Await>
        </Suspense>
      </div>
      {failed ? (
        <p className="alert alert-error" role="alert">
          Statistics could not be loaded; the numbers below show zero.
        </p>
      ) : null}
      <StatCards
        items={[
          { label: "Available Jobs", value: stats.availableJobs },
          { label: "Jobs Viewed", value: stats.jobsViewed },
          { label: "Applications", value: stats.applications },
          { label: "Companies", value: stats.companies },
        ]}
      />
      <section aria-labelledby="next-steps" className="quick-actions">
        <h2 id="next-steps">Next steps</h2>
        <ul className="quick-grid">
          <li>
            <Link to="/jobs" className="card quick-link">
              Browse jobs
            </Link>
          </li>
          <li>
            <Link to="/profile" className="card quick-link">
              Edit your profile
            </Link>
          </li>
        </ul>
      </section>
    </main>
  );
}
