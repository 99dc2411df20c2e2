/**
 * The survey editor as one conform form. Adding, removing and reordering questions are
 * conform list intents: with JavaScript they apply at once; without it they are submit buttons the
 * server answers with the updated form, so the whole editor works without JavaScript. The Yes/No
 * and Active/Inactive texts of the switches and the options box of choice questions follow the
 * inputs through CSS alone.
 */
import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, useBlocker, useNavigation } from "@remix-run/react";
import { useEffect } from "react";
import { Modal } from "~/components/ui/modal";
import {
  AUDIENCE_LABELS,
  editorFormSchema,
  LIMITS,
  OPTIONS_TEXT_MAX,
  QUESTION_TYPE_LABELS,
  QUESTION_TYPES,
  SURVEY_AUDIENCES,
  SURVEY_MSG,
  type EditorForm,
} from "~/models/survey/survey.schema";
import { DescriptionField, SelectField, TextField, TextareaField } from "~/components/forms/fields";
import { OUTCOME_KEYS } from "~/models/survey/outcome-keys";
import { surveyNotify } from "./notify";
import { SurveyTargetingFields } from "./survey-targeting-fields";
import type { CourseGroup } from "~/components/ui/course-options";
import { ErrorAlert } from "~/components/ui/error-alert";
import { FieldLabel } from "~/components/ui/field-label";
import { PageHeader } from "~/components/layout/page-header";

export type EditorDefaults = {
  title: string;
  audience: string;
  description: string;
  status: boolean;
  /** Cohort and privacy. */
  courses?: string[];
  graduationYears?: string;
  anonymous?: boolean;
  remindEveryDays?: string;
  remindMax?: string;
  questions: {
    id?: string;
    text: string;
    type: string;
    required: boolean;
    options: string;
    scaleMax?: number;
    /** The question's outcome key (ADR 101); empty for none. */
    key?: string;
  }[];
};

/** Asked when leaving the editor with unsaved changes. */
const LEAVE_TEXT = {
  title: "Leave without saving?",
  message: "Your changes to this survey are not saved. Leaving now discards them.",
  stay: "Stay and keep editing",
  leave: "Leave without saving",
};

export const BLANK_QUESTION = { text: "", type: "short_text", required: false, options: "" };

export function SurveyEditor({
  heading,
  defaultValue,
  lastResult,
  courseGroups = [],
  anonymousLocked = false,
}: {
  heading: string;
  defaultValue: EditorDefaults;
  lastResult?: SubmissionResult<string[]> | null;
  courseGroups?: CourseGroup[];
  anonymousLocked?: boolean;
}) {
  const saving = useNavigation().state === "submitting";
  const [form, fields] = useForm<EditorForm>({
    lastResult,
    defaultValue,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: editorFormSchema }),
  });
  const questions = fields.questions.getFieldList();
  const saveError =
    lastResult?.status === "error" && lastResult.error?.[""] ? lastResult.error[""] : null;

  // Leaving with unsaved changes asks first: the browser's own prompt when the page unloads, a
  // dialog for a link inside the app. Saving (a POST to this page, then a redirect) never asks.
  const dirty = form.dirty && !saving;
  useEffect(() => {
    if (!dirty) return;
    const ask = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      e.returnValue = "";
    };
    window.addEventListener("beforeunload", ask);
    return () => window.removeEventListener("beforeunload", ask);
  }, [dirty]);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    // A save failure alerts the server's message, else 'Failed to save survey.'
    if (saveError) surveyNotify.error(saveError[0] || SURVEY_MSG.saveFailed);
  }, [saveError]);

  return (
    <main className="page survey-admin survey-editor">
      <PageHeader title={heading}>
        <Link to="/admin/surveys" className="btn">
          Back
        </Link>
      </PageHeader>
      <Form method="post" {...getFormProps(form)} className="stack">
        <ErrorAlert
          message={saveError ? saveError[0] || SURVEY_MSG.saveFailed : null}
          id={form.errorId}
        />
        <section className="card stack" aria-label="Survey details">
          <TextField meta={fields.title} label="Title" maxLength={200} />
          <SelectField meta={fields.audience} label="Audience">
            {SURVEY_AUDIENCES.map((a) => (
              <option key={a} value={a}>
                {AUDIENCE_LABELS[a]}
              </option>
            ))}
          </SelectField>
          <SurveyTargetingFields
            courses={fields.courses}
            graduationYears={fields.graduationYears}
            anonymous={fields.anonymous}
            remindEveryDays={fields.remindEveryDays}
            remindMax={fields.remindMax}
            courseGroups={courseGroups}
            anonymousLocked={anonymousLocked}
          />
          <DescriptionField meta={fields.description} maxLength={LIMITS.description} />
          <div className="field">
            <FieldLabel as="span" id={`${fields.status.id}-label`}>
              Status
            </FieldLabel>
            <label className="survey-switch">
              <input
                {...getInputProps(fields.status, { type: "checkbox" })}
                key={fields.status.key}
                role="switch"
                aria-labelledby={`${fields.status.id}-label`}
                aria-describedby={`${fields.status.id}-note`}
              />
              <span className="survey-switch-track" aria-hidden />
              <span id={`${fields.status.id}-state`} className="survey-switch-text">
                <span className="when-on">Active</span>
                <span className="when-off">Inactive</span>
              </span>
            </label>
            <p id={`${fields.status.id}-note`} className="field-hint">
              While Active, eligible students and alumni are prompted to answer this survey.
            </p>
          </div>
        </section>

        <section className="stack" aria-labelledby="questions-heading">
          <h2 id="questions-heading">Questions</h2>
          {questions.length === 0 ? <p className="muted">No questions yet.</p> : null}
          <ol className="stack survey-question-list">
            {questions.map((q, i) => {
              const qf = q.getFieldset();
              const n = `Q${i + 1}`;
              return (
                <li key={q.key ?? `q-${i}`} className="card stack survey-question-editor">
                  <div className="row survey-question-head">
                    <h3 className="survey-qnum">{n}</h3>
                    <label className="survey-switch">
                      <input
                        {...getInputProps(qf.required, { type: "checkbox" })}
                        key={qf.required.key}
                        role="switch"
                        aria-label={`${n} required`}
                      />
                      <span className="survey-switch-track" aria-hidden />
                      <span className="survey-switch-text" aria-hidden>
                        Required: <span className="when-on">Yes</span>
                        <span className="when-off">No</span>
                      </span>
                    </label>
                    <div className="row survey-question-actions">
                      <button
                        className="btn btn-sm"
                        aria-label={`Move ${n} up`}
                        disabled={i === 0}
                        {...form.reorder.getButtonProps({
                          name: fields.questions.name,
                          from: i,
                          to: i - 1,
                        })}
                      >
                        ↑
                      </button>
                      <button
                        className="btn btn-sm"
                        aria-label={`Move ${n} down`}
                        disabled={i === questions.length - 1}
                        {...form.reorder.getButtonProps({
                          name: fields.questions.name,
                          from: i,
                          to: i + 1,
                        })}
                      >
                        ↓
                      </button>
                      <button
                        className="btn btn-sm btn-danger"
                        aria-label={`Remove ${n}`}
                        {...(questions.length === 1
                          ? // Removing the last remaining question leaves one blank question.
                            form.update.getButtonProps({
                              name: fields.questions.name,
                              value: [BLANK_QUESTION],
                            })
                          : form.remove.getButtonProps({ name: fields.questions.name, index: i }))}
                      >
                        Remove
                      </button>
                    </div>
                  </div>
                  <input {...getInputProps(qf.id, { type: "hidden" })} key={qf.id.key} />
                  <TextField meta={qf.text} label="Question Text" maxLength={1000} />
                  <SelectField meta={qf.type} label="Type" className="survey-type-select">
                    {QUESTION_TYPES.map((t) => (
                      <option key={t} value={t}>
                        {QUESTION_TYPE_LABELS[t]}
                      </option>
                    ))}
                  </SelectField>
                  <SelectField
                    meta={qf.key}
                    label="Outcome key"
                    hint="Optional: what this question measures in the tracer outcomes."
                    className="survey-key-select"
                  >
                    <option value="">None</option>
                    {OUTCOME_KEYS.map((k) => (
                      <option key={k.key} value={k.key}>
                        {k.label}
                      </option>
                    ))}
                    {/* A key set through the API that the list does not know stays selectable. */}
                    {typeof qf.key.initialValue === "string" &&
                    qf.key.initialValue &&
                    !OUTCOME_KEYS.some((k) => k.key === qf.key.initialValue) ? (
                      <option value={qf.key.initialValue}>{qf.key.initialValue}</option>
                    ) : null}
                  </SelectField>
                  <TextareaField
                    meta={qf.options}
                    label="Options (one per line)"
                    fieldClassName="survey-options-field"
                    rows={4}
                    maxLength={OPTIONS_TEXT_MAX}
                  />
                  {qf.scaleMax.value ? (
                    <input
                      {...getInputProps(qf.scaleMax, { type: "hidden" })}
                      key={qf.scaleMax.key}
                    />
                  ) : null}
                </li>
              );
            })}
          </ol>
          <p>
            <button
              className="btn"
              {...form.insert.getButtonProps({
                name: fields.questions.name,
                defaultValue: BLANK_QUESTION,
              })}
            >
              Add question
            </button>
          </p>
        </section>

        <div className="row survey-editor-actions">
          <Link to="/admin/surveys" className="btn">
            Back
          </Link>
          <button type="submit" className="btn btn-primary" disabled={saving}>
            {saving ? "Saving…" : "Save"}
          </button>
        </div>
      </Form>
      <Modal
        open={blocker.state === "blocked"}
        onClose={() => blocker.reset?.()}
        title={LEAVE_TEXT.title}
        size="sm"
        footer={
          <>
            <button type="button" className="btn" onClick={() => blocker.reset?.()}>
              {LEAVE_TEXT.stay}
            </button>
            <button type="button" className="btn btn-danger" onClick={() => blocker.proceed?.()}>
              {LEAVE_TEXT.leave}
            </button>
          </>
        }
      >
        <p>{LEAVE_TEXT.message}</p>
      </Modal>
    </main>
  );
}
