/**
 * Apply Now. It goes to the job's apply link, else a mail to its apply address (the job title as
 * subject), else the company website (applyTargetOf). A link or website is a real form posting to
 * /jobs/{id}/apply, so the click is recorded for signed-in users and it works without JavaScript;
 * the server answers with a redirect in a new tab. An apply address is a plain `mailto:` link (a mail
 * program opens, no tab); with JavaScript its click is recorded the same way in the background.
 * A job with none of them has no button: the caller shows written instructions instead
 * (HowToApply on the job page, a link to them on cards).
 */
import { Link } from "@remix-run/react";
import { JOB_TEXT, type ApplyTarget } from "~/models/job/job.board";

export function ApplyButton({
  jobId,
  jobTitle,
  target,
  back,
  className = "btn btn-primary",
}: {
  jobId: string;
  jobTitle: string;
  target: ApplyTarget | null;
  back: string;
  className?: string;
}) {
  if (!target)
    return (
      <Link to={`/jobs/${jobId}#how-to-apply`} className="btn btn-outline">
        {JOB_TEXT.seeHowToApply}
        <span className="visually-hidden">: {jobTitle}</span>
      </Link>
    );
  if (target.kind === "email")
    return (
      <a
        href={target.href}
        className={className}
        onClick={() => {
          // Records the click like the form does (same origin, so the request guard lets it in).
          const body = new FormData();
          body.set("back", back);
          void fetch(`/jobs/${jobId}/apply`, {
            method: "POST",
            body,
            redirect: "manual",
            keepalive: true,
          }).catch(() => undefined);
        }}
      >
        {JOB_TEXT.applyNow}
        <span className="visually-hidden">
          {" "}
          for {jobTitle} (e-mail {target.address})
        </span>
      </a>
    );
  return (
    <form
      method="post"
      action={`/jobs/${jobId}/apply`}
      target="_blank"
      // noopener only: "noreferrer" on a form makes the browser send `Origin: null`, which the
      // cross-site request guard must refuse. The company site still sees only Runway's origin.
      rel="noopener"
      className="apply-form"
    >
      <input type="hidden" name="back" value={back} />
      <button type="submit" className={className}>
        {JOB_TEXT.applyNow}
        <span className="visually-hidden"> for {jobTitle} (opens in a new tab)</span>
      </button>
    </form>
  );
}

/** The job page's written instructions where Apply Now would be, for a job with no way to apply. */
export function HowToApply() {
  return (
    <section id="how-to-apply" className="apply-instructions" aria-labelledby="how-to-apply-h">
      <h2 id="how-to-apply-h">{JOB_TEXT.howToApplyHeading}</h2>
      <p>{JOB_TEXT.noApplyRoute}</p>
    </section>
  );
}
