/**
 * 'Report this posting' on a job page: a disclosure holding a plain form posting to
 * /jobs/{id}/report (works without JavaScript; the server answers with a redirect and a notice).
 * Guests get a link to sign in that comes back to the open form.
 * Send is disabled while the report is on its way; once sent (the answer goes back to the job
 * page, a refusal to #report) the form closes and the notice is the one thank-you. A new page load
 * without JavaScript shows it closed too; a repeat from another page only updates the same report.
 */
import { Form, Link, useLocation, useNavigation } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import {
  REPORT_DETAILS_MAX,
  REPORT_REASON_LABELS,
  REPORT_REASONS,
} from "~/models/job/report.rules";
import { FieldGroup, PlainField } from "~/components/ui/plain-field";

export function ReportJob({ jobId, mode }: { jobId: string; mode: "form" | "sign-in" | "none" }) {
  const action = `/jobs/${jobId}/report`;
  const navigation = useNavigation();
  const location = useLocation();
  const sending = navigation.state !== "idle" && navigation.formAction === action;
  const [sent, setSent] = useState(false);
  const waiting = useRef(false);
  useEffect(() => {
    if (sending) waiting.current = true;
    else if (waiting.current && navigation.state === "idle") {
      waiting.current = false;
      if (location.hash !== "#report") setSent(true);
    }
  }, [sending, navigation.state, location.hash]);
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
  if (sent)
    return (
      <p className="job-report muted" id="report">
        You reported this posting.
      </p>
    );
  return (
    <details className="job-report" id="report">
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
