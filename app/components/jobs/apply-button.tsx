/**
 * Apply Now. It goes to the job's apply link, else a mail to its apply address (the job title as
 * subject), else the company website (applyTargetOf). It is a real form posting to
 * /jobs/{id}/apply, so the click is recorded for signed-in users and it works without JavaScript:
 * the server answers with a redirect to the link or website (in a new tab) or to the `mailto:`
 * address (the browser hands it to the mail program and stays on the page).
 * A job with none of them has no button: the caller shows written instructions instead
 * (HowToApply on the job page, a link to them on cards).
 */
import { Link } from "@remix-run/react";
import { JOB_TEXT } from "~/models/job/job.text";
import type { ApplyTarget } from "~/models/job/apply-target";

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
      <Link
        to={`/jobs/${jobId}#how-to-apply`}
        className="btn btn-outline"
        aria-label={`${JOB_TEXT.seeHowToApply}: ${jobTitle}`}
      >
        {JOB_TEXT.seeHowToApply}
      </Link>
    );
  const mail = target.kind === "email";
  return (
    <form
      method="post"
      action={`/jobs/${jobId}/apply`}
      // A link or website opens in a new tab; a mail program opens over this page (no empty tab).
      target={mail ? undefined : "_blank"}
      // noopener only: "noreferrer" on a form makes the browser send `Origin: null`, which the
      // cross-site request guard must refuse. The company site still sees only Runway's origin.
      rel={mail ? undefined : "noopener"}
      className="apply-form"
    >
      <input type="hidden" name="back" value={back} />
      <button type="submit" className={className}>
        {JOB_TEXT.applyNow}
        <span className="visually-hidden">
          {" "}
          for {jobTitle} {mail ? `(e-mail ${target.address})` : "(opens in a new tab)"}
        </span>
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
