/**
 * The admin's job form, one for create and edit: title and company required, job type and
 * status from the fixed lists, defaults internship / active / pending approval. conform + the shared zod schema
 * validate on blur in the browser and again on the server; it posts as a plain form without JS.
 */
import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, useNavigation } from "@remix-run/react";
import { JOB_STATUSES, JOB_TYPES, SALARY_AMOUNT_MAX, SALARY_PERIODS } from "#db/constants";
import type { ComponentProps } from "react";
import { DescriptionField, NumberField, SelectField, TextField } from "~/components/forms/fields";
import { Options } from "~/components/forms/options";
import {
  DESCRIPTION_MAX,
  jobFormSchema,
  LOCATION_MAX,
  MEDICAL_CLASS_MAX,
  OJT_HOURS_MAX,
  SHIFT_MAX,
  SHORT_MAX,
  TITLE_MAX,
} from "~/models/job/job.schema";
import { JOB_TYPE_LABELS } from "~/lib/format";
import { deadlineInputValue, SALARY_PERIOD_LABELS } from "~/models/job/job.rules";
import type { Job } from "~/models/job/job.server";

export interface JobFormValues {
  id?: string;
  title: string;
  companyId: string;
  jobType: string;
  location: string;
  categories: string[];
  shortDescription: string;
  description: string;
  status: string;
  isApproved: boolean;
  /** YYYY-MM-DD, or "" for none. */
  applicationDeadline: string;
  /** Aviation fields. */
  licences: string[];
  ojtHours: number | null;
  shift: string;
  medicalClass: string;
  /** How to apply: the apply link or the apply e-mail address, "" for none. */
  howToApply: string;
  /** The allowance: amount ("" none), currency (PHP by default), period ("" not stated). */
  salaryAmount: number | null;
  salaryCurrency: string;
  salaryPeriod: string;
}

/**
 * The form's values for a stored job — one mapping for the admin's and the employer's edit screens,
 * so a field added to jobs cannot be left out of one of them (and cleared by its next save).
 */
export function jobFormValues(row: Job): JobFormValues {
  return {
    id: row.id,
    title: row.title,
    companyId: row.companyId,
    jobType: row.jobType,
    location: row.location ?? "",
    categories: row.categories ?? [],
    shortDescription: row.shortDescription ?? "",
    description: row.description ?? "",
    status: row.status,
    isApproved: row.isApproved,
    applicationDeadline: deadlineInputValue(row.applicationDeadline),
    licences: row.licences ?? [],
    ojtHours: row.ojtHours,
    shift: row.shift ?? "",
    medicalClass: row.medicalClass ?? "",
    howToApply: row.applyUrl ?? row.applyEmail ?? "",
    salaryAmount: row.salaryAmount,
    salaryCurrency: row.salaryCurrency ?? "PHP",
    salaryPeriod: row.salaryPeriod ?? "",
  };
}

/** Suggestions of the medical class input (free text: any other value is accepted). */
export const MEDICAL_CLASS_SUGGESTIONS = ["CAAP Class 1", "CAAP Class 2", "CAAP Class 3"];

export const NEW_JOB: JobFormValues = {
  title: "",
  companyId: "",
  jobType: "internship",
  location: "",
  categories: [],
  shortDescription: "",
  description: "",
  status: "active",
  isApproved: false,
  applicationDeadline: "",
  licences: [],
  ojtHours: null,
  shift: "",
  medicalClass: "",
  howToApply: "",
  salaryAmount: null,
  salaryCurrency: "PHP",
  salaryPeriod: "",
};

const STATUS_LABELS: Record<string, string> = {
  active: "Active",
  inactive: "Inactive",
  closed: "Closed",
  draft: "Draft",
};

export function JobForm({
  values,
  companies,
  categories,
  lastResult,
  back,
  action,
  idempotencyKey,
  employer = false,
}: {
  values: JobFormValues;
  companies: Array<{ id: string; name: string }>;
  categories: string[];
  lastResult?: SubmissionResult<string[]> | null;
  back: string;
  action: string;
  /** A fresh key per rendered create form, so a resubmission does not create twice. */
  idempotencyKey?: string;
  /**
   * The employer's form: the company is the account's own (a hidden field, no picker),
   * no approval box, and the button says what happens: the job goes to review.
   */
  employer?: boolean;
}) {
  const editing = !!values.id;
  const navigation = useNavigation();
  const saving =
    navigation.state === "submitting" &&
    navigation.formData?.get("intent") === (editing ? "update" : "create");
  const [form, fields] = useForm({
    id: editing ? `job-form-${values.id}` : "job-form-new",
    lastResult: lastResult ?? undefined,
    defaultValue: {
      title: values.title,
      company: values.companyId,
      jobType: values.jobType,
      location: values.location,
      status: values.status,
      categories: values.categories.join(", "),
      shortDescription: values.shortDescription,
      description: values.description,
      applicationDeadline: values.applicationDeadline,
      licences: (values.licences ?? []).join(", "),
      ojtHours:
        values.ojtHours === null || values.ojtHours === undefined ? "" : String(values.ojtHours),
      shift: values.shift ?? "",
      medicalClass: values.medicalClass ?? "",
      howToApply: values.howToApply ?? "",
      salaryAmount:
        values.salaryAmount === null || values.salaryAmount === undefined
          ? ""
          : String(values.salaryAmount),
      salaryCurrency: values.salaryCurrency || "PHP",
      salaryPeriod: values.salaryPeriod ?? "",
    },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: jobFormSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  return (
    <Form method="post" action={action} {...getFormProps(form)} className="stack">
      <input type="hidden" name="intent" value={editing ? "update" : "create"} />
      {editing ? <input type="hidden" name="id" value={values.id} /> : null}
      {!editing && idempotencyKey ? (
        <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
      ) : null}
      <input type="hidden" name="back" value={back} />
      {form.errors?.length ? (
        <p className="alert alert-error" role="alert" id={form.errorId}>
          {form.errors[0]}
        </p>
      ) : null}
      <div className="job-form-grid">
        <TextField
          meta={fields.title}
          label="Title *"
          fieldClassName="span-2"
          maxLength={TITLE_MAX}
          required
        />
        {employer ? (
          <input type="hidden" name={fields.company.name} value={values.companyId} />
        ) : (
          <SelectField
            meta={fields.company}
            label="Company *"
            required
            hint={
              companies.length === 0 ? (
                <>
                  No companies yet: <Link to="/admin/companies">add one first</Link>.
                </>
              ) : undefined
            }
          >
            <option value="">Choose a company…</option>
            {companies.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </SelectField>
        )}
        <SelectField meta={fields.jobType} label="Job type">
          <Options values={JOB_TYPES} labels={JOB_TYPE_LABELS} />
        </SelectField>
        <TextField meta={fields.location} label="Location" maxLength={LOCATION_MAX} />
        <SelectField meta={fields.status} label="Status">
          <Options values={JOB_STATUSES} labels={STATUS_LABELS} />
        </SelectField>
        <SuggestedField
          className="span-2"
          meta={fields.categories}
          label="Categories"
          hint="Separate with commas, e.g. Maintenance, Avionics"
          listId="job-category-options"
          suggestions={categories}
        />
        <TextField
          meta={fields.licences}
          label="Required licences or certificates"
          fieldClassName="span-2"
          hint="Optional. Separate with commas, e.g. CAAP AMT licence, A320 type rating"
          autoComplete="off"
        />
        <NumberField
          meta={fields.ojtHours}
          label="OJT hours"
          min={0}
          max={OJT_HOURS_MAX}
          hint="For OJT postings: the on-the-job training hours the placement gives."
        />
        <TextField meta={fields.shift} label="Shift or rotation" maxLength={SHIFT_MAX} />
        <SuggestedField
          meta={fields.medicalClass}
          label="Medical class"
          maxLength={MEDICAL_CLASS_MAX}
          hint="e.g. CAAP Class 2"
          listId="job-medical-options"
          suggestions={MEDICAL_CLASS_SUGGESTIONS}
        />
        <TextField
          meta={fields.shortDescription}
          label="Short description"
          fieldClassName="span-2"
          maxLength={SHORT_MAX}
        />
        <TextField
          meta={fields.applicationDeadline}
          label="Application deadline"
          type="date"
          hint="Optional. After this day the job leaves the board, feeds and widget; its page says applications are closed."
        />
        <TextField
          meta={fields.howToApply}
          label="How to apply"
          fieldClassName="span-2"
          maxLength={500}
          autoComplete="off"
          inputMode="url"
          hint="Optional. A link to the application page or an e-mail address to apply to, e.g. https://careers.example.ph/apply or hiring@example.ph. Without one, Apply Now opens the company website."
        />
        <fieldset className="span-2 job-allowance">
          <legend>Allowance or salary (optional)</legend>
          <div className="job-allowance-grid">
            <NumberField
              meta={fields.salaryAmount}
              label="Amount"
              min={1}
              max={SALARY_AMOUNT_MAX}
            />
            <TextField
              meta={fields.salaryCurrency}
              label="Currency"
              maxLength={3}
              autoComplete="off"
              hint="e.g. PHP"
            />
            <SelectField meta={fields.salaryPeriod} label="Per">
              <option value="">Not stated</option>
              <Options values={SALARY_PERIODS} labels={SALARY_PERIOD_LABELS} />
            </SelectField>
          </div>
        </fieldset>
        <DescriptionField
          meta={fields.description}
          fieldClassName="span-2"
          rows={6}
          maxLength={DESCRIPTION_MAX}
        />
        {employer ? null : (
          <label className="checkbox-field span-2">
            <input
              type="checkbox"
              name={fields.isApproved.name}
              defaultChecked={values.isApproved}
            />{" "}
            Approved (visible to students and alumni when active)
          </label>
        )}
      </div>
      <div className="row form-actions-sticky" style={{ justifyContent: "flex-end" }}>
        <Link to={back} className="btn btn-ghost" preventScrollReset>
          Cancel
        </Link>
        <button type="submit" className="btn btn-primary" disabled={saving}>
          {saving
            ? "Saving…"
            : employer
              ? "Submit for review"
              : editing
                ? "Save changes"
                : "Create job"}
        </button>
      </div>
    </Form>
  );
}

/** A text field with suggestions (a datalist) the browser offers as one types. */
function SuggestedField({
  className,
  listId,
  suggestions,
  ...field
}: ComponentProps<typeof TextField> & {
  className?: string;
  listId: string;
  suggestions: readonly string[];
}) {
  return (
    <div className={className}>
      <TextField {...field} list={listId} autoComplete="off" />
      <datalist id={listId}>
        {suggestions.map((s) => (
          <option key={s} value={s} />
        ))}
      </datalist>
    </div>
  );
}
