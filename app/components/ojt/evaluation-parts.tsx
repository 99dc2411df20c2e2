/**
 * Evaluations and host reviews on screens: the supervisor's evaluations of a placement (summary for
 * the student, with ratings and comments for coordinators) and the student's host-review form.
 */
import { Form } from "@remix-run/react";
import {
  HOST_REVIEW_CRITERIA,
  STAGE_LABEL,
  WOULD_HIRE_LABEL,
  type EvaluationJson,
  type EvaluationSummaryJson,
} from "~/models/ojt/evaluation.schema";
import { RatingFields } from "./rating-fields";
import { formatDateTime } from "~/lib/datetime";

const avg = (n: number) => n.toFixed(2);

/** The student's view: each submitted stage with its date and average. */
export function EvaluationSummaryList({
  evaluations,
  timeZone,
  requiredHours,
  midpoint,
}: {
  evaluations: EvaluationSummaryJson[];
  timeZone: string;
  requiredHours: number;
  midpoint: string;
}) {
  return (
    <>
      {evaluations.length ? (
        <ul>
          {evaluations.map((e) => (
            <li key={e.stage}>
              <strong>{STAGE_LABEL[e.stage]}</strong>: average {avg(e.average)} / 5 · received{" "}
              {formatDateTime(e.submittedAt, timeZone)}
            </li>
          ))}
        </ul>
      ) : null}
      {evaluations.length < 2 ? (
        <p className="muted">
          Your supervisor is e-mailed a midterm evaluation on the placement&apos;s midpoint (
          {midpoint}) and a final one when your approved hours reach {requiredHours} h.
        </p>
      ) : null}
    </>
  );
}

/** The coordinator's view: every rating, the comments and the answer on hiring. */
export function EvaluationDetails({
  items,
  timeZone,
}: {
  items: EvaluationJson[];
  timeZone: string;
}) {
  if (!items.length) return <p className="muted">No evaluation has been submitted yet.</p>;
  return (
    <div className="stack">
      {items.map((e) => (
        <article key={e.stage} className="card" aria-label={STAGE_LABEL[e.stage]}>
          <h3>
            {STAGE_LABEL[e.stage]} · average {avg(e.average)} / 5
          </h3>
          <p className="muted">
            {e.supervisorName} · {formatDateTime(e.submittedAt, timeZone)} · rubric version{" "}
            {e.rubricVersion}
          </p>
          <table className="table">
            <caption className="visually-hidden">
              Ratings of the {STAGE_LABEL[e.stage].toLowerCase()}
            </caption>
            <thead>
              <tr>
                <th scope="col">Criterion</th>
                <th scope="col">Rating (1–5)</th>
              </tr>
            </thead>
            <tbody>
              {e.criteria.map((c) => (
                <tr key={c.key}>
                  <th scope="row">{c.label}</th>
                  <td>{c.rating}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <p>{`Would hire this intern: ${WOULD_HIRE_LABEL[e.wouldHire]}`}</p>
          {e.comments ? <p style={{ whiteSpace: "pre-wrap" }}>{e.comments}</p> : null}
        </article>
      ))}
    </div>
  );
}

/** The student's review of their host (plain form; the route's action takes intent=host-review). */
export function HostReviewForm({ placementId }: { placementId: string }) {
  return (
    <Form method="post" className="stack">
      <input type="hidden" name="intent" value="host-review" />
      <input type="hidden" name="placementId" value={placementId} />
      <p className="muted">
        Rate your host from 1 (poor) to 5 (excellent). Your review is never shown on its own:
        students see only the average of a company with three reviews or more.
      </p>
      <RatingFields criteria={HOST_REVIEW_CRITERIA} idPrefix="host-review" />
      <label htmlFor="review-comments">
        Comments (optional; never shown to other students or to the host)
      </label>
      <textarea id="review-comments" name="comments" rows={3} maxLength={4000} />
      <button type="submit" className="btn btn-primary">
        Submit the review
      </button>
    </Form>
  );
}
