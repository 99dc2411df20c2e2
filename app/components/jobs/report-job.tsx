/**
 * 'Report this posting' on a job page: a disclosure holding a plain form posting to
 * /jobs/{id}/report (works without JavaScript; the server answers with a redirect and a notice).
 * Guests get a link to sign in that comes back to the open form.
 * Send is disabled while the report is on its way; once sent the form folds and the notice is the
 * one thank-you (a refusal comes back to #report with the form open). A repeat only updates the
 * same report (one per user and job).
 * The form's code (report-form.tsx) is loaded apart: guests never get the form, and a signed-in
 * user's page loads it before it hydrates (deferred(), ADR 143).
 */
import { Link, useLocation } from "@remix-run/react";
import { deferred } from "~/components/ui/deferred";

const ReportForm = deferred(
  "report-form",
  () => import("./report-form").then((m) => m.ReportForm),
  { marker: ".job-report-form" },
);

export function ReportJob({ jobId, mode }: { jobId: string; mode: "form" | "sign-in" | "none" }) {
  const { key, hash } = useLocation();
  if (mode === "none") return null;
  if (mode === "sign-in")
    return (
      <p className="job-report muted" id="report">
        Something wrong with this posting?{" "}
        <Link to={`/login?redirectTo=${encodeURIComponent(`/jobs/${jobId}/report`)}`}>
          Sign in to report this posting
        </Link>
        .
      </p>
    );
  return (
    // A new page (each answer is one) folds the form; a refusal comes back to #report, open.
    <details className="job-report" id="report" key={key} open={hash === "#report" || undefined}>
      <summary className="btn btn-ghost btn-sm">Report this posting</summary>
      <ReportForm jobId={jobId} />
    </details>
  );
}
