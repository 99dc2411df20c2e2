/**
 * The aviation fields of a job: the job page's "Requirements" block (the cards' licence chips are
 * LicenceChips in job-card.tsx). Nothing is shown for a job without them.
 */

import type { Job } from "~/models/job/job.server";

export type RequirementsData = Pick<Job, "licences" | "ojtHours" | "shift" | "medicalClass">;

const hours = (n: number) => `${n.toLocaleString("en")} ${n === 1 ? "hour" : "hours"}`;

export function Requirements({ job }: { job: RequirementsData }) {
  const { licences, ojtHours, shift, medicalClass } = job;
  if (!licences.length && ojtHours === null && !shift && !medicalClass) return null;
  return (
    <section aria-labelledby="job-requirements" className="job-requirements">
      <h2 id="job-requirements">Requirements</h2>
      <dl className="job-facts">
        {licences.length ? (
          <div>
            <dt>Licences or certificates</dt>
            <dd>
              <ul className="job-categories">
                {licences.map((l) => (
                  <li key={l} className="badge">
                    {l}
                  </li>
                ))}
              </ul>
            </dd>
          </div>
        ) : null}
        {ojtHours !== null ? (
          <div>
            <dt>OJT hours</dt>
            <dd>{hours(ojtHours)}</dd>
          </div>
        ) : null}
        {shift ? (
          <div>
            <dt>Shift or rotation</dt>
            <dd>{shift}</dd>
          </div>
        ) : null}
        {medicalClass ? (
          <div>
            <dt>Medical class</dt>
            <dd>{medicalClass}</dd>
          </div>
        ) : null}
      </dl>
    </section>
  );
}
