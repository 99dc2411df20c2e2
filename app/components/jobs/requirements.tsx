/**
 * The aviation fields of a job: the job page's "Requirements" block and the cards'
 * licence chips. Nothing is shown for a job without them.
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

/** Chips shown on a card before "+N". */
export const CARD_LICENCES = 3;

/** A card's licence chips: at most CARD_LICENCES, then "+N" naming the rest for screen readers. */
export function LicenceChips({ licences }: { licences: string[] }) {
  if (!licences.length) return null;
  const shown = licences.slice(0, CARD_LICENCES);
  const rest = licences.slice(CARD_LICENCES);
  return (
    <ul className="job-categories job-licences" aria-label="Licences or certificates">
      {shown.map((l) => (
        <li key={l} className="badge">
          {l}
        </li>
      ))}
      {rest.length ? (
        <li className="badge" title={rest.join(", ")}>
          {`+${rest.length}`}
          <span className="visually-hidden">{` more: ${rest.join(", ")}`}</span>
        </li>
      ) : null}
    </ul>
  );
}
