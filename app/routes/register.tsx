/**
 * /register (spec §2.4). Signed-out only. Without JavaScript a successful registration redirects to
 * /verify-otp; with it (the form then carries `enhanced=1`) the action answers with the signed
 * verification state and the page opens the verification modal in place.
 */
import { getFormProps, getInputProps, getSelectProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
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
  useNavigate,
  useNavigation,
  useRouteLoaderData,
} from "@remix-run/react";
import { useCallback, useEffect, useMemo, useState } from "react";
import { REGISTER_YEAR_LEVELS } from "#db/constants";
import { requireAnonymous } from "~/lib/auth.server";
import { getDb } from "~/lib/db.server";
import { env } from "~/lib/env.server";
import { clientIp } from "~/lib/request.server";
import { registerUser } from "~/models/auth/register.server";
import { signVerifyState } from "~/models/auth/verify-state.server";
import { listCourseGroups } from "~/models/course/course.server";
import { DomainError, TooManyRequests } from "~/models/errors";
import { registerFormSchema } from "~/models/user/user.schema";
import { PasswordInput } from "~/components/auth/password-input";
import { useHydrated } from "~/components/auth/use-hydrated";
import { VerificationModal } from "~/components/auth/verification-modal";
import { LEGAL_IDS, LegalModal, type LegalDoc } from "~/components/layout/legal-modals";
import { Field } from "~/components/ui/field";
import { notify } from "~/components/ui/notify";
import type { loader as rootLoader } from "~/root";
import styles from "~/styles/accounts.css";
import { CourseOptions } from "~/components/ui/course-options";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

const HIDE = ["password", "confirmPassword"];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAnonymous(request);
  return json({
    courseGroups: await listCourseGroups(await getDb()),
    yearLevels: REGISTER_YEAR_LEVELS,
  });
}

export async function action({ request }: ActionFunctionArgs) {
  await requireAnonymous(request);
  const formData = await request.formData();
  const submission = parseWithZod(formData, {
    schema: registerFormSchema(env().COLLEGE_EMAIL_DOMAIN, {
      passwordMin: env().PASSWORD_MIN_LENGTH,
    }),
  });
  if (submission.status !== "success")
    return json({ result: submission.reply({ hideFields: HIDE }) }, { status: 400 });
  try {
    const { user } = await registerUser(await getDb(), submission.value, { ip: clientIp(request) });
    const state = signVerifyState({ email: user.email, userId: user.id });
    if (formData.get("enhanced") === "1") {
      return json(
        { registered: { email: user.email, userId: user.id, state, requiresVerification: true } },
        { status: 201 },
      );
    }
    return redirect(`/verify-otp?s=${encodeURIComponent(state)}`);
  } catch (e) {
    if (!(e instanceof DomainError)) throw e;
    const headers =
      e instanceof TooManyRequests ? { "Retry-After": String(e.retryAfterSeconds) } : undefined;
    return json(
      {
        result: submission.reply({
          formErrors: [e.message],
          fieldErrors: e.fields,
          hideFields: HIDE,
        }),
      },
      { status: e.status, headers },
    );
  }
}

export default function Register() {
  const { courseGroups, yearLevels } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const domain = root?.config.emailDomain ?? "";
  const collegeName = root?.config.collegeName ?? "";
  const navigation = useNavigation();
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const passwordMin = root?.config.passwordMinLength;
  const schema = useMemo(() => registerFormSchema(domain, { passwordMin }), [domain, passwordMin]);
  const [form, fields] = useForm({
    id: "register",
    lastResult:
      navigation.state === "idle" && actionData && "result" in actionData
        ? actionData.result
        : undefined,
    defaultValue: { userType: "student" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const [legal, setLegal] = useState<LegalDoc | null>(null);
  const registered = actionData && "registered" in actionData ? actionData.registered : null;
  const [modalOpen, setModalOpen] = useState(false);

  useEffect(() => {
    if (!registered) return;
    // §2.4: open the modal unless the server says no verification is needed.
    if (registered.requiresVerification === false) navigate("/login?justRegistered=1");
    else setModalOpen(true);
  }, [registered, navigate]);

  // §8: a failed registration is also a notification (the message, else 'Registration failed').
  useEffect(() => {
    const result = actionData && "result" in actionData ? actionData.result : null;
    if (result?.error?.[""]) notify.error(result.error[""][0] || "Registration failed");
  }, [actionData]);

  const onVerified = useCallback(
    () => navigate("/login?justVerified=1", { replace: true }),
    [navigate],
  );
  const onCloseModal = useCallback(() => {
    // Closing without a code keeps the account waiting: continue on the verify page.
    setModalOpen(false);
    if (registered) navigate(`/verify-otp?s=${encodeURIComponent(registered.state)}`);
  }, [navigate, registered]);

  const busy = navigation.state === "submitting" && navigation.formAction?.startsWith("/register");
  const input = (meta: (typeof fields)[keyof typeof fields], type: "text" | "email") => {
    const { key: _k, ...rest } = getInputProps(meta, { type, ariaAttributes: false });
    return rest;
  };
  const password = (meta: typeof fields.password) => {
    const {
      key: _k,
      type: _t,
      ...rest
    } = getInputProps(meta, { type: "password", ariaAttributes: false });
    return rest;
  };
  const { key: _ck, ...courseProps } = getSelectProps(fields.course, { ariaAttributes: false });
  const { key: _yk, ...yearProps } = getSelectProps(fields.yearLevel, { ariaAttributes: false });
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
            <Field label="First name" id={fields.firstName.id} error={fields.firstName.errors}>
              {(p) => (
                <input {...input(fields.firstName, "text")} {...p} autoComplete="given-name" />
              )}
            </Field>
            <Field label="Last name" id={fields.lastName.id} error={fields.lastName.errors}>
              {(p) => (
                <input {...input(fields.lastName, "text")} {...p} autoComplete="family-name" />
              )}
            </Field>
          </div>
          <Field label="Email" id={fields.email.id} error={fields.email.errors}>
            {(p) => (
              <input
                {...input(fields.email, "email")}
                {...p}
                autoComplete="email"
                placeholder={`you@${domain}`}
              />
            )}
          </Field>
          <div className="student-only">
            <Field
              label="Student ID"
              id={fields.studentId.id}
              error={fields.studentId.errors}
              hint="For students only."
            >
              {(p) => <input {...input(fields.studentId, "text")} {...p} autoComplete="off" />}
            </Field>
          </div>
          <Field label="Course" id={fields.course.id} error={fields.course.errors}>
            {(p) => (
              <select {...courseProps} {...p}>
                <CourseOptions groups={courseGroups} placeholder="Select your course" />
              </select>
            )}
          </Field>
          <Field label="Year level" id={fields.yearLevel.id} error={fields.yearLevel.errors}>
            {(p) => (
              <select {...yearProps} {...p}>
                <option value="">Select year level</option>
                {yearLevels.map((y) => (
                  <option key={y} value={y}>
                    {y}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <div className="auth-grid-2">
            <Field label="Password" id={fields.password.id} error={fields.password.errors}>
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

          <div className={`field${fields.terms.errors ? " field-invalid" : ""}`}>
            <div className="checkbox-row">
              <input
                type="checkbox"
                id={fields.terms.id}
                name={fields.terms.name}
                defaultChecked={fields.terms.initialValue === "on"}
                aria-invalid={fields.terms.errors ? true : undefined}
                aria-describedby={fields.terms.errors ? `${fields.terms.id}-error` : undefined}
              />
              <label htmlFor={fields.terms.id}>I accept the terms and conditions</label>
            </div>
            <p className="field-hint">
              Read the{" "}
              {/* Links to the footer's `:target` texts (ADR 004), so they open without JavaScript too. */}
              <a
                href={`#${LEGAL_IDS.terms}`}
                onClick={(e) => {
                  e.preventDefault();
                  setLegal("terms");
                }}
              >
                Terms of Service
              </a>{" "}
              and the{" "}
              <a
                href={`#${LEGAL_IDS.privacy}`}
                onClick={(e) => {
                  e.preventDefault();
                  setLegal("privacy");
                }}
              >
                Privacy Policy
              </a>
              .
            </p>
            {fields.terms.errors ? (
              <p className="field-error" id={`${fields.terms.id}-error`} role="alert">
                {fields.terms.errors[0]}
              </p>
            ) : null}
          </div>

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
      {registered ? (
        <VerificationModal
          open={modalOpen}
          email={registered.email}
          state={registered.state}
          onVerified={onVerified}
          onClose={onCloseModal}
        />
      ) : null}
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
