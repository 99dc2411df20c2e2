/**
 * /login. Signed-out only. Unverified accounts with the right password go on to
 * /verify-otp (the spec's navigation state travels as a signed `s` value); success lands an admin
 * on /dashboard and anyone else on / (or on the page that sent them here).
 */
import { getFormProps, getInputProps, useForm } from "~/components/forms/form-state";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect } from "react";
import { authenticator, redirectWithFlash, safeRedirect, startSession } from "~/web/auth.server";
import { RESET_MSG } from "~/models/auth/password-reset.server";
import { hasLegacyAccounts } from "~/models/user/legacy.server";
import { verifyOtpPath } from "~/models/auth/verify-state.server";
import { PasswordInput } from "~/components/auth/password-input";
import { Field } from "~/components/ui/field";
import { useValidators, validateWith } from "~/components/forms/use-validators";
import { notify } from "~/components/ui/notify";
import styles from "~/styles/accounts.css";
import { stylesheet } from "~/components/layout/stylesheet";
import { domainInit } from "~/lib/screen-errors.server";
import { GeneralErrorBoundary } from "~/components/ui/error-boundary";
import { authConfig } from "~/web/config.server";
import { deviceCookieHeader } from "~/web/device-cookie.server";
import { loginSchema, parseWithZod } from "~/web/forms.server";
import { screen } from "~/web/screen.server";

export const links = stylesheet(styles);

export function loader(args: LoaderFunctionArgs) {
  return screen("anonymous", async ({ request, ctx }) => {
    // Notices for the spec's `justRegistered` / `justVerified` navigation state (and a finished
    // reset). Kept inside the loader: RESET_MSG lives in a .server module, empty in the browser.
    const NOTICES = {
      justRegistered: "Registration successful. Please sign in.",
      justVerified: "Email verified. You can now sign in.",
      passwordReset: RESET_MSG.done,
    } as const;
    const url = new URL(request.url);
    const key = (Object.keys(NOTICES) as Array<keyof typeof NOTICES>).find((k) =>
      url.searchParams.has(k),
    );
    const redirectTo = safeRedirect(url.searchParams.get("redirectTo"), "");
    // After a move from AeroJob (ADR 115) everyone sees the same line, whatever address they will
    // type: it says how old passwords behave without telling whether any one account exists.
    const movedFromAerojob = await hasLegacyAccounts(ctx.db);
    return json({ notice: key ? NOTICES[key] : null, redirectTo, movedFromAerojob });
  })(args);
}

export function action(args: ActionFunctionArgs) {
  return screen("anonymous", async ({ request, onFailure }) => {
    // remix-auth reads the request body itself: validate a copy.
    const formData = await request.clone().formData();
    const submission = parseWithZod(formData, { schema: loginSchema });
    if (submission.status !== "success") {
      return json({ result: submission.reply({ hideFields: ["password"] }) }, { status: 400 });
    }
    onFailure((err) => {
      if (err?.extra?.requiresVerification) {
        // `why` lets the code screen say why a sign-in ended there.
        const path = verifyOtpPath(authConfig().secret, {
          email: String(err.extra.email),
          userId: String(err.extra.userId),
        });
        return redirect(`${path}&why=unverified`);
      }
      const result = submission.reply({
        formErrors: [err ? err.message : "Login failed"],
        hideFields: ["password"],
      });
      return json({ result }, err ? domainInit(err) : { status: 500 });
    });
    const user = await authenticator.authenticate("form", request);
    const cookie = await startSession(request, user.id, formData.get("remember") === "on");
    // This browser is a known device of the account from now on (ADR 111).
    const device = await deviceCookieHeader(request, user.id);
    const fallback =
      user.role === "admin" ? "/dashboard" : user.role === "employer" ? "/employer" : "/";
    const asked = safeRedirect(formData.get("redirectTo"), "");
    return redirectWithFlash(
      asked && asked !== "/" ? asked : fallback,
      { kind: "success", message: "Logged in successfully" },
      [
        ["Set-Cookie", cookie],
        ["Set-Cookie", device],
      ],
    );
  })(args);
}

export default function Login() {
  const { notice, redirectTo, movedFromAerojob } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const validators = useValidators();
  const [form, fields] = useForm({
    id: "login",
    lastResult: navigation.state === "idle" ? actionData?.result : undefined,
    ...validateWith(validators && validators.login),
  });
  const busy = navigation.state !== "idle" && navigation.formAction?.startsWith("/login");
  // A failed sign-in is also a notification (the server's message, else 'Login failed').
  const failure = actionData?.result.error?.[""]?.[0];
  useEffect(() => {
    if (actionData?.result.error?.[""])
      notify.error(actionData.result.error[""][0] || "Login failed");
  }, [actionData]);
  const { key: _ek, ...emailProps } = getInputProps(fields.email, {
    type: "email",
    ariaAttributes: false,
  });
  const {
    key: _pk,
    type: _pt,
    ...passwordProps
  } = getInputProps(fields.password, { type: "password", ariaAttributes: false });

  return (
    <main className="auth-page">
      <div className="auth-card">
        <h1>Sign in to your account</h1>
        {notice ? (
          <div className="alert alert-success" role="status">
            {notice}
          </div>
        ) : null}
        <Form method="post" {...getFormProps(form)} noValidate className="auth-form">
          {form.errors?.length ? (
            <div className="alert alert-error" id={form.errorId}>
              {failure || form.errors[0] || "Login failed"}
            </div>
          ) : null}
          {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
          <Field label="Email" id={fields.email.id} error={fields.email.errors}>
            {(p) => <input {...emailProps} {...p} autoComplete="email" />}
          </Field>
          <Field label="Password" id={fields.password.id} error={fields.password.errors}>
            {(p) => <PasswordInput {...passwordProps} {...p} autoComplete="current-password" />}
          </Field>
          <div className="auth-links">
            <div className="checkbox-row">
              <input type="checkbox" id="login-remember" name="remember" />
              <label htmlFor="login-remember">Remember me</label>
            </div>
            <Link to="/forgot-password">Forgot password?</Link>
          </div>
          <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
            {busy ? "Signing in…" : "Sign in"}
          </button>
        </Form>
        {movedFromAerojob ? (
          <p className="auth-foot" id="aerojob-note">
            Used AeroJob? Sign in with the same email and password. If your password is not
            accepted, <Link to="/forgot-password">reset it</Link>: some AeroJob passwords could not
            be brought across.
          </p>
        ) : null}
        <p className="auth-foot">
          Don&apos;t have an account? <Link to="/register">Register</Link>
        </p>
      </div>
    </main>
  );
}

export const meta: MetaFunction = () => [
  { title: "Sign in · Runway" },
  {
    name: "description",
    content:
      "Sign in to Runway, the internship and job board of the college's students and alumni.",
  },
];

/** A failure on this screen shows the standard error page inside the frame. */
export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
