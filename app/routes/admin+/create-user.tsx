import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type {
  ActionFunctionArgs,
  LinksFunction,
  LoaderFunctionArgs,
  MetaFunction,
} from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import {
  Form,
  Link,
  useActionData,
  useLoaderData,
  useNavigation,
  useRouteLoaderData,
} from "@remix-run/react";
import { useMemo, useState } from "react";
import { REGISTER_YEAR_LEVELS, STAFF_CREATE_ROLES } from "#db/constants";
import { screen } from "~/web/screen.server";
import { idempotentForm, newIdempotencyKey } from "~/web/idempotency.server";
import { env } from "~/lib/env.server";
import { listCourseGroups } from "~/models/course/course.server";
import { USERS_MSG } from "~/models/user/admin.schema";
import { createUserByAdmin } from "~/models/user/admin.server";
import { userRecordSchema } from "~/models/user/user.schema";
import {
  GraduationYearField,
  SelectField,
  TextField,
  YearLevelOptions,
} from "~/components/forms/fields";
import { Field } from "~/components/ui/field";
import { useHydrated } from "~/components/ui/use-hydrated";
import type { loader as rootLoader } from "~/root";
import styles from "~/styles/people.css";
import { CourseOptions } from "~/components/ui/course-options";
import { roleLabel } from "~/components/layout/menu";
import { configured } from "~/web/config.server";
import { ErrorAlert } from "~/components/ui/error-alert";
import { PageHeader } from "~/components/layout/page-header";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

export function loader(args: LoaderFunctionArgs) {
  return screen("admin", async ({ ctx }) => {
    return json({
      courseGroups: await listCourseGroups(ctx.db),
      formKey: newIdempotencyKey(),
    });
  })(args);
}

/** Creates an active, verified user; on success back to Manage Users with the message. */
export function action(args: ActionFunctionArgs) {
  return screen("admin", async ({ request, user: me, ctx, failAny }) => {
    const schema = userRecordSchema(env().COLLEGE_EMAIL_DOMAIN, {
      passwordRequired: true,
      passwordMin: env().PASSWORD_MIN_LENGTH,
    });
    const form = await request.formData();
    const submission = parseWithZod(form, { schema });
    if (submission.status !== "success")
      return json({ result: submission.reply({ hideFields: ["password"] }) }, { status: 400 });
    failAny((err) => ({
      result: submission.reply({
        formErrors: [err ? err.message : USERS_MSG.createFailed],
        fieldErrors: err?.fields ?? {},
        hideFields: ["password"],
      }),
    }));
    // A double click or a resubmitted form answers as the first did instead of a second create.
    return idempotentForm(request, me.id, form, "/admin/create-user", async () => {
      const u = await createUserByAdmin(configured(ctx), submission.value);
      if (!u._id) throw new Error(USERS_MSG.unexpectedResponse);
      return redirect("/admin/users?created=1");
    });
  })(args);
}

export default function CreateUser() {
  const { courseGroups, formKey } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const domain = root?.config.emailDomain ?? "example.edu";
  const passwordMin = root?.config.passwordMinLength;
  const schema = useMemo(
    () => userRecordSchema(domain, { passwordRequired: true, passwordMin }),
    [domain, passwordMin],
  );
  const [form, fields] = useForm({
    id: "create-user",
    lastResult: actionData?.result,
    constraint: getZodConstraint(schema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    defaultValue: { userType: "student" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  const [type, setType] = useState<string>(String(fields.userType.initialValue ?? "student"));
  const busy = useNavigation().state === "submitting";
  const hydrated = useHydrated();
  return (
    <main className="page page-narrow create-user">
      <PageHeader title="Create User">
        <Link to="/admin/users" className="btn btn-ghost">
          Back to users
        </Link>
      </PageHeader>
      <Form method="post" {...getFormProps(form)} className="card stack">
        <input type="hidden" name="idempotencyKey" value={formKey} />
        <ErrorAlert
          message={form.errors?.length ? form.errors[0] || USERS_MSG.createFailed : null}
          id={form.errorId}
        />
        <Field label="User type" error={fields.userType.errors} id={fields.userType.id}>
          {(p) => (
            <select
              {...p}
              key={fields.userType.key}
              name={fields.userType.name}
              defaultValue={type}
              onChange={(e) => setType(e.currentTarget.value)}
            >
              {STAFF_CREATE_ROLES.map((r) => (
                <option key={r} value={r}>
                  {roleLabel(r)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <div className="form-grid">
          <TextField meta={fields.firstName} label="First name" autoComplete="given-name" />
          <TextField meta={fields.lastName} label="Last name" autoComplete="family-name" />
        </div>
        <TextField meta={fields.email} label="Email" type="email" autoComplete="off" />
        <TextField
          meta={fields.password}
          label="Password"
          type="password"
          autoComplete="new-password"
        />
        {type === "coordinator" || !hydrated ? (
          <fieldset className="stack" aria-describedby={fields.courses.errorId}>
            <legend>{hydrated ? "Programmes" : "Programmes (coordinators only)"}</legend>
            {courseGroups.flatMap((g) =>
              g.courses.map((c) => (
                <label key={c.id} className="checkbox">
                  <input type="checkbox" name={fields.courses.name} value={c.code} /> {c.code} —{" "}
                  {c.name}
                </label>
              )),
            )}
            {fields.courses.errors?.length ? (
              <p className="field-error" id={fields.courses.errorId} role="alert">
                {fields.courses.errors[0]}
              </p>
            ) : null}
          </fieldset>
        ) : null}
        {type !== "admin" && type !== "coordinator" ? (
          <>
            <TextField
              meta={fields.studentId}
              label={type === "student" ? "Student ID" : "Student ID (optional)"}
              autoComplete="off"
            />
            <SelectField
              meta={fields.course}
              label={type === "student" ? "Course" : "Course (optional)"}
            >
              <CourseOptions groups={courseGroups} placeholder="Select course" />
            </SelectField>
            <SelectField
              meta={fields.yearLevel}
              label={type === "student" ? "Year level" : "Year level (optional)"}
            >
              <YearLevelOptions levels={REGISTER_YEAR_LEVELS} />
            </SelectField>
            <GraduationYearField
              meta={fields.graduationYear}
              label="Graduation year (optional)"
              hint={
                type === "alumni" ? "The year they graduated." : "The year they expect to graduate."
              }
            />
          </>
        ) : null}
        <TextField meta={fields.phone} label="Phone (optional)" type="tel" autoComplete="tel" />
        <div className="row">
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {busy ? "Creating…" : "Create User"}
          </button>
          <Link to="/admin/users" className="btn">
            Cancel
          </Link>
        </div>
      </Form>
    </main>
  );
}

export const meta: MetaFunction = () => [{ title: "Create User · Runway" }];

/** A failure on this screen shows the standard error page inside the frame. */
export { GeneralErrorBoundary as ErrorBoundary } from "~/components/ui/error-boundary";
