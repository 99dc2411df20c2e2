// Landing page: hero, links to /register, /login, /dashboard and /jobs, features and
// benefits; signed-in students and alumni also get the Available Surveys list. Public: the viewer
// and the configuration come from the root loader; this loader only adds the eligible surveys.
import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { INSTITUTE_COUNT, PROGRAMME_COUNT } from "#db/college-facts";
import { AvailableSurveys } from "~/components/survey/available-surveys";
import { screen } from "~/web/screen.server";
import { listEligibleSurveys } from "~/models/survey/survey.server";
import type { loader as rootLoader } from "~/root";
import styles from "~/styles/landing.css";
import surveyStyles from "~/styles/surveys.css";
import { GeneralErrorBoundary } from "~/components/ui/error-boundary";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: styles },
  { rel: "stylesheet", href: surveyStyles },
];

/** Public page; the survey list is for signed-in students and alumni only (admins are not prompted). */
export function loader(args: LoaderFunctionArgs) {
  return screen("public", async ({ user, ctx }) => {
    const surveys = user && user.role !== "admin" ? await listEligibleSurveys(ctx.db, user) : [];
    return json({ surveys });
  })(args);
}

export const meta: MetaFunction = () => [
  { title: "Runway — internships and jobs for our students and alumni" },
  {
    name: "description",
    content:
      "Runway connects the college's students and alumni with internships, OJT and jobs reviewed by the college.",
  },
];

export default function Landing() {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const { surveys } = useLoaderData<typeof loader>();
  const user = root?.user ?? null;
  const college = root?.config.collegeName ?? "the college";
  const domain = root?.config.emailDomain ?? "example.edu";
  return (
    <main className="landing">
      <section className="hero" aria-labelledby="hero-title">
        <div className="hero-inner">
          <div className="hero-copy">
            <p className="eyebrow">{college} · Careers and alumni</p>
            <h1 id="hero-title">Your career, cleared for takeoff.</h1>
            <p className="hero-lead">
              Runway connects the students and alumni of {college} with internships, OJT placements
              and jobs — every posting reviewed by the college before it reaches you.
            </p>
            <div className="hero-actions">
              {user ? (
                <Link to="/dashboard" className="btn btn-primary btn-lg">
                  Go to your dashboard
                </Link>
              ) : (
                <>
                  <Link to="/register" className="btn btn-primary btn-lg">
                    Create your account
                  </Link>
                  <Link to="/login" className="btn btn-outline btn-lg">
                    Sign in
                  </Link>
                </>
              )}
              <Link to="/jobs" className="btn btn-ghost btn-lg hero-jobs-link">
                Browse jobs <span aria-hidden="true">→</span>
              </Link>
            </div>
            <ul className="hero-facts" aria-label="Runway at a glance">
              <li>
                <strong>{PROGRAMME_COUNT}</strong> programmes
              </li>
              <li>
                <strong>{INSTITUTE_COUNT}</strong> institutes
              </li>
              <li>
                <strong>100%</strong> college-reviewed postings
              </li>
            </ul>
          </div>
          <HeroArt />
        </div>
      </section>

      {user ? (
        // Stays mounted while the list empties, so the dialog can finish and thank the user.
        <div className="landing-section landing-surveys">
          <div className="landing-inner">
            <AvailableSurveys surveys={surveys} />
          </div>
        </div>
      ) : null}

      <section className="landing-section" aria-labelledby="features-title">
        <div className="landing-inner">
          <p className="eyebrow">Features</p>
          <h2 id="features-title">Everything for the next leg of your journey</h2>
          <ul className="feature-grid">
            {FEATURES.map((f) => (
              <li key={f.title} className="feature-card">
                <span className="feature-icon" aria-hidden="true">
                  <svg width="24" height="24" viewBox="0 0 24 24" focusable="false">
                    <path
                      d={f.icon}
                      fill="none"
                      stroke="currentColor"
                      strokeWidth="2"
                      strokeLinecap="round"
                      strokeLinejoin="round"
                    />
                  </svg>
                </span>
                <h3>{f.title}</h3>
                <p>{f.text(domain)}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="landing-section landing-section-alt" aria-labelledby="benefits-title">
        <div className="landing-inner">
          <p className="eyebrow">Benefits</p>
          <h2 id="benefits-title">Built for everyone on the flight deck</h2>
          <div className="benefit-grid">
            {BENEFITS.map((b) => (
              <article key={b.who} className="benefit-card">
                <h3>{b.who}</h3>
                <ul className="check-list">
                  {b.points.map((p) => (
                    <li key={p}>{p}</li>
                  ))}
                </ul>
              </article>
            ))}
          </div>
        </div>
      </section>

      <section className="landing-section" aria-labelledby="steps-title">
        <div className="landing-inner">
          <p className="eyebrow">How it works</p>
          <h2 id="steps-title">From sign-up to first day in four steps</h2>
          <ol className="steps">
            <li>
              <h3>
                <Link to="/register">Register</Link>
              </h3>
              <p>Create your account with your @{domain} e-mail as a student or an alumnus.</p>
            </li>
            <li>
              <h3>
                <Link to="/login">Verify and sign in</Link>
              </h3>
              <p>Confirm your e-mail with the 6-digit code we send you, then sign in.</p>
            </li>
            <li>
              <h3>
                <Link to="/jobs">Browse jobs</Link>
              </h3>
              <p>
                Search approved internships and jobs by keyword, type and location, and apply on the
                employer&apos;s site.
              </p>
            </li>
            <li>
              <h3>
                <Link to="/dashboard">Open your dashboard</Link>
              </h3>
              <p>See what is new for you and answer the college&apos;s surveys in a few minutes.</p>
            </li>
          </ol>
        </div>
      </section>

      <section className="cta-band" aria-labelledby="cta-title">
        <div className="landing-inner cta-inner">
          <h2 id="cta-title">{user ? "Ready for your next departure?" : "Ready for departure?"}</h2>
          <div className="hero-actions">
            <Link to={user ? "/dashboard" : "/register"} className="btn btn-light btn-lg">
              {user ? "Open your dashboard" : "Register now"}
            </Link>
            <Link to="/jobs" className="btn btn-on-dark btn-lg">
              See open positions
            </Link>
          </div>
        </div>
      </section>
    </main>
  );
}

const FEATURES: ReadonlyArray<{ title: string; icon: string; text: (domain: string) => string }> = [
  {
    title: "Reviewed opportunities",
    icon: "M12 3l7 3v5c0 4.5-3 8.3-7 10-4-1.7-7-5.5-7-10V6l7-3zM9 12l2 2 4-4",
    text: () =>
      "Every internship and job is approved by the college before it is listed, so you only see real offers.",
  },
  {
    title: "Search that finds it",
    icon: "M11 4a7 7 0 1 0 0 14 7 7 0 0 0 0-14zM21 21l-5-5",
    text: () =>
      "Search titles, companies and skills, then narrow by job type and location in a click.",
  },
  {
    title: "Graduate tracer surveys",
    icon: "M9 4h6v3H9zM7 5H5v16h14V5h-2M8 12h8M8 16h5",
    text: () => "Short surveys help the college follow its graduates and improve every programme.",
  },
  {
    title: "One college account",
    icon: "M4 6h16v12H4zM4 7l8 6 8-6",
    text: (domain) => `Sign up with your @${domain} address and confirm it with a one-time code.`,
  },
];

const BENEFITS: ReadonlyArray<{ who: string; points: string[] }> = [
  {
    who: "For students",
    points: [
      "Internships and OJT placements that fit the aviation programmes",
      "A dashboard with what is new for you",
      "Apply directly on the employer's website",
    ],
  },
  {
    who: "For alumni",
    points: [
      "Full-time and contract roles from the college's partners",
      "Stay connected with your college after graduation",
      "Share your career path through short surveys",
    ],
  },
  {
    who: "For the college",
    points: [
      "Manage jobs, companies, users and surveys in one place",
      "Statistics on users, searches and courses at a glance",
      "Tracer survey answers ready for reports",
    ],
  },
];

/** A light inline illustration: a flight path climbing away from a runway. */
function HeroArt() {
  return (
    <svg className="hero-art" viewBox="0 0 360 260" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id="hero-sky" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="currentColor" stopOpacity=".16" />
          <stop offset="1" stopColor="currentColor" stopOpacity=".02" />
        </linearGradient>
      </defs>
      <rect x="0" y="0" width="360" height="260" rx="24" fill="url(#hero-sky)" />
      <circle cx="290" cy="60" r="26" fill="currentColor" opacity=".12" />
      <path
        d="M40 70c14-8 30-8 42 0M210 110c10-6 22-6 30 0"
        stroke="currentColor"
        strokeOpacity=".35"
        strokeWidth="3"
        fill="none"
        strokeLinecap="round"
      />
      <path
        d="M30 216C120 210 190 170 262 96"
        stroke="currentColor"
        strokeWidth="3"
        strokeDasharray="2 10"
        strokeLinecap="round"
        fill="none"
      />
      <g transform="translate(262 96) rotate(-42)" fill="currentColor">
        <path d="M-22 0l44-2c4 0 6 1 6 2s-2 2-6 2l-44-2z" />
        <path d="M0 0l-14-20h6L10 0z M0 0l-14 20h6L10 0z" />
        <path d="M-20 0l-6-9h4l7 9z M-20 0l-6 9h4l7-9z" />
      </g>
      <path d="M0 236h360v24H0z" fill="currentColor" opacity=".9" />
      <path
        d="M16 248h28M64 248h28M112 248h28M160 248h28M208 248h28M256 248h28M304 248h28"
        stroke="#fff"
        strokeWidth="3"
      />
    </svg>
  );
}

/** A failure on this screen shows the standard error page inside the frame. */
export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
