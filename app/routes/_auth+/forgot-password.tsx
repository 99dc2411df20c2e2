/**
 * /forgot-password (the spec names only the server exchange). Open to everyone: knowing an address
 * is not a privilege, and the answer is the same whether or not an account exists.
 */
import { getFormProps, getInputProps, useForm } from "~/components/forms/form-state";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useActionData, useNavigation } from "@remix-run/react";
import { clientKey } from "~/lib/request.server";
import { requestPasswordReset } from "~/models/auth/password-reset.server";
import { Field } from "~/components/ui/field";
import { useValidators, validateWith } from "~/components/forms/use-validators";
import styles from "~/styles/accounts.css";
import { stylesheet } from "~/components/layout/stylesheet";
import { formErrors } from "~/lib/screen-errors.server";
import { GeneralErrorBoundary } from "~/components/ui/error-boundary";
import { authCtx } from "~/web/config.server";
import { forgotPasswordSchema, parseWithZod } from "~/web/forms.server";
import { screen } from "~/web/screen.server";

export const links = stylesheet(styles);

// Public page: no guard on purpose (signed-in users may ask for a reset link too).
export function loader(args: LoaderFunctionArgs) {
  return screen("none", async () => null)(args);
}

export function action(args: ActionFunctionArgs) {
  return screen("none", async ({ request, failJson }) => {
    const submission = parseWithZod(await request.formData(), { schema: forgotPasswordSchema });
    if (submission.status !== "success")
      return json({ result: submission.reply(), sent: null }, { status: 400 });
    failJson((err) => ({ result: submission.reply(formErrors(err, "message")), sent: null }));
    const { message } = await requestPasswordReset(await authCtx(), {
      email: submission.value.email,
      ip: clientKey(request),
    });
    return json({ result: submission.reply({ resetForm: true }), sent: message });
  })(args);
}

export default function ForgotPassword() {
  const data = useActionData<typeof action>();
  const navigation = useNavigation();
  const validators = useValidators();
  const [form, fields] = useForm({
    id: "forgot-password",
    lastResult: navigation.state === "idle" ? data?.result : undefined,
    ...validateWith(validators && validators.forgotPassword),
  });
  const busy = navigation.state === "submitting";
  const { key: _k, ...emailProps } = getInputProps(fields.email, {
    type: "email",
    ariaAttributes: false,
  });
  return (
    <main className="auth-page">
      <div className="auth-card">
        <h1>Forgot your password?</h1>
        <p className="auth-sub">
          Enter your email and we will send you a link to choose a new password.
        </p>
        {data?.sent ? (
          <div className="alert alert-success" role="status">
            {data.sent}
          </div>
        ) : null}
        <Form method="post" {...getFormProps(form)} noValidate className="auth-form">
          {form.errors?.length ? (
            <div className="alert alert-error" role="alert" id={form.errorId}>
              {form.errors[0]}
            </div>
          ) : null}
          <Field label="Email" id={fields.email.id} error={fields.email.errors}>
            {(p) => <input {...emailProps} {...p} autoComplete="email" />}
          </Field>
          <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
            {busy ? "Sending…" : "Send reset link"}
          </button>
        </Form>
        <p className="auth-foot">
          Remembered it? <Link to="/login">Back to sign in</Link>
        </p>
      </div>
    </main>
  );
}

// A description of its own: a route's meta replaces the root's (Lighthouse SEO counts it).
export const meta: MetaFunction = () => [
  { title: "Forgot password · Runway" },
  { name: "description", content: "Ask for a link to reset your Runway password." },
];

/** A failure on this screen shows the standard error page inside the frame. */
export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
