/** The profile in edit mode: conform + the shared zod schema; Cancel returns to view mode. */
import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, useNavigation } from "@remix-run/react";
import { YEAR_LEVELS } from "#db/constants";
import { PROFILE_MSG, profileFormSchema } from "~/models/user/profile.schema";
import type { PublicUser } from "~/models/user/user.server";
import { Field } from "../ui/field";
import { CourseOptions } from "~/components/ui/course-options";

export interface CourseGroup {
  institute: string;
  label: string;
  courses: Array<{ id: string; name: string }>;
}

export function ProfileForm({
  profile,
  courseGroups,
  lastResult,
}: {
  profile: PublicUser;
  courseGroups: CourseGroup[];
  lastResult?: SubmissionResult<string[]> | null;
}) {
  const [form, fields] = useForm({
    id: "profile",
    lastResult,
    constraint: getZodConstraint(profileFormSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    defaultValue: {
      firstName: profile.firstName,
      lastName: profile.lastName,
      phone: profile.phone ?? "",
      address: profile.address ?? "",
      bio: profile.bio ?? "",
      studentId: profile.studentId ?? "",
      course: profile.course?._id ?? "",
      yearLevel: profile.yearLevel ?? "",
    },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: profileFormSchema }),
  });
  const saving = useNavigation().state === "submitting";
  const isStudentish = profile.role === "student" || profile.role === "alumni";
  const input = (
    name: "firstName" | "lastName" | "phone" | "address" | "studentId",
    label: string,
    type = "text",
    autoComplete = "off",
  ) => {
    const f = fields[name];
    return (
      <Field label={label} error={f.errors} id={f.id}>
        {(p) => (
          <input
            {...p}
            key={f.key}
            name={f.name}
            type={type}
            defaultValue={f.initialValue ?? ""}
            autoComplete={autoComplete}
          />
        )}
      </Field>
    );
  };
  return (
    <Form method="post" {...getFormProps(form)} className="stack">
      {form.errors?.length ? (
        <p className="alert alert-error" role="alert" id={form.errorId}>
          {form.errors[0] || PROFILE_MSG.saveFailed}
        </p>
      ) : null}
      <div className="form-grid">
        {input("firstName", "First Name", "text", "given-name")}
        {input("lastName", "Last Name", "text", "family-name")}
      </div>
      <Field label="Email" hint="Your e-mail address cannot be changed here.">
        {(p) => <input {...p} type="email" value={profile.email} readOnly />}
      </Field>
      <div className="form-grid">
        {input("phone", "Phone", "tel", "tel")}
        {input("address", "Address", "text", "street-address")}
      </div>
      {isStudentish ? (
        <>
          {input("studentId", "Student ID")}
          <div className="form-grid">
            <Field label="Course" error={fields.course.errors} id={fields.course.id}>
              {(p) => (
                <select
                  {...p}
                  key={fields.course.key}
                  name={fields.course.name}
                  defaultValue={(fields.course.initialValue as string | undefined) ?? ""}
                >
                  <CourseOptions groups={courseGroups} placeholder="Select course" />
                </select>
              )}
            </Field>
            <Field label="Year Level" error={fields.yearLevel.errors} id={fields.yearLevel.id}>
              {(p) => (
                <select
                  {...p}
                  key={fields.yearLevel.key}
                  name={fields.yearLevel.name}
                  defaultValue={fields.yearLevel.initialValue ?? ""}
                >
                  <option value="">Select year level</option>
                  {YEAR_LEVELS.map((y) => (
                    <option key={y} value={y}>
                      {y}
                    </option>
                  ))}
                </select>
              )}
            </Field>
          </div>
        </>
      ) : null}
      <Field label="Bio" error={fields.bio.errors} id={fields.bio.id}>
        {(p) => (
          <textarea
            {...p}
            key={fields.bio.key}
            name={fields.bio.name}
            defaultValue={fields.bio.initialValue ?? ""}
            rows={4}
          />
        )}
      </Field>
      <div className="row">
        <button type="submit" className="btn btn-primary" disabled={saving}>
          {saving ? "Saving…" : "Save Changes"}
        </button>
        <Link to="/profile" className="btn" preventScrollReset>
          Cancel
        </Link>
      </div>
    </Form>
  );
}
