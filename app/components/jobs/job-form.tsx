/**
 * The admin's job form, one for create and edit: title and company required, job type and
 * status from the fixed lists, defaults internship / active / pending approval. conform + the shared zod schema
 * validate on blur in the browser and again on the server; it posts as a plain form without JS.
 */
import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, useNavigation } from "@remix-run/react";
import { JOB_STATUSES, JOB_TYPES, JOB_TYPE_LABELS } from "#db/constants";
import { Field } from "~/components/ui/field";
import { DESCRIPTION_MAX, jobFormSchema } from "~/models/job/job.schema";

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
}

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
}: {
  values: JobFormValues;
  companies: Array<{ id: string; name: string }>;
  categories: string[];
  lastResult?: SubmissionResult<string[]> | null;
  back: string;
  action: string;
  /** A fresh key per rendered create form, so a resubmission does not create twice. */
  idempotencyKey?: string;
}) {
  const editing = !!values.id;
  const navigation = useNavigation();
  const saving =
    navigation.state === "submitting" &&
    navigation.formData?.get("intent") === (editing ? "update" : "create");
  const [form, fields] = useForm({
    id: editing ? `job-form-${values.id}` : "job-form-new",
    lastResult: lastResult ?? undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: jobFormSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const err = (name: keyof typeof fields) => fields[name].errors;
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
        <div className="span-2">
          <Field label="Title *" error={err("title")}>
            {(p) => (
              <input
                {...p}
                type="text"
                name={fields.title.name}
                defaultValue={values.title}
                maxLength={200}
                required
              />
            )}
          </Field>
        </div>
        <Field
          label="Company *"
          error={err("company")}
          hint={
            companies.length === 0 ? (
              <>
                No companies yet: <Link to="/admin/companies">add one first</Link>.
              </>
            ) : undefined
          }
        >
          {(p) => (
            <select {...p} name={fields.company.name} defaultValue={values.companyId} required>
              <option value="">Choose a company…</option>
              {companies.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label="Job type" error={err("jobType")}>
          {(p) => (
            <select {...p} name={fields.jobType.name} defaultValue={values.jobType}>
              {JOB_TYPES.map((t) => (
                <option key={t} value={t}>
                  {JOB_TYPE_LABELS[t]}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label="Location" error={err("location")}>
          {(p) => (
            <input
              {...p}
              type="text"
              name={fields.location.name}
              defaultValue={values.location}
              maxLength={200}
            />
          )}
        </Field>
        <Field label="Status" error={err("status")}>
          {(p) => (
            <select {...p} name={fields.status.name} defaultValue={values.status}>
              {JOB_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {STATUS_LABELS[s] ?? s}
                </option>
              ))}
            </select>
          )}
        </Field>
        <div className="span-2">
          <Field
            label="Categories"
            hint="Separate with commas, e.g. Maintenance, Avionics"
            error={err("categories")}
          >
            {(p) => (
              <input
                {...p}
                type="text"
                name={fields.categories.name}
                defaultValue={values.categories.join(", ")}
                list="job-category-options"
                autoComplete="off"
              />
            )}
          </Field>
          <datalist id="job-category-options">
            {categories.map((c) => (
              <option key={c} value={c} />
            ))}
          </datalist>
        </div>
        <div className="span-2">
          <Field label="Short description" error={err("shortDescription")}>
            {(p) => (
              <input
                {...p}
                type="text"
                name={fields.shortDescription.name}
                defaultValue={values.shortDescription}
                maxLength={500}
              />
            )}
          </Field>
        </div>
        <div className="span-2">
          <Field label="Description" error={err("description")}>
            {(p) => (
              <textarea
                {...p}
                name={fields.description.name}
                defaultValue={values.description}
                rows={6}
                maxLength={DESCRIPTION_MAX}
              />
            )}
          </Field>
        </div>
        <label className="checkbox-field span-2">
          <input type="checkbox" name={fields.isApproved.name} defaultChecked={values.isApproved} />{" "}
          Approved (visible to students and alumni when active)
        </label>
      </div>
      <div className="row form-actions-sticky" style={{ justifyContent: "flex-end" }}>
        <Link to={back} className="btn btn-ghost" preventScrollReset>
          Cancel
        </Link>
        <button type="submit" className="btn btn-primary" disabled={saving}>
          {saving ? "Saving…" : editing ? "Save changes" : "Create job"}
        </button>
      </div>
    </Form>
  );
}
