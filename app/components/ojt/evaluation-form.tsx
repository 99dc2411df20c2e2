/**
 * The supervisor's performance evaluation at /supervise/{token}: the rubric's criteria rated 1–5,
 * comments, and "Would you hire this intern?". A plain form (no JavaScript needed); the rubric
 * version it shows is posted back so the answer keeps that version.
 */
import { Form } from "@remix-run/react";
import { STAGE_LABEL, WOULD_HIRE_LABEL, type Criterion } from "~/models/ojt/evaluation.schema";
import { RatingFields } from "./rating-fields";

/** Who the mailed link signs as, and until when it works (once). */
export function LinkSignature({
  supervisorName,
  expiresAt,
}: {
  supervisorName: string;
  expiresAt: string;
}) {
  return (
    <p className="muted">
      Signed as {supervisorName}. The link works until {expiresAt.slice(0, 10)} and only once.
    </p>
  );
}

export interface EvaluationFormProps {
  view: {
    stage: "midterm" | "final";
    studentName: string;
    course: string | null;
    companyName: string;
    supervisorName: string;
    rubric: { version: number; criteria: Criterion[] };
    expiresAt: string;
  };
  error?: string | null;
  errorKeys?: string[];
  values?: { ratings?: Record<string, string>; comments?: string; wouldHire?: string };
  busy: boolean;
}

export function EvaluationForm({ view, error, errorKeys, values, busy }: EvaluationFormProps) {
  return (
    <main className="page page-narrow supervise">
      <h1>{STAGE_LABEL[view.stage]}</h1>
      <p>
        <strong>{view.studentName}</strong>
        {view.course ? ` · ${view.course}` : ""} · {view.companyName}
      </p>
      <p className="muted">Rate the intern on each criterion from 1 (poor) to 5 (excellent).</p>
      <Form method="post" className="card stack" replace>
        {error ? (
          <p className="alert alert-error" role="alert" id="evaluation-error">
            {error}
          </p>
        ) : null}
        <input type="hidden" name="rubricVersion" value={view.rubric.version} />
        <RatingFields
          criteria={view.rubric.criteria}
          values={values?.ratings}
          errorKeys={errorKeys}
          idPrefix="evaluation"
        />
        <fieldset className="rating-group">
          <legend>Would you hire this intern?</legend>
          <div className="rating-options">
            {(["yes", "maybe", "no"] as const).map((v) => (
              <label key={v} className="rating-option">
                <input
                  type="radio"
                  name="wouldHire"
                  value={v}
                  required
                  defaultChecked={values?.wouldHire === v}
                />
                {WOULD_HIRE_LABEL[v]}
              </label>
            ))}
          </div>
        </fieldset>
        <label htmlFor="comments">Comments (optional)</label>
        <textarea
          id="comments"
          name="comments"
          rows={4}
          maxLength={4000}
          defaultValue={values?.comments ?? ""}
        />
        <button type="submit" className="btn btn-primary" disabled={busy}>
          Submit the evaluation
        </button>
        <LinkSignature supervisorName={view.supervisorName} expiresAt={view.expiresAt} />
      </Form>
    </main>
  );
}
