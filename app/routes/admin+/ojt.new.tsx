/**
 * /admin/ojt/new — a coordinator (for a student of their programmes) or an admin creates a
 * placement: student, host company, supervisor, period, required hours (the programme's by
 * default), optional job posting. The student list narrows with ?q= (a GET form, no JavaScript).
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { SelectField, TextField } from "~/components/forms/fields";
import { metaOf } from "~/components/ojt/ojt-parts";
import { screen } from "~/web/screen.server";
import { listCompanies } from "~/models/company/company.server";
import { listCourses } from "~/models/course/course.server";
import { coordinatorsOfCourses } from "~/models/ojt/access.server";
import { createPlacement, placeableStudents } from "~/models/ojt/placement.server";
import { redirectWithFlash } from "~/web/auth.server";
import { issuesOf, jobIdFrom, placementInputSchema, screenCtx } from "~/web/ojt.server";
import styles from "~/styles/ojt.css";
import { stylesheet } from "~/components/layout/stylesheet";
import { PlainField } from "~/components/ui/plain-field";
import { ErrorAlert } from "~/components/ui/error-alert";
import { PageHeader } from "~/components/layout/page-header";

export const links = stylesheet(styles);
export const meta: MetaFunction = () => [{ title: "New OJT placement · Runway" }];

export function loader(args: LoaderFunctionArgs) {
  return screen("ojt-staff", async ({ request, user: me }) => {
    const ctx = await screenCtx(me);
    const q = new URL(request.url).searchParams.get("q");
    const [students, companies, courses] = await Promise.all([
      placeableStudents(ctx, q, 100),
      listCompanies(ctx, { size: 500 }),
      listCourses(ctx.db),
    ]);
    const hours = new Map(courses.map((c) => [c.id, c.requiredOjtHours ?? null]));
    const code = new Map(courses.map((c) => [c.id, c.code]));
    const coordinators =
      me.role === "admin"
        ? await coordinatorsOfCourses(
            ctx.db,
            courses.map((c) => c.id),
          )
        : [];
    return json({
      q: q ?? "",
      isAdmin: me.role === "admin",
      students: students.map((s) => ({
        id: s.id,
        label: `${s.lastName}, ${s.firstName} — ${s.email}${s.courseId ? ` (${code.get(s.courseId) ?? ""})` : ""}`,
        requiredHours: s.courseId ? (hours.get(s.courseId) ?? null) : null,
      })),
      companies: companies.companies.map((c) => ({ id: c.id, name: c.name })),
      coordinators: coordinators.map((c) => ({
        id: c.id,
        label: `${c.firstName} ${c.lastName} — ${c.email}`,
      })),
    });
  })(args);
}

const FIELDS = [
  "studentId",
  "companyId",
  "supervisorName",
  "supervisorPosition",
  "supervisorEmail",
  "supervisorPhone",
  "startDate",
  "expectedEndDate",
  "requiredHours",
  "jobId",
  "coordinatorId",
] as const;
type Values = Partial<Record<(typeof FIELDS)[number], string>>;

/** The model's nested names (supervisor.email) as the form's flat ones (supervisorEmail). */
function flatErrors(errors: Record<string, string[]>): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [k, v] of Object.entries(errors)) {
    const flat = k.startsWith("supervisor.") ? `supervisor${k[11].toUpperCase()}${k.slice(12)}` : k;
    out[flat] = v;
  }
  return out;
}

export function action(args: ActionFunctionArgs) {
  return screen("ojt-staff", async ({ request, user, failJson }) => {
    const ctx = await screenCtx(user);
    const form = await request.formData();
    const values: Values = Object.fromEntries(
      FIELDS.map((k) => [k, typeof form.get(k) === "string" ? String(form.get(k)) : ""]),
    );
    const parsed = placementInputSchema.safeParse({
      studentId: values.studentId,
      companyId: values.companyId,
      supervisor: {
        name: values.supervisorName,
        position: values.supervisorPosition,
        email: values.supervisorEmail,
        phone: values.supervisorPhone,
      },
      startDate: values.startDate,
      expectedEndDate: values.expectedEndDate,
      requiredHours: values.requiredHours,
      jobId: jobIdFrom(values.jobId ?? null),
      coordinatorId: values.coordinatorId || null,
    });
    if (!parsed.success)
      return json({ errors: flatErrors(issuesOf(parsed.error)), values }, { status: 400 });
    failJson((err) => ({
      errors: { form: [err.message], ...flatErrors(err.fields ?? {}) },
      values,
    }));
    const p = await createPlacement(ctx, parsed.data);
    return redirectWithFlash(`/admin/ojt/${p.id}`, {
      kind: "success",
      message: "Placement created",
    });
  })(args);
}

export default function NewPlacement() {
  const data = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const values: Values = result?.values ?? {};
  const errors: Record<string, string[]> | undefined = result?.errors;
  const m = (name: keyof Values) => metaOf("np", name, errors, values[name]);
  return (
    <main className="page page-narrow ojt-page">
      <PageHeader title="New OJT placement">
        <Link to="/admin/ojt" className="btn btn-ghost btn-sm">
          Back to placements
        </Link>
      </PageHeader>
      <form method="get" className="ojt-filters" aria-label="Find a student">
        <PlainField id="np-q" label="Find a student (name, e-mail or student ID)">
          {(ctrl) => <input {...ctrl} name="q" type="search" defaultValue={data.q} />}
        </PlainField>
        <button type="submit" className="btn">
          Find
        </button>
      </form>
      <Form method="post" className="form-stack card" aria-label="New placement">
        <ErrorAlert message={errors?.form ? errors.form[0] : null} />
        <SelectField meta={m("studentId")} label="Student" required>
          <option value="">Choose a student</option>
          {data.students.map((s) => (
            <option key={s.id} value={s.id}>
              {s.label}
              {s.requiredHours ? ` · ${s.requiredHours} h` : ""}
            </option>
          ))}
        </SelectField>
        <SelectField meta={m("companyId")} label="Host company" required>
          <option value="">Choose a company</option>
          {data.companies.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </SelectField>
        <fieldset className="form-stack">
          <legend>Supervisor</legend>
          <TextField meta={m("supervisorName")} label="Name" required autoComplete="off" />
          <TextField meta={m("supervisorPosition")} label="Position" autoComplete="off" />
          <TextField
            meta={m("supervisorEmail")}
            label="Work e-mail"
            type="email"
            required
            autoComplete="off"
            hint="The weekly sign-off links go to this address; no account is needed."
          />
          <TextField meta={m("supervisorPhone")} label="Phone" type="tel" autoComplete="off" />
        </fieldset>
        <div className="ojt-entry-grid">
          <TextField meta={m("startDate")} label="Start date" type="date" required />
          <TextField meta={m("expectedEndDate")} label="Expected end date" type="date" required />
          <TextField
            meta={m("requiredHours")}
            label="Required hours"
            type="number"
            inputMode="numeric"
            min={1}
            hint="Leave empty to use the programme's required OJT hours."
          />
        </div>
        <TextField
          meta={m("jobId")}
          label="Job posting (optional)"
          hint="The OJT/internship posting it came from: paste its link or id."
        />
        {data.isAdmin && data.coordinators.length ? (
          <SelectField meta={m("coordinatorId")} label="Coordinator">
            <option value="">None</option>
            {data.coordinators.map((c) => (
              <option key={c.id} value={c.id}>
                {c.label}
              </option>
            ))}
          </SelectField>
        ) : null}
        <div className="form-actions">
          <button type="submit" className="btn btn-primary">
            Create placement
          </button>
        </div>
      </Form>
    </main>
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from "~/components/ui/error-boundary";
