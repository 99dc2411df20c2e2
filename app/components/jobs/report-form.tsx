/**
 * The form of 'Report this posting' (report-job.tsx): a reason, details, and Send, disabled while
 * the report is on its way.
 */
import { Form, useNavigation } from "@remix-run/react";
import {
  REPORT_DETAILS_MAX,
  REPORT_REASON_LABELS,
  REPORT_REASONS,
} from "~/models/job/report.rules";
import { FieldGroup, PlainField } from "~/components/ui/plain-field";

export function ReportForm({ jobId }: { jobId: string }) {
  const action = `/jobs/${jobId}/report`;
  const sending = useNavigation().formAction === action;
  return (
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
            What is wrong? Required when you choose Other. The career office reads every report; the
            company does not see who sent it.
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
  );
}
