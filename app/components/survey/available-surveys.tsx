/**
 * Survey prompts for students and alumni.
 * - `AvailableSurveys`: the landing page's 'Available Surveys' list; 'Take Survey' opens a
 *   dialog in which the user answers; after a successful submit the survey leaves the list.
 *   Without JavaScript 'Take Survey' is a plain link to /surveys/{id}.
 * Both take the output of `listEligibleSurveys(db, user)` from the page's loader.
 * - `SurveyDialog` (survey-dialog.tsx): the dialog 'Take Survey' opens, loaded on the first press.
 */
import { Link } from "@remix-run/react";
import { useState } from "react";
import type { EligibleSurvey } from "~/models/survey/survey.server";
import { deferred } from "../ui/deferred";

/**
 * The dialog, its form and the survey rules load when 'Take Survey' is first pressed: the landing
 * page does not carry them (the public pages' JavaScript budget). Pointing at or focusing the link starts the
 * download, so the dialog is usually there by the click.
 */
const SurveyDialog = deferred("survey-dialog", () =>
  import("./survey-dialog").then((m) => m.SurveyDialog),
);

const questionsLabel = (n: number) => `${n} question${n === 1 ? "" : "s"}`;

export function AvailableSurveys({
  surveys,
  heading = "Available Surveys",
  emptyText,
}: {
  surveys: EligibleSurvey[];
  heading?: string;
  /** Shown when nothing is left to answer; without it the section disappears (landing page). */
  emptyText?: string;
}) {
  const [answered, setAnswered] = useState<string[]>([]);
  const [open, setOpen] = useState<EligibleSurvey | null>(null);
  const list = surveys.filter((s) => !answered.includes(s.id));
  if (!list.length && !open && !emptyText) return null;
  return (
    <section className="available-surveys stack" aria-labelledby="available-surveys-heading">
      <h2 id="available-surveys-heading">{heading}</h2>
      {!list.length && emptyText ? <p className="card muted">{emptyText}</p> : null}
      <ul className="grid-cards survey-prompt-list" hidden={!list.length}>
        {list.map((s) => (
          <li key={s.id} className="card stack survey-prompt">
            <h3>{s.title}</h3>
            {s.description ? <p className="muted">{s.description}</p> : null}
            <p className="muted">{questionsLabel(s.questionCount)}</p>
            <p>
              <Link
                to={`/surveys/${s.id}`}
                className="btn btn-primary"
                aria-label={`Take Survey: ${s.title}`}
                onPointerEnter={SurveyDialog.preload}
                onFocus={SurveyDialog.preload}
                onClick={(e) => {
                  e.preventDefault();
                  setOpen(s);
                }}
              >
                Take Survey
              </Link>
            </p>
          </li>
        ))}
      </ul>
      {open ? (
        <SurveyDialog
          survey={open}
          onClose={() => setOpen(null)}
          onSubmitted={(id) => {
            setAnswered((a) => [...a, id]);
            setOpen(null);
          }}
          fallback={<DialogLoading />}
        />
      ) : null}
    </section>
  );
}

/** What shows for the moment the dialog's code is on its way. */
function DialogLoading() {
  return (
    <p role="status" className="muted">
      <span className="spinner spinner-sm" aria-hidden /> Loading survey…
    </p>
  );
}
