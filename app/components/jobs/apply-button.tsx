/**
 * Apply Now: opens the company website in a new tab. It is a real form posting to
 * /jobs/{id}/apply, so the click is recorded for signed-in users and it works without JavaScript;
 * the server answers with a redirect to the website. Without a website it alerts the spec's text
 * (and, without JavaScript, the server answers with the same text as a notice).
 */
import { JOB_TEXT } from "~/models/job/job.board";

export function ApplyButton({
  jobId,
  jobTitle,
  hasWebsite,
  back,
  className = "btn btn-primary",
}: {
  jobId: string;
  jobTitle: string;
  hasWebsite: boolean;
  back: string;
  className?: string;
}) {
  return (
    <form
      method="post"
      action={`/jobs/${jobId}/apply`}
      target={hasWebsite ? "_blank" : undefined}
      // noopener only: "noreferrer" on a form makes the browser send `Origin: null`, which the
      // cross-site request guard must refuse. The company site still sees only Runway's origin.
      rel={hasWebsite ? "noopener" : undefined}
      onSubmit={
        hasWebsite
          ? undefined
          : (e) => {
              e.preventDefault();
              window.alert(JOB_TEXT.noWebsite);
            }
      }
      className="apply-form"
    >
      <input type="hidden" name="back" value={back} />
      <button type="submit" className={className}>
        {JOB_TEXT.applyNow}
        <span className="visually-hidden"> for {jobTitle}</span>
        {hasWebsite ? <span className="visually-hidden"> (opens in a new tab)</span> : null}
      </button>
    </form>
  );
}
