/**
 * The alert edit form ('My alerts' page): name, the board's filters and the frequency. A plain
 * Remix form (works without JavaScript); conform checks it in the browser with the same schema,
 * loaded on first touch (`useValidators`).
 */
import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form, useNavigation } from "@remix-run/react";
import { JOB_TYPES } from "#db/constants";
import { JOB_TYPE_LABELS } from "~/lib/format";
import {
  ALERT_FREQUENCIES,
  ALERT_NAME_MAX,
  FREQUENCY_LABELS,
  type AlertRecord,
} from "~/models/alert/alert.rules";
import { FILTER_MAX, TERM_MAX } from "~/models/job/job.rules";
import { SelectField, TextField } from "../forms/fields";
import { textDefaults } from "../forms/defaults";
import { FormActions } from "../forms/actions";
import { useValidators, validateWith } from "../forms/use-validators";

export function AlertForm({
  alert,
  lastResult,
}: {
  alert: AlertRecord;
  lastResult?: SubmissionResult<string[]> | null;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const validators = useValidators();
  const [form, fields] = useForm({
    id: `alert-${alert.id}`,
    lastResult,
    defaultValue: {
      name: alert.name,
      q: alert.q,
      ...textDefaults(alert, ["jobType", "location", "category"]),
      frequency: alert.frequency,
    },
    ...validateWith(validators && validators.alert),
  });
  return (
    <Form method="post" {...getFormProps(form)} className="alert-form stack">
      <input type="hidden" name="intent" value="update" />
      <input type="hidden" name="id" value={alert.id} />
      {form.errors?.length ? (
        <div className="alert alert-error" role="alert" id={form.errorId}>
          {form.errors[0]}
        </div>
      ) : null}
      <TextField meta={fields.name} label="Name" maxLength={ALERT_NAME_MAX} required />
      <TextField
        meta={fields.q}
        label="Search words"
        type="search"
        maxLength={TERM_MAX}
        hint="Title, company, skill… every word must match (the start of a word is enough)."
      />
      <SelectField meta={fields.jobType} label="Job type">
        <option value="">All types</option>
        {JOB_TYPES.map((t) => (
          <option key={t} value={t}>
            {JOB_TYPE_LABELS[t]}
          </option>
        ))}
      </SelectField>
      <TextField meta={fields.location} label="Location" maxLength={FILTER_MAX} />
      <TextField meta={fields.category} label="Category" maxLength={FILTER_MAX} />
      <SelectField meta={fields.frequency} label="E-mail me">
        {ALERT_FREQUENCIES.map((f) => (
          <option key={f} value={f}>
            {FREQUENCY_LABELS[f]}
          </option>
        ))}
      </SelectField>
      <FormActions
        label="Save alert"
        busy={busy}
        busyLabel="Saving…"
        cancelTo="/alerts"
        cancelClassName="btn btn-ghost"
      />
    </Form>
  );
}
