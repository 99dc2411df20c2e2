/**
 * The student and alumni dashboard: welcome, four cards, the Surveys button — and what to act
 * on: the newest jobs for the user's course, the surveys waiting and their own recent Apply Now clicks.
 */
import { Await, Form, Link } from "@remix-run/react";
import { Suspense } from "react";
import { type JobType } from "#db/constants";
import { relativeTime } from "~/lib/format";
import type { StudentStats } from "~/models/stats/stats.server";
import { QuickLinks } from "./quick-links";
import { StatCards } from "./stat-cards";
import {
  SURVEYS_SECTION_ID,
  SurveyList,
  SurveysButton,
  SurveysButtonLoading,
  SurveysFailed,
  type EligibleSurvey,
} from "./surveys-button";
import { JOB_TYPE_LABELS } from "~/lib/format";

export interface StudentFeed {
  /** The course the jobs matched, or null when they are simply the newest jobs. */
  courseName: string | null;
  jobs: Array<{
    id: string;
    title: string;
    companyName: string;
    jobType: JobType;
    location: string | null;
    createdAt: string;
  }>;
  applied: Array<{
    id: string;
    title: string;
    companyName: string;
    appliedAt: string;
    open: boolean;
  }>;
}

function JobsForYou({ feed, now }: { feed: StudentFeed; now: number }) {
  const heading = feed.courseName ? "New jobs for your course" : "Newest jobs";
  return (
    <section className="card dash-panel" aria-labelledby="dash-jobs">
      <div className="dash-panel-head">
        <h2 id="dash-jobs">{heading}</h2>
        <Link to="/jobs" className="btn btn-ghost btn-sm">
          All jobs
        </Link>
      </div>
      {feed.courseName ? <p className="muted dash-note">Matching {feed.courseName}</p> : null}
      {feed.jobs.length ? (
        <ul className="dash-list">
          {feed.jobs.map((j) => (
            <li key={j.id}>
              <Link to={`/jobs/${j.id}`} className="dash-item-title">
                {j.title}
              </Link>
              <span className="dash-item-meta">
                {j.companyName}
                {j.location ? ` · ${j.location}` : ""} ·{" "}
                <span className="badge badge-accent">
                  {JOB_TYPE_LABELS[j.jobType] ?? j.jobType}
                </span>{" "}
                · <time dateTime={j.createdAt}>{relativeTime(j.createdAt, new Date(now))}</time>
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">No jobs are posted yet. Check back soon.</p>
      )}
    </section>
  );
}

function RecentApplications({ feed, now }: { feed: StudentFeed; now: number }) {
  return (
    <section className="card dash-panel" aria-labelledby="dash-applied">
      <h2 id="dash-applied">Your recent applications</h2>
      {feed.applied.length ? (
        <ul className="dash-list">
          {feed.applied.map((a) => (
            <li key={a.id}>
              {a.open ? (
                <Link to={`/jobs/${a.id}`} className="dash-item-title">
                  {a.title}
                </Link>
              ) : (
                <span className="dash-item-title">{a.title}</span>
              )}
              <span className="dash-item-meta">
                {a.companyName} · Apply Now clicked{" "}
                <time dateTime={a.appliedAt}>{relativeTime(a.appliedAt, new Date(now))}</time>
                {a.open ? null : " · no longer open"}
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">
          Jobs where you click Apply Now appear here, so you can follow up.{" "}
          <Link to="/jobs">Find a job</Link>
        </p>
      )}
      {feed.applied.length ? (
        <p>
          <Link to="/applications">All my applications</Link>
        </p>
      ) : null}
    </section>
  );
}

const NEXT_STEPS = [
  { to: "/jobs", label: "Browse jobs" },
  { to: "/profile", label: "Edit your profile" },
  { to: "/alerts", label: "My job alerts" },
  { to: "/saved-jobs", label: "Saved jobs" },
  { to: "/applications", label: "My applications" },
];

function SurveysWaiting({ surveys }: { surveys: EligibleSurvey[] }) {
  return surveys.length ? (
    <SurveyList surveys={surveys} />
  ) : (
    <p className="muted">No surveys are waiting for you.</p>
  );
}

export function StudentDashboard({
  firstName,
  stats,
  failed,
  surveys,
  forYou,
  askPersonal = false,
  placement = null,
  now,
}: {
  firstName: string;
  /** An alumnus without a personal e-mail, not asked before. */
  askPersonal?: boolean;
  stats: StudentStats;
  failed: boolean;
  surveys: Promise<EligibleSurvey[]> | EligibleSurvey[];
  forYou: StudentFeed | null;
  /** The planned or deployed internship (OJT), linked to /ojt where hours are logged. */
  placement?: { companyName: string; status: string } | null;
  now: number;
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
          <Await resolve={surveys} errorElement={<SurveysFailed />}>
            {(list) => <SurveysButton surveys={list} />}
          </Await>
        </Suspense>
      </div>
      {askPersonal ? <PersonalEmailPrompt /> : null}
      {placement ? (
        <p className="alert alert-info">
          Your internship at {placement.companyName} is {placement.status}.{" "}
          <Link to="/ojt">Open My OJT</Link> to log hours and follow your progress.
        </p>
      ) : null}
      <StatCards
        failed={failed}
        items={[
          { label: "Available Jobs", value: stats.availableJobs },
          { label: "Jobs Viewed", value: stats.jobsViewed },
          { label: "Applications", value: stats.applications },
          { label: "Companies", value: stats.companies },
        ]}
      />
      <div className="dash-grid">
        {forYou ? (
          <JobsForYou feed={forYou} now={now} />
        ) : (
          <section className="card dash-panel" aria-labelledby="dash-jobs">
            <h2 id="dash-jobs">Newest jobs</h2>
            <p className="muted">
              Jobs could not be loaded. <Link to="/jobs">Open the job board</Link>
            </p>
          </section>
        )}
        <div className="dash-side">
          <section
            className="card dash-panel"
            id={SURVEYS_SECTION_ID}
            aria-labelledby="dash-surveys"
            tabIndex={-1}
          >
            <h2 id="dash-surveys">Surveys waiting</h2>
            <Suspense fallback={<p className="muted">Loading surveys…</p>}>
              <Await resolve={surveys} errorElement={<SurveysFailed />}>
                {(list) => <SurveysWaiting surveys={list} />}
              </Await>
            </Suspense>
          </section>
          {forYou ? <RecentApplications feed={forYou} now={now} /> : null}
        </div>
      </div>
      <QuickLinks id="next-steps" title="Next steps" links={NEXT_STEPS} />
    </main>
  );
}

/** Asked once of an alumnus without a personal address: add one, or "Not now". */
function PersonalEmailPrompt() {
  return (
    <section className="card personal-prompt" aria-labelledby="personal-prompt-title">
      <h2 id="personal-prompt-title">Keep your Runway account after graduation</h2>
      <p>
        Your college mailbox may close. Add a personal e-mail now to keep signing in, receive job
        alerts and answer tracer surveys.
      </p>
      <div className="row">
        <Link to="/profile#profile-personal" className="btn btn-primary">
          Add a personal e-mail
        </Link>
        <Form method="post" action="/dashboard">
          <input type="hidden" name="intent" value="personal-prompt-dismiss" />
          <button type="submit" className="btn btn-ghost">
            Not now
          </button>
        </Form>
      </div>
    </section>
  );
}
