/** One job on the board: logo, title, posted time, preview, company, location, type, Apply Now. */
import { Link } from "@remix-run/react";
import { type JobType } from "#db/constants";
import { relativeTime } from "~/lib/format";
import { ApplyButton } from "./apply-button";
import { CompanyLogo } from "./company-logo";
import { SaveJobButton } from "./save-job-button";
import { LicenceChips } from "./requirements";
import { JOB_TYPE_LABELS } from "~/lib/format";
import { closingSoon, deadlineLabel, JOB_TEXT } from "~/models/job/job.board";
import type { ApplyTarget } from "~/models/job/apply-target";
import { useSaveData } from "~/components/ui/save-data";
import { useCollegeTimeZone } from "~/components/ui/use-time-zone";

export interface JobCardData {
  id: string;
  title: string;
  companyName: string;
  logoUrl: string | null;
  /** The company's page (/companies/{id}). */
  companyId: string;
  /** Where Apply Now goes (apply link, apply e-mail, company website), or null: none. */
  apply: ApplyTarget | null;
  /** The allowance in words ("PHP 15,000 a month", "Unpaid"), or null: not stated. */
  allowance?: string | null;
  location: string | null;
  jobType: JobType;
  preview: string;
  createdAt: string;
  categories: string[];
  /** Required licences or certificates; the card shows at most three. */
  licences?: string[];
  /** ISO 8601, or null: no deadline. */
  applicationDeadline?: string | null;
  /** Saved by the signed-in student or alumnus. */
  saved?: boolean;
}

export function JobCard({
  job,
  now,
  back,
  saveMode = "none",
}: {
  job: JobCardData;
  now: number;
  back: string;
  /** save: the bookmark; sign-in: a link to sign in (guests); none: nothing (admins). */
  saveMode?: "save" | "sign-in" | "none";
}) {
  const titleId = `job-${job.id}-title`;
  const saveData = useSaveData();
  const timeZone = useCollegeTimeZone();
  return (
    <article className="card job-card" aria-labelledby={titleId}>
      <div className="job-card-head">
        <CompanyLogo name={job.companyName} logoUrl={saveData ? null : job.logoUrl} />
        <div className="job-card-heading">
          <h2 id={titleId} className="job-card-title">
            <Link to={`/jobs/${job.id}`}>{job.title}</Link>
          </h2>
          <p className="job-card-posted muted">
            <time dateTime={job.createdAt}>{relativeTime(job.createdAt, new Date(now))}</time>
            {job.applicationDeadline && closingSoon(job.applicationDeadline, now) ? (
              <>
                {" · "}
                <span className="badge badge-warning">
                  Closing soon
                  <span className="visually-hidden">
                    : apply by {deadlineLabel(job.applicationDeadline, timeZone)}
                  </span>
                </span>
              </>
            ) : null}
          </p>
        </div>
      </div>
      {job.preview ? <p className="job-card-preview">{job.preview}</p> : null}
      <dl className="job-facts">
        <div>
          <dt>Company</dt>
          <dd>
            <Link to={`/companies/${job.companyId}`}>{job.companyName}</Link>
          </dd>
        </div>
        <div>
          <dt>Location</dt>
          <dd>{job.location || "—"}</dd>
        </div>
        <div>
          <dt>Type</dt>
          <dd>
            <span className="badge badge-accent">
              {JOB_TYPE_LABELS[job.jobType] ?? job.jobType}
            </span>
          </dd>
        </div>
        {job.allowance ? (
          <div>
            <dt>{JOB_TEXT.allowance}</dt>
            <dd>{job.allowance}</dd>
          </div>
        ) : null}
      </dl>
      <LicenceChips licences={job.licences ?? []} />
      <div className="job-card-actions">
        {saveMode !== "none" ? (
          <SaveJobButton
            jobId={job.id}
            jobTitle={job.title}
            saved={!!job.saved}
            canSave={saveMode === "save"}
            back={back}
          />
        ) : null}
        <ApplyButton jobId={job.id} jobTitle={job.title} target={job.apply} back={back} />
      </div>
    </article>
  );
}
