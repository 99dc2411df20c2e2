/**
 * Survey prompts for students and alumni.
 * - `AvailableSurveys`: the landing page's 'Available Surveys' list; 'Take Survey' opens a
 *   dialog in which the user answers; after a successful submit the survey leaves the list.
 *   Without JavaScript 'Take Survey' is a plain link to /surveys/{id}.
 * Both take the output of `listEligibleSurveys(db, user)` from the page's loader.
 */
import { Link, useFetcher } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import type { EligibleSurvey, SurveyDto } from "~/models/survey/survey.server";
import { SURVEY_MSG } from "~/models/survey/survey.rules";
import type { action as answerAction } from "~/routes/surveys.$id";
import { Modal } from "../ui/modal";
import { notify } from "../ui/notify";
import { SurveyAnswerForm } from "./survey-answer-form";

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
        />
      ) : null}
    </section>
  );
}

/**
 * A dialog that loads one survey and answers it in place (posting to /surveys/{id}). The survey is
 * read from /api/surveys/{id} with plain fetch, so a survey closed in the meantime shows a message
 * in the dialog instead of bubbling to the page's error boundary.
 */
export function SurveyDialog({
  survey,
  onClose,
  onSubmitted,
}: {
  survey: Pick<EligibleSurvey, "id" | "title">;
  onClose: () => void;
  onSubmitted: (id: string) => void;
}) {
  const [data, setData] = useState<SurveyDto | null>(null);
  const [failed, setFailed] = useState(false);
  const submit = useFetcher<typeof answerAction>();
  const href = `/surveys/${survey.id}`;
  useEffect(() => {
    const ctrl = new AbortController();
    setData(null);
    setFailed(false);
    fetch(`/api/surveys/${survey.id}`, {
      headers: { Accept: "application/json" },
      credentials: "same-origin",
      signal: ctrl.signal,
    })
      .then(async (r) => {
        if (!r.ok) throw new Error(String(r.status));
        setData((await r.json()) as SurveyDto);
      })
      .catch((e) => {
        if ((e as Error).name !== "AbortError") setFailed(true);
      });
    return () => ctrl.abort();
  }, [survey.id]);
  const result = submit.state === "idle" ? submit.data : undefined;
  // Only a new result matters: the parent's callback is read fresh, not a reason to notify again.
  const submitted = useRef(() => onSubmitted(survey.id));
  submitted.current = () => onSubmitted(survey.id);
  useEffect(() => {
    if (!result) return;
    if (result.ok) {
      notify.success(SURVEY_MSG.thanks);
      submitted.current();
    } else notify.error(SURVEY_MSG.submissionFailed);
  }, [result]);
  return (
    <Modal open onClose={onClose} title={data?.title ?? survey.title} size="lg">
      {failed ? (
        <p className="alert alert-error" role="alert">
          {SURVEY_MSG.loadFailed}
        </p>
      ) : !data ? (
        <p role="status">
          <span className="spinner spinner-sm" aria-hidden /> Loading survey…
        </p>
      ) : (
        <div className="stack">
          {data.description ? <p className="muted">{data.description}</p> : null}
          {result && !result.ok ? (
            <p className="alert alert-error" role="alert">
              {SURVEY_MSG.submissionFailed}: {result.message}
            </p>
          ) : null}
          <SurveyAnswerForm
            questions={data.questions}
            Form={submit.Form}
            action={href}
            busy={submit.state !== "idle"}
            serverErrors={result && !result.ok ? result.errors : null}
          />
        </div>
      )}
    </Modal>
  );
}
