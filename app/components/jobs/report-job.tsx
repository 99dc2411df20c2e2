/**
 * 'Report this posting' on a job page: a disclosure holding a plain form posting to
 * /jobs/{id}/report (works without JavaScript; the server answers with a redirect and a notice).
 * Guests get a link to sign in that comes back to the open form.
 * Send is disabled while the report is on its way; once sent the form folds and the notice is the
 * one thank-you (a refusal comes back to #report with the form open). A repeat only updates the
 * same report (one per user and job).
 */
import { Form, Link, useLocation, useNavigation } from "@remix-run/react";
import {
  REPORT_DETAILS_MAX,
  REPORT_REASON_LABELS,
  REPORT_REASONS,
} from "~/models/job/report.rules";
import { FieldGroup, PlainField } from "~/components/ui/plain-field";

export function ReportJob({ jobId, mode }: { jobId: string; mode: "form" | "sign-in" | "none" }) {
  const action = `/jobs/${jobId}/report`;
  const { key, hash } = useLocation();
  const sending = useNavigation().formAction === action;
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
      <Form method="post" action={action} className="stack job-report-form">
        <FieldGroup label="Why are you reporting this posting?">
          {REPORT_REASONS.map((r) => (
            <label key={r} className="checkbox-field">
              <input type="radio" name="reason" value={r} required /> {REPORT_REASON_LABELS[r]}
            </label>
          ))}
        </FieldGroup>
        <PlainField
          id="report-details"
          label="Details"
          hint={
            <>
              What is wrong? Required when you choose Other. The career office reads every report;
              the company does not see who sent it.
            </>
          }
        >
          {(ctrl) => <textarea {...ctrl} name="details" rows={4} maxLength={REPORT_DETAILS_MAX} />}
        </PlainField>
        <div>
          <button type="submit" className="btn btn-danger btn-sm" disabled={sending}>
            {sending ? "Sending…" : "Send report"}
          </button>
        </div>
      </Form>
    </details>
  );
}
