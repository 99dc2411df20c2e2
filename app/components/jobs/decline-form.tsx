/**
 * The admin's Decline form (ADR 104): a reason template and free text. With JavaScript,
 * choosing a template fills the reason (still editable); without it, the server puts the chosen
 * template's text before whatever was typed. The reason is e-mailed to the employer.
 */
import { Form, Link } from "@remix-run/react";
import { useRef } from "react";
import { PlainField } from "~/components/ui/plain-field";
import { PlainSelect } from "~/components/ui/plain-controls";
import { HiddenFields } from "~/components/ui/hidden-fields";

export interface DeclineTemplateChoice {
  id: string;
  title: string;
  body: string;
}

export const DECLINE_REASON_MAX = 2000;

export function DeclineForm({
  job,
  templates,
  back,
  error,
}: {
  job: { id: string; title: string };
  templates: DeclineTemplateChoice[];
  back: string;
  error?: string | null;
}) {
  const reason = useRef<HTMLTextAreaElement>(null);
  return (
    <Form method="post" action={back} className="stack">
      <p>
        Decline <strong>{job.title}</strong>? It stays off the board, and the employer receives the
        reason by e-mail with a link to edit and resubmit it.
      </p>
      {error ? (
        <p className="alert alert-error" role="alert">
          {error}
        </p>
      ) : null}
      <HiddenFields fields={{ intent: "decline", id: job.id, back }} />
      <PlainSelect
        id="decline-template"
        label="Reason template"
        name="templateId"
        defaultValue=""
        onChange={(e) => {
          const t = templates.find((x) => x.id === e.currentTarget.value);
          if (t && reason.current) reason.current.value = t.body;
        }}
      >
        <option value="">No template (write the reason below)</option>
        {templates.map((t) => (
          <option key={t.id} value={t.id}>
            {t.title}
          </option>
        ))}
      </PlainSelect>
      <PlainField
        id="decline-reason"
        label="Reason"

        hint={
          <>
            Sent to the employer as written (up to {DECLINE_REASON_MAX} characters). Choose a
            template, add your own words, or both.
          </>
        }
      >
        {(ctrl) => (
          <textarea {...ctrl} name="reason" ref={reason} rows={6} maxLength={DECLINE_REASON_MAX} />
        )}
      </PlainField>
      <div className="row" style={{ justifyContent: "flex-end" }}>
        <Link to={back} className="btn btn-ghost" preventScrollReset>
          Cancel
        </Link>
        <button type="submit" className="btn btn-danger">
          Decline job
        </button>
      </div>
    </Form>
  );
}
