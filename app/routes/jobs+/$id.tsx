import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData, useLocation } from "@remix-run/react";
import { ApplyButton, HowToApply } from "~/components/jobs/apply-button";
import { SaveJobButton } from "~/components/jobs/save-job-button";
import { ReportJob } from "~/components/jobs/report-job";
import { Requirements } from "~/components/jobs/requirements";
import { savedAmong } from "~/models/job/saved.server";
import { CompanyLogo } from "~/components/jobs/company-logo";
import { JobFacts } from "~/components/jobs/job-facts";
import { LinkedText } from "~/components/ui/linked-text";
import { screen } from "~/web/screen.server";
import type { SessionUser } from "~/models/auth/session.server";
import { HostRating } from "~/components/ojt/host-rating";
import { hostRatingForViewer } from "~/models/ojt/evaluation.server";
import { env } from "~/lib/env.server";
import { preview, relativeTime } from "~/lib/format";
import { jobPostingJsonLd, jobUrl, jsonForScript } from "~/models/job/feed.server";
import { deadlineFacts } from "~/models/job/card.server";
import { toJobView } from "~/models/job/view.server";
import { allowanceOf, logoPath, safeWebsite, viewJob } from "~/models/job/job.server";
import { getPublicCompany } from "~/models/company/page.server";
import jobsCss from "~/styles/jobs.css";
import { stylesheet } from "~/components/layout/stylesheet";
import { BoardErrorBoundary } from "~/components/jobs/board-error";
import type { Ctx } from "~/models/context";
import { JOB_TYPE_LABELS } from "~/lib/format";

export const links = stylesheet(jobsCss);

/**
 * /jobs/{id}: an approved active job for everyone (404 otherwise; admins may preview any job).
 * Past its application deadline the page stays, saying applications are closed, and is not indexed.
 * A signed-in user's visit is recorded as a 'view'. The page carries schema.org JobPosting data.
 */
export function loader(args: LoaderFunctionArgs) {
  return screen("public", ({ params, user, ctx }) => jobPage(ctx, user, params.id ?? ""), {
    notFound: "Job not found",
  })(args);
}

async function jobPage(ctx: Ctx, user: SessionUser | null, id: string) {
  const row = await viewJob(ctx, id);
  const base = env().PUBLIC_URL;
  const view = toJobView(row, user);
  const { saveMode } = view;
  const saved = saveMode === "save" && (await savedAmong(ctx, [row.id])).length > 0;
  // "About the company": its description (a blocked company's jobs never reach here but admins').
  const company = await getPublicCompany(ctx, row.companyId);
  const { isPublic } = view;
  // The interns' average rating of the host: for the college's people, from 3 reviews only.
  const hostRating = await hostRatingForViewer(ctx, row.companyId);
  const closed = view.applyState === "closed";
  const deadline = row.applicationDeadline?.toISOString() ?? null;
  return json({
    job: {
      id: row.id,
      title: row.title,
      companyName: row.companyName,
      companyId: row.companyId,
      companyLocation: row.companyLocation,
      companyDescription: company.description,
      logoUrl: logoPath(row.companyLogoFileId),
      website: safeWebsite(row.companyWebsite),
      location: row.location,
      jobType: row.jobType,
      typeLabel: JOB_TYPE_LABELS[row.jobType] ?? row.jobType,
      categories: row.categories,
      shortDescription: row.shortDescription,
      description: row.description,
      summary: preview(row.shortDescription, row.description),
      createdAt: row.createdAt,
      status: row.status,
      isApproved: row.isApproved,
      hiddenReason: row.hiddenReason,
      deadline,
      ...deadlineFacts(deadline, env().COLLEGE_TIMEZONE),
      licences: row.licences,
      ojtHours: row.ojtHours,
      shift: row.shift,
      medicalClass: row.medicalClass,
      allowance: allowanceOf(row).allowance,
      apply: view.apply,
    },
    reportMode: view.reportMode,
    isPublic,
    closed,
    hostRating,
    saveMode,
    saved,
    canonical: jobUrl(base, row.id),
    jsonLd: isPublic ? jsonForScript(jobPostingJsonLd(row, base)) : null,
    now: Date.now(),
  });
}

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  if (!data) return [{ title: "Job not found · Runway" }];
  const { job } = data;
  return [
    { title: `${job.title} — ${job.companyName} · Runway` },
    { name: "description", content: job.summary || `${job.typeLabel} at ${job.companyName}` },
    { tagName: "link", rel: "canonical", href: data.canonical },
    { property: "og:type", content: "website" },
    { property: "og:title", content: `${job.title} — ${job.companyName}` },
    { property: "og:url", content: data.canonical },
    ...(data.isPublic ? [] : [{ name: "robots", content: "noindex" }]),
  ];
};

export default function JobPage() {
  const { job, jsonLd, isPublic, closed, now, saveMode, saved, reportMode, hostRating } =
    useLoaderData<typeof loader>();
  const location = useLocation();
  return (
    <main className="page job-detail">
      {jsonLd ? (
        <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLd }} />
      ) : null}
      <p>
        <Link to="/jobs">← All jobs</Link>
      </p>
      {closed ? (
        <p className="alert alert-info" role="note">
          Applications closed: this job stopped taking applications on {job.deadlineLabel}.
        </p>
      ) : !isPublic ? (
        <p className="alert alert-info" role="note">
          Only administrators can see this job: it is{" "}
          {[
            !job.isApproved ? "pending approval" : null,
            job.status !== "active" ? job.status : null,
            job.hiddenReason === "reports"
              ? "hidden after reports from users (see Reports)"
              : job.hiddenReason === "blocked"
                ? "hidden: its company is blocked"
                : null,
          ]
            .filter(Boolean)
            .join(" and ")}
          .
        </p>
      ) : null}
      <article className="card stack" aria-labelledby="job-title">
        <header className="job-detail-head">
          <CompanyLogo name={job.companyName} logoUrl={job.logoUrl} size={64} />
          <div>
            <h1 id="job-title">{job.title}</h1>
            <p className="muted">
              <Link to={`/companies/${job.companyId}`}>{job.companyName}</Link> · posted{" "}
              <time dateTime={job.createdAt}>{relativeTime(job.createdAt, new Date(now))}</time>
            </p>
          </div>
        </header>
        <JobFacts
          job={job}
          className="job-detail-facts"
          companyExtra={<HostRating rating={hostRating} />}
        >
          {job.deadline ? (
            <div>
              <dt>{closed ? "Applications closed" : "Apply by"}</dt>
              <dd>
                <time dateTime={job.deadline}>{job.deadlineLabel}</time>
                {job.closingSoon ? (
                  <>
                    {" "}
                    <span className="badge badge-warning">Closing soon</span>
                  </>
                ) : null}
              </dd>
            </div>
          ) : null}
          {job.categories.length ? (
            <div>
              <dt>Categories</dt>
              <dd>
                <ul className="job-categories">
                  {job.categories.map((c) => (
                    <li key={c} className="badge">
                      {c}
                    </li>
                  ))}
                </ul>
              </dd>
            </div>
          ) : null}
        </JobFacts>
        {/* Apply Now right under the facts; on a phone the bar stays in view (sticky) once the
            page scrolls past it. A job with no way to apply shows the instructions instead. */}
        <div className="row job-detail-actions">
          {saveMode !== "none" ? (
            <SaveJobButton
              jobId={job.id}
              jobTitle={job.title}
              saved={saved}
              canSave={saveMode === "save"}
              back={location.pathname + location.search}
            />
          ) : null}
          {closed ? (
            <p className="job-closed" role="status">
              <strong>Applications closed</strong>
            </p>
          ) : job.apply ? (
            <ApplyButton
              jobId={job.id}
              jobTitle={job.title}
              target={job.apply}
              back={location.pathname + location.search}
            />
          ) : null}
        </div>
        {!closed && !job.apply ? <HowToApply /> : null}
        {job.shortDescription ? (
          <p className="job-detail-lead">
            <LinkedText text={job.shortDescription} />
          </p>
        ) : null}
        <Requirements job={job} />
        {job.description ? (
          <section aria-labelledby="job-description">
            <h2 id="job-description">Description</h2>
            <div className="job-detail-body">
              <LinkedText text={job.description} />
            </div>
          </section>
        ) : null}
        <section aria-labelledby="job-company" className="job-company">
          <h2 id="job-company">About {job.companyName}</h2>
          {job.companyDescription ? (
            <div className="job-detail-body">
              <LinkedText text={job.companyDescription} />
            </div>
          ) : null}
          <p>
            <Link to={`/companies/${job.companyId}`}>
              Company page and open jobs
              <span className="visually-hidden"> at {job.companyName}</span>
            </Link>
          </p>
        </section>
        <div className="job-safety">
          <p className="muted">
            Never pay to apply. <Link to="/stay-safe">Stay safe: how to spot a fake job</Link>
          </p>
          <ReportJob jobId={job.id} mode={reportMode} />
        </div>
      </article>
    </main>
  );
}

export function ErrorBoundary() {
  return (
    <BoardErrorBoundary
      notFoundTitle="Job not found"
      notFoundBody="This job is not available. It may have been filled or removed."
    />
  );
}
