/**
 * /register. Signed-out only. Without JavaScript a successful registration redirects to
 * /verify-otp; with it (the form then carries `enhanced=1`) the action answers with the signed
 * verification state and the page opens the verification modal in place.
 */
import { getFormProps, getInputProps, useForm } from "~/components/forms/form-state";
import type {
  ActionFunctionArgs,
  LinksFunction,
  LoaderFunctionArgs,
  MetaFunction,
} from "@remix-run/node";
import { json } from "@remix-run/node";
import {
  Form,
  Link,
  useActionData,
  useLoaderData,
  useNavigation,
  useRouteLoaderData,
} from "@remix-run/react";
import { useEffect, useState } from "react";
import { registerUser } from "~/models/auth/register.server";
import { PasswordInput } from "~/components/auth/password-input";
import { useHydrated } from "~/components/ui/use-hydrated";
import { deferred } from "~/components/ui/deferred";
import { LegalModal, type LegalDoc } from "~/components/layout/legal-modals";
import { AcceptTermsField } from "~/components/auth/accept-terms-field";
import {
  GraduationYearField,
  SelectField,
  TextField,
  YearLevelOptions,
} from "~/components/forms/fields";
import { Field } from "~/components/ui/field";
import { useValidators, validateWith } from "~/components/forms/use-validators";
import { notify } from "~/components/ui/notify";
import { passwordRules } from "~/models/user/messages";
import type { loader as rootLoader } from "~/root";
import styles from "~/styles/accounts.css";
import { CourseOptions } from "~/components/ui/course-options";
import { GeneralErrorBoundary } from "~/components/ui/error-boundary";
import { screen } from "~/web/screen.server";
import { signUpAction } from "~/web/sign-up.server";
import { registerFormSchema } from "~/web/forms.server";
import { registerChoices } from "~/web/register-choices.server";

/** The code dialog opens only after a registration: its code loads while the form is posted. */
const AfterRegistration = deferred("verification-modal", () =>
  import("~/components/auth/after-registration").then((m) => m.AfterRegistration),
);

export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

export function loader(args: LoaderFunctionArgs) {
  return screen("anonymous", async ({ ctx }) => json(await registerChoices(ctx.db)))(args);
}

export function action(args: ActionFunctionArgs) {
  return screen("anonymous", (a) =>
    signUpAction(a, registerFormSchema, registerUser, { enhanced: true }),
  )(args);
}

export default function Register() {
  const { courseGroups, yearLevels } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const domain = root?.config.emailDomain ?? "";
  const collegeName = root?.config.collegeName ?? "";
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const passwordMin = root?.config.passwordMinLength;
  const validators = useValidators();
  const [form, fields] = useForm({
    id: "register",
    lastResult:
      navigation.state === "idle" && actionData && "result" in actionData
        ? actionData.result
        : undefined,
    defaultValue: { userType: "student" },
    ...validateWith(
      validators && ((formData) => validators.register(formData, domain, passwordMin)),
    ),
  });
  const [legal, setLegal] = useState<LegalDoc | null>(null);
  const registered = actionData && "registered" in actionData ? actionData.registered : null;

  // A failed registration is also a notification (the message, else 'Registration failed').
  useEffect(() => {
    const result = actionData && "result" in actionData ? actionData.result : null;
    if (result?.error?.[""]) notify.error(result.error[""][0] || "Registration failed");
  }, [actionData]);

  const busy = navigation.state === "submitting" && navigation.formAction?.startsWith("/register");
  useEffect(() => {
    if (busy) AfterRegistration.preload();
  }, [busy]);
  const password = (meta: typeof fields.password) => {
    const {
      key: _k,
      type: _t,
      ...rest
    } = getInputProps(meta, { type: "password", ariaAttributes: false });
    return rest;
  };
  const userTypeError = fields.userType.errors?.[0];

  return (
    <main className="auth-page auth-page-wide">
      <div className="auth-card">
        <h1>Create your account</h1>
        <p className="auth-sub">Use your @{domain} email address.</p>
        <Form method="post" {...getFormProps(form)} noValidate className="auth-form register-form">
          {hydrated ? <input type="hidden" name="enhanced" value="1" /> : null}
          {form.errors?.length ? (
            <div className="alert alert-error" id={form.errorId}>
              {form.errors[0] || "Registration failed"}
            </div>
          ) : null}

          <fieldset
            className="choice-group"
            aria-describedby={userTypeError ? `${fields.userType.id}-error` : undefined}
          >
            <legend>I am a</legend>
            <div className="choice-options">
              {(["student", "alumni"] as const).map((v) => (
                <label key={v} className="choice-option">
                  <input
                    type="radio"
                    name={fields.userType.name}
                    value={v}
                    defaultChecked={(fields.userType.initialValue ?? "student") === v}
                  />
                  {v === "student" ? "Student" : "Alumni"}
                </label>
              ))}
            </div>
            {userTypeError ? (
              <p className="field-error" id={`${fields.userType.id}-error`} role="alert">
                {userTypeError}
              </p>
            ) : null}
          </fieldset>

          <div className="auth-grid-2">
            <TextField meta={fields.firstName} label="First name" autoComplete="given-name" />
            <TextField meta={fields.lastName} label="Last name" autoComplete="family-name" />
          </div>
          <TextField
            meta={fields.email}
            label="Email"
            type="email"
            autoComplete="email"
            placeholder={`you@${domain}`}
          />
          <div className="student-only">
            <TextField
              meta={fields.studentId}
              label="Student ID"
              hint="For students only."
              autoComplete="off"
            />
          </div>
          <SelectField meta={fields.course} label="Course">
            <CourseOptions groups={courseGroups} placeholder="Select your course" />
          </SelectField>
          <div className="auth-grid-2">
            <SelectField meta={fields.yearLevel} label="Year level">
              <YearLevelOptions levels={yearLevels} />
            </SelectField>
            <GraduationYearField
              meta={fields.graduationYear}
              label="Graduation year"
              hint="Alumni: the year you graduated. Students: the year you expect to (optional)."
            />
          </div>
          <div className="auth-grid-2">
            <Field
              label="Password"
              id={fields.password.id}
              error={fields.password.errors}
              hint={passwordRules(passwordMin ?? 6)}
            >
              {(p) => (
                <PasswordInput {...password(fields.password)} {...p} autoComplete="new-password" />
              )}
            </Field>
            <Field
              label="Confirm password"
              id={fields.confirmPassword.id}
              error={fields.confirmPassword.errors}
            >
              {(p) => (
                <PasswordInput
                  {...password(fields.confirmPassword)}
                  {...p}
                  autoComplete="new-password"
                />
              )}
            </Field>
          </div>

          <AcceptTermsField
            meta={fields.terms}
            defaultChecked={fields.terms.initialValue === "on"}
            onOpen={setLegal}
          />

          <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
            {busy ? "Creating account…" : "Create account"}
          </button>
        </Form>
        <p className="auth-foot">
          Already have an account? <Link to="/login">Sign in</Link>
        </p>
      </div>
      {legal ? (
        <LegalModal doc={legal} open onClose={() => setLegal(null)} collegeName={collegeName} />
      ) : null}
      {registered ? <AfterRegistration registered={registered} /> : null}
    </main>
  );
}

export const meta: MetaFunction = () => [
  { title: "Create your account · Runway" },
  {
    name: "description",
    content:
      "Create a Runway account to find internships and jobs for the college's students and alumni.",
  },
];

/** A failure on this screen shows the standard error page inside the frame. */
export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
