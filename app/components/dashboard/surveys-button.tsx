/**
 * The student dashboard's Surveys button (§2.8): the count, 'Loading surveys…' or 'No surveys to
 * answer'; it opens a dialog listing the eligible surveys with 'Take survey' links.
 */
import { Link } from "@remix-run/react";
import { useState } from "react";
import { Modal } from "../ui/modal";

export interface EligibleSurvey {
  id: string;
  title: string;
  description: string | null;
}

export function SurveysButtonLoading() {
  return (
    <button type="button" className="btn" disabled aria-busy="true">
      Loading surveys…
    </button>
  );
}

function SurveyList({ surveys }: { surveys: EligibleSurvey[] }) {
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
      <button
        type="button"
        className="btn btn-primary"
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        Surveys ({surveys.length})
      </button>
      <Modal open={open} onClose={() => setOpen(false)} title="Surveys">
        <SurveyList surveys={surveys} />
      </Modal>
      {/* Without JavaScript the dialog cannot open: list the links in place. */}
      <noscript>
        <SurveyList surveys={surveys} />
      </noscript>
    </>
  );
}
