/**
 * The profile in edit mode: conform + the shared zod schema (loaded on first touch, with its HTML
 * constraints from the loader); Cancel returns to view mode.
 */
import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form, useNavigation } from "@remix-run/react";
import { YEAR_LEVELS } from "#db/constants";
import { PROFILE_MSG } from "~/models/user/messages";
import type { PublicUser } from "~/models/user/user.server";
import { Field } from "../ui/field";
import {
  GraduationYearField,
  SelectField,
  PhoneField,
  TextField,
  TextareaField,
  YearLevelOptions,
} from "../forms/fields";
import { CourseOptions, type CourseGroup } from "~/components/ui/course-options";
import { textDefaults } from "../forms/defaults";
import { FormActions } from "../forms/actions";
import { useValidators, validateWith } from "../forms/use-validators";

export function ProfileForm({
  profile,
  courseGroups,
  lastResult,
  constraint,
}: {
  profile: PublicUser;
  courseGroups: CourseGroup[];
  lastResult?: SubmissionResult<string[]> | null;
  constraint: NonNullable<Parameters<typeof useForm>[0]["constraint"]>;
}) {
  const validators = useValidators();
  const [form, fields] = useForm({
    id: "profile",
    lastResult,
    constraint,
    defaultValue: {
      firstName: profile.firstName,
      lastName: profile.lastName,
      ...textDefaults(profile, ["phone", "address", "bio", "studentId"]),
      course: profile.course?._id ?? "",
      yearLevel: profile.yearLevel ?? "",
      graduationYear: profile.graduationYear?.toString() ?? "",
    },
    ...validateWith(validators && validators.profile),
  });
  const saving = useNavigation().state === "submitting";
  const isStudentish = profile.role === "student" || profile.role === "alumni";
  return (
    <Form method="post" {...getFormProps(form)} className="stack">
      {form.errors?.length ? (
        <p className="alert alert-error" role="alert" id={form.errorId}>
          {form.errors[0] || PROFILE_MSG.saveFailed}
        </p>
      ) : null}
      <div className="form-grid">
        <TextField meta={fields.firstName} label="First Name" autoComplete="given-name" />
        <TextField meta={fields.lastName} label="Last Name" autoComplete="family-name" />
      </div>
      <Field label="Email" hint="Your e-mail address cannot be changed here.">
        {(p) => <input {...p} type="email" value={profile.email} readOnly />}
      </Field>
      <div className="form-grid">
        <PhoneField meta={fields.phone} />
        <TextField meta={fields.address} label="Address" autoComplete="street-address" />
      </div>
      {isStudentish ? (
        <>
          <TextField meta={fields.studentId} label="Student ID" autoComplete="off" />
          <div className="form-grid">
            <SelectField meta={fields.course} label="Course">
              <CourseOptions groups={courseGroups} placeholder="Select course" />
            </SelectField>
            <SelectField meta={fields.yearLevel} label="Year Level">
              <YearLevelOptions levels={YEAR_LEVELS} />
            </SelectField>
          </div>
          <GraduationYearField
            meta={fields.graduationYear}
            label="Graduation Year"
            hint="Alumni: the year you graduated. Students: the year you expect to."
          />
        </>
      ) : null}
      <TextareaField meta={fields.bio} label="Bio" rows={4} />
      <FormActions label="Save Changes" busy={saving} busyLabel="Saving…" cancelTo="/profile" />
    </Form>
  );
}
