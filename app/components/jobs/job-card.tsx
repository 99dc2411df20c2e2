/** One job on the board: logo, title, posted time, preview, company, location, type, Apply Now. */
import type { SerializeFrom } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { relativeTime } from "~/lib/format";
import { ApplyButton } from "./apply-button";
import { CompanyLogo } from "./company-logo";
import { SaveJobButton } from "./save-job-button";
import { JobFacts } from "./job-facts";
import { closingSoon } from "~/models/job/job.board";
import type { CardJob } from "~/models/job/card.server";
import { useSaveData } from "~/components/ui/save-data";

export function JobCard({
  job,
  now,
  back,
  saveMode = "none",
}: {
  /** As the loader sends it (dates as ISO strings). */
  job: SerializeFrom<CardJob>;
  now: number;
  back: string;
  /** save: the bookmark; sign-in: a link to sign in (guests); none: nothing (admins). */
  saveMode?: "save" | "sign-in" | "none";
}) {
  const titleId = `job-${job.id}-title`;
  const saveData = useSaveData();
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
                  <span className="visually-hidden">: apply by {job.deadlineLabel}</span>
                </span>
              </>
            ) : null}
          </p>
        </div>
      </div>
      {job.preview ? <p className="job-card-preview">{job.preview}</p> : null}
      <JobFacts job={job} />
      <LicenceChips licences={job.licences} />
      <div className="job-card-actions">
        {saveMode !== "none" ? (
          <SaveJobButton
            jobId={job.id}
            jobTitle={job.title}
            saved={job.saved}
            canSave={saveMode === "save"}
            back={back}
          />
        ) : null}
        <ApplyButton jobId={job.id} jobTitle={job.title} target={job.apply} back={back} />
      </div>
    </article>
  );
}

/** Chips shown on a card before "+N". */
export const CARD_LICENCES = 3;

/** A card's licence chips: at most CARD_LICENCES, then "+N" naming the rest for screen readers. */
export function LicenceChips({ licences }: { licences: string[] }) {
  if (!licences.length) return null;
  const shown = licences.slice(0, CARD_LICENCES);
  const rest = licences.slice(CARD_LICENCES);
  return (
    <ul className="job-categories job-licences" aria-label="Licences or certificates">
      {shown.map((l) => (
        <li key={l} className="badge">
          {l}
        </li>
      ))}
      {rest.length ? (
        <li className="badge" title={rest.join(", ")}>
          {`+${rest.length}`}
          <span className="visually-hidden">{` more: ${rest.join(", ")}`}</span>
        </li>
      ) : null}
    </ul>
  );
}
