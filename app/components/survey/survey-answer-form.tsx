/**
 * The answering form, shared by /surveys/{id} and the survey dialogs. Every question is
 * rendered by its type (type aliases accepted; unknown types as a text input); ratings are stars 1..scaleMax
 * built on native radios, so they are a keyboard-operable radio group for screen readers too.
 * Required questions are checked here before submitting and again on the server.
 */
import { useId, useState } from "react";
import { FieldGroup, PlainField } from "~/components/ui/plain-field";
import {
  answerFieldName,
  checkAnswers,
  effectiveType,
  rawAnswersFromForm,
  SURVEY_MSG,
  type AnswerableQuestion,
} from "~/models/survey/survey.rules";

/** The alert above the form when a submission was refused: 'Submission failed: {why}'. */
export function SubmissionFailed({ message }: { message: string }) {
  return (
    <p className="alert alert-error" role="alert">
      {SURVEY_MSG.submissionFailed}: {message}
    </p>
  );
}

export interface AnswerQuestion extends AnswerableQuestion {
  _id?: string;
}

export function SurveyAnswerForm({
  questions,
  Form,
  action,
  busy,
  disabled,
  serverErrors,
  submitLabel = "Submit",
  formRef,
  onValidSubmit,
  children,
}: {
  questions: AnswerQuestion[];
  /** Remix <Form> or a fetcher's Form. */
  Form: React.ElementType;
  action?: string;
  busy?: boolean;
  /** Admin preview: the form is shown but cannot be sent. */
  disabled?: boolean;
  serverErrors?: Record<string, string[] | string> | null;
  submitLabel?: string;
  formRef?: React.Ref<HTMLFormElement>;
  /** Answers passed the checks: a handler that sends them itself calls preventDefault. */
  onValidSubmit?: (e: React.FormEvent<HTMLFormElement>) => void;
  /** Extra fields (the idempotency key). */
  children?: React.ReactNode;
}) {
  const [clientErrors, setClientErrors] = useState<Record<string, string>>({});
  const formId = useId();
  const errorFor = (id: string) => {
    if (clientErrors[id]) return clientErrors[id];
    const s = serverErrors?.[id];
    return Array.isArray(s) ? s[0] : s;
  };

  function onSubmit(e: React.FormEvent<HTMLFormElement>) {
    const check = checkAnswers(
      questions,
      rawAnswersFromForm(new FormData(e.currentTarget), questions),
    );
    if (check.ok) {
      setClientErrors({});
      onValidSubmit?.(e);
      return;
    }
    e.preventDefault();
    setClientErrors(check.errors);
    const first = questions.find((q) => check.errors[q.id]);
    if (first)
      e.currentTarget.querySelector<HTMLElement>(`[name="${answerFieldName(first.id)}"]`)?.focus();
  }

  function onChange(e: React.FormEvent<HTMLFormElement>) {
    // Clear a question's message as soon as it is answered.
    const name = (e.target as HTMLInputElement).name ?? "";
    const q = questions.find((x) => answerFieldName(x.id) === name);
    if (q && clientErrors[q.id]) {
      const next = { ...clientErrors };
      delete next[q.id];
      setClientErrors(next);
    }
  }

  return (
    <Form
      ref={formRef}
      method="post"
      action={action}
      onSubmit={onSubmit}
      onChange={onChange}
      noValidate
      className="stack survey-answer-form"
    >
      {children}
      {questions.length === 0 ? <p className="muted">This survey has no questions yet.</p> : null}
      {questions.map((q, i) => (
        <QuestionField key={q.id} q={q} index={i} error={errorFor(q.id)} idPrefix={formId} />
      ))}
      <div className="row">
        <button
          type="submit"
          className="btn btn-primary"
          disabled={busy || disabled}
          aria-disabled={busy || disabled}
        >
          {busy ? "Submitting…" : submitLabel}
        </button>
      </div>
    </Form>
  );
}

function QuestionField({
  q,
  index,
  error,
  idPrefix,
}: {
  q: AnswerQuestion;
  index: number;
  error?: string;
  idPrefix: string;
}) {
  const type = effectiveType(q.type);
  const name = answerFieldName(q.id);
  const id = `${idPrefix}-q${index}`;
  const errId = `${id}-error`;
  const label = (
    <>
      {q.text}
      {q.required ? (
        <span className="survey-required" aria-hidden>
          {" "}
          *
        </span>
      ) : null}
      {q.required ? <span className="visually-hidden"> (required)</span> : null}
    </>
  );
  const errorEl = error ? (
    <p id={errId} className="field-error" role="alert">
      {error}
    </p>
  ) : null;
  const aria = {
    "aria-invalid": error ? true : undefined,
    "aria-describedby": error ? errId : undefined,
  };

  if (type === "multiple_choice" || type === "checkbox") {
    return (
      <QuestionGroup label={label} error={errorEl} aria={aria}>
        <div className="survey-options">
          {q.options.map((o) => (
            <label key={o} className="survey-option">
              <input type={type === "checkbox" ? "checkbox" : "radio"} name={name} value={o} />
              <span>{o}</span>
            </label>
          ))}
        </div>
      </QuestionGroup>
    );
  }
  if (type === "rating")
    return <RatingField q={q} name={name} label={label} error={errorEl} aria={aria} />;
  return (
    <PlainField id={id} label={label} error={error} className="survey-question">
      {(ctrl) =>
        type === "long_text" ? (
          <textarea {...ctrl} name={name} rows={4} maxLength={10000} />
        ) : (
          <input {...ctrl} name={name} type="text" maxLength={1000} />
        )
      }
    </PlainField>
  );
}

function RatingField({
  q,
  name,
  label,
  error,
  aria,
}: {
  q: AnswerQuestion;
  name: string;
  label: React.ReactNode;
  error: React.ReactNode;
  aria: { "aria-describedby"?: string };
}) {
  const [value, setValue] = useState(0);
  const max = q.scaleMax || 5;
  return (
    <QuestionGroup label={label} error={error} aria={aria}>
      <div className="survey-stars">
        {Array.from({ length: max }, (_, i) => i + 1).map((n) => (
          <label key={n} className={`survey-star${n <= value ? " is-on" : ""}`}>
            <input
              type="radio"
              name={name}
              value={n}
              onChange={() => setValue(n)}
              className="survey-star-input"
            />
            <span aria-hidden className="survey-star-icon">
              ★
            </span>
            <span className="visually-hidden">
              {n} of {max} stars
            </span>
          </label>
        ))}
        <span className="muted survey-star-value" aria-hidden>
          {value ? `${value}/${max}` : ""}
        </span>
      </div>
    </QuestionGroup>
  );
}

/** A question answered by a group of inputs (choices, stars): its legend, the inputs, its error. */
function QuestionGroup({
  label,
  error,
  aria,
  children,
}: {
  label: React.ReactNode;
  error: React.ReactNode;
  aria: { "aria-describedby"?: string };
  children: React.ReactNode;
}) {
  return (
    <FieldGroup
      label={label}
      className="survey-question"
      invalid={!!error}
      aria-describedby={aria["aria-describedby"]}
    >
      {children}
      {error}
    </FieldGroup>
  );
}
