/**
 * /companies/{id} — a company's page: its logo, location, website and description, and its open
 * jobs (approved, active, not past their deadline) as the board shows them. Open to the same people
 * as the board (public, ADR 021); an unknown, malformed or blocked company is a 404.
 *
 * Sections are independent: `CompanyPageData` is the loader's shape, and a later section (an
 * average host rating, say) adds one field to the loader and one block below without touching
 * the others. The page's data comes from loadCompanyPage in app/models/company/page.server.ts.
 */
import type { MetaFunction } from "@remix-run/node";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { saveModeOf } from "~/models/job/view.server";
import { Link, useLoaderData, useLocation } from "@remix-run/react";
import type { SerializeFrom } from "@remix-run/node";
import { JobCard } from "~/components/jobs/job-card";
import { CompanyLogo } from "~/components/jobs/company-logo";
import { LinkedText } from "~/components/ui/linked-text";
import { BoardErrorBoundary } from "~/components/jobs/board-error";
import { screen } from "~/web/screen.server";
import { loadCompanyPage } from "~/models/company/page.server";
import { toJobCard } from "~/models/job/card.server";
import { env } from "~/lib/env.server";
import { savedAmong } from "~/models/job/saved.server";
import { hostRatingForViewer } from "~/models/ojt/evaluation.server";
import { HostRating } from "~/components/ojt/host-rating";
import jobsCss from "~/styles/jobs.css";
import { stylesheet } from "~/components/layout/stylesheet";

export const links = stylesheet(jobsCss);

/** The page's texts, written once here. */
export const COMPANY_PAGE_TEXT = {
  openJobs: "Open jobs",
  noOpenJobs: "No open jobs right now. Save a search as a job alert to hear when one is posted.",
  notFound: "Company not found",
  notFoundBody: "This company is not on Runway, or its page is not available.",
  website: "Website",
  location: "Location",
} as const;

export function loader(args: LoaderFunctionArgs) {
  return screen(
    "public",
    async ({ params, user, ctx }) => {
      const page = await loadCompanyPage(ctx, params.id ?? "");
      const saveMode = saveModeOf(user);
      const saved = new Set(
        saveMode === "save"
          ? await savedAmong(
              ctx,
              page.jobs.map((j) => j.id),
            )
          : [],
      );
      const hostRating = await hostRatingForViewer(ctx, page.company.id);
      return json({
        company: page.company,
        hostRating,
        jobs: page.jobs.map((r) => toJobCard(r, saved.has(r.id), env().COLLEGE_TIMEZONE)),
        saveMode,
        now: Date.now(),
      });
    },
    { notFound: COMPANY_PAGE_TEXT.notFound },
  )(args);
}

/** What the loader gives the page (sections added later extend it). */
export type CompanyPageData = SerializeFrom<typeof loader>;

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data
    ? [
        { title: `${data.company.name} · Runway` },
        {
          name: "description",
          content: `Open internships and jobs at ${data.company.name}.`,
        },
      ]
    : [{ title: `${COMPANY_PAGE_TEXT.notFound} · Runway` }];

export default function CompanyPage() {
  const data = useLoaderData<typeof loader>();
  const location = useLocation();
  return (
    <main className="page company-page">
      <p>
        <Link to="/jobs">← All jobs</Link>
      </p>
      <CompanyAbout company={data.company} />
      <HostRating rating={data.hostRating} />
      <CompanyOpenJobs data={data} back={location.pathname} />
    </main>
  );
}

function CompanyAbout({ company }: { company: CompanyPageData["company"] }) {
  return (
    <section className="card stack" aria-labelledby="company-name">
      <header className="job-detail-head">
        <CompanyLogo name={company.name} logoUrl={company.logoUrl} size={64} />
        <div>
          <h1 id="company-name">{company.name}</h1>
          {company.location ? <p className="muted">{company.location}</p> : null}
        </div>
      </header>
      {company.website ? (
        <p>
          {COMPANY_PAGE_TEXT.website}:{" "}
          <a href={company.website} rel="noopener noreferrer" target="_blank">
            {company.website.replace(/^https?:\/\//, "").replace(/\/$/, "")}
            <span className="visually-hidden"> (opens in a new tab)</span>
          </a>
        </p>
      ) : null}
      {company.description ? (
        <div className="job-detail-body">
          <LinkedText text={company.description} />
        </div>
      ) : null}
    </section>
  );
}

function CompanyOpenJobs({ data, back }: { data: CompanyPageData; back: string }) {
  return (
    <section aria-labelledby="company-jobs" className="stack company-jobs">
      <h2 id="company-jobs">
        {COMPANY_PAGE_TEXT.openJobs} ({data.jobs.length})
      </h2>
      {data.jobs.length ? (
        <div className="grid-cards">
          {data.jobs.map((j) => (
            <JobCard key={j.id} job={j} now={data.now} back={back} saveMode={data.saveMode} />
          ))}
        </div>
      ) : (
        <p className="jobs-empty">{COMPANY_PAGE_TEXT.noOpenJobs}</p>
      )}
    </section>
  );
}

export function ErrorBoundary() {
  return (
    <BoardErrorBoundary
      notFoundTitle={COMPANY_PAGE_TEXT.notFound}
      notFoundBody={COMPANY_PAGE_TEXT.notFoundBody}
    />
  );
}
