/**
 * The student dashboard's Surveys button: the count, 'Loading surveys…' or 'No surveys to
 * answer'. With JavaScript it opens a dialog listing the eligible surveys with 'Take survey' links;
 * without, it is a link to the dashboard's "Surveys waiting" section (#surveys), which lists them.
 */
import { Link } from "@remix-run/react";
import { useState } from "react";
import { Modal } from "../ui/modal";

export interface EligibleSurvey {
  id: string;
  title: string;
  description: string | null;
}

/** The fragment of the dashboard section that lists the surveys waiting. */
export const SURVEYS_SECTION_ID = "surveys";

export function SurveysButtonLoading() {
  return (
    <button type="button" className="btn" disabled aria-busy="true">
      Loading surveys…
    </button>
  );
}

/** In place of the button and the list when the eligible surveys could not be loaded. */
export function SurveysFailed() {
  return (
    <p className="alert alert-error" role="alert">
      Failed to load surveys.
    </p>
  );
}

/** The eligible surveys with their 'Take survey' links (the dialog and the dashboard section). */
export function SurveyList({ surveys }: { surveys: EligibleSurvey[] }) {
  return (
    <ul className="survey-list">
      {surveys.map((s) => (
        <li key={s.id} className="survey-item">
          <h3>{s.title}</h3>
          {s.description ? <p className="muted">{s.description}</p> : null}
          <Link to={`/surveys/${s.id}`} className="btn btn-primary btn-sm">
            Take survey
          </Link>
        </li>
      ))}
    </ul>
  );
}

export function SurveysButton({ surveys }: { surveys: EligibleSurvey[] }) {
  const [open, setOpen] = useState(false);
  if (surveys.length === 0)
    return (
      <button type="button" className="btn" disabled>
        No surveys to answer
      </button>
    );
  return (
    <>
      <a
        href={`#${SURVEYS_SECTION_ID}`}
        className="btn btn-primary"
        onClick={(e) => {
          e.preventDefault();
          setOpen(true);
        }}
      >
        Surveys ({surveys.length})
      </a>
      <Modal open={open} onClose={() => setOpen(false)} title="Surveys">
        <SurveyList surveys={surveys} />
      </Modal>
    </>
  );
}
