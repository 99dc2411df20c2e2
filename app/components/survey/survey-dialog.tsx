/**
 * The dialog of the landing page's 'Available Surveys' (available-surveys.tsx loads this module on
 * the first 'Take Survey').
 */
import { useFetcher } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import type { EligibleSurvey, SurveyDto } from "~/models/survey/survey.server";
import { SURVEY_MSG } from "~/models/survey/survey.rules";
import type { action as answerAction } from "~/routes/surveys+/$id";
import { Modal } from "../ui/modal";
import { notify } from "../ui/notify";
import { SubmissionFailed, SurveyAnswerForm } from "./survey-answer-form";

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
          {result && !result.ok ? <SubmissionFailed message={result.message} /> : null}
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
