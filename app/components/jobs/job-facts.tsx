/**
 * The facts of a job as a definition list — company, location, type and, when stated, the
 * allowance — on the board's cards and the job page, which adds its own facts after them.
 */
import type { ReactNode } from "react";
import { Link } from "@remix-run/react";
import { JOB_TYPE_LABELS } from "~/lib/format";
import { JOB_TEXT } from "~/models/job/job.text";
import type { Job } from "~/models/job/job.server";

export type JobFactsJob = Pick<Job, "companyId" | "companyName" | "location" | "jobType"> & {
  /** The allowance in words ("PHP 15,000 a month", "Unpaid"), or null: not stated. */
  allowance: string | null;
};

export function JobFacts({
  job,
  className,
  companyExtra,
  children,
}: {
  job: JobFactsJob;
  /** Classes besides `job-facts`. */
  className?: string;
  /** Shown after the company's name (the job page: the host's rating). */
  companyExtra?: ReactNode;
  /** Further facts, after these. */
  children?: ReactNode;
}) {
  return (
    <dl className={className ? `job-facts ${className}` : "job-facts"}>
      <div>
        <dt>Company</dt>
        <dd>
          <Link to={`/companies/${job.companyId}`}>{job.companyName}</Link>
          {companyExtra}
        </dd>
      </div>
      <div>
        <dt>Location</dt>
        <dd>{job.location || "—"}</dd>
      </div>
      <div>
        <dt>Type</dt>
        <dd>
          <span className="badge badge-accent">{JOB_TYPE_LABELS[job.jobType] ?? job.jobType}</span>
        </dd>
      </div>
      {job.allowance ? (
        <div>
          <dt>{JOB_TEXT.allowance}</dt>
          <dd>{job.allowance}</dd>
        </div>
      ) : null}
      {children}
    </dl>
  );
}
