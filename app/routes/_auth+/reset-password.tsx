/**
 * /reset-password?token=…&email=… — reached from the e-mailed reset link or an invitation (both
 * token purposes work). Open to everyone: the token is the credential. A successful reset signs the
 * user out everywhere (this browser included) and sends them to /login with a notice.
 */
import { getFormProps, getInputProps, useForm } from "~/components/forms/form-state";
import type {
  ActionFunctionArgs,
  HeadersFunction,
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
import { endSession } from "~/web/auth.server";
import { env } from "~/lib/env.server";
import { clientKey } from "~/lib/request.server";
import { checkPasswordToken, resetPassword } from "~/models/auth/password-reset.server";
import { RESET_TOKEN_MSG } from "~/models/user/messages";
import { PasswordInput } from "~/components/auth/password-input";
import { Field } from "~/components/ui/field";
import { useValidators, validateWith } from "~/components/forms/use-validators";
import styles from "~/styles/accounts.css";
import type { loader as rootLoader } from "~/root";
import { formErrors } from "~/lib/screen-errors.server";
import { GeneralErrorBoundary } from "~/components/ui/error-boundary";
import { authCtx } from "~/web/config.server";
import { parseWithZod, resetPasswordFormSchemaOf } from "~/web/forms.server";
import { screen } from "~/web/screen.server";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

const HIDE = ["password", "confirmPassword"];

// Public page: the token in the link is the credential (no session guard on purpose).
export function loader(args: LoaderFunctionArgs) {
  return screen("none", async ({ request, ctx }) => {
    const url = new URL(request.url);
    const token = url.searchParams.get("token")?.trim() ?? "";
    const email = url.searchParams.get("email")?.trim().toLowerCase() ?? "";
    const live = token && email ? await checkPasswordToken(ctx.db, { email, token }) : null;
    return json({ token, email, valid: !!live, invite: live?.purpose === "invite" });
  })(args);
}

// The page's URL holds a credential: no caching, and no Referer carrying it anywhere.
export const headers: HeadersFunction = () => ({
  "Cache-Control": "no-store",
  "Referrer-Policy": "no-referrer",
});

export function action(args: ActionFunctionArgs) {
  return screen("none", async ({ request, failJson }) => {
    const submission = parseWithZod(await request.formData(), {
      schema: resetPasswordFormSchemaOf(env().PASSWORD_MIN_LENGTH),
    });
    if (submission.status !== "success") {
      // The hidden token and e-mail have no visible field: say what is wrong with the link instead.
      const badLink = !!(submission.error?.token || submission.error?.email);
      return json(
        {
          result: submission.reply({
            hideFields: HIDE,
            ...(badLink ? { formErrors: [RESET_TOKEN_MSG] } : {}),
          }),
        },
        { status: 400 },
      );
    }
    failJson((err) => ({
      result: submission.reply({ ...formErrors(err, "message-and-fields"), hideFields: HIDE }),
    }));
    const { email, token, password } = submission.value;
    await resetPassword(await authCtx(), { email, token, password, ip: clientKey(request) });
    // Every session of the user is gone; drop this browser's cookie too.
    const cookie = await endSession(request);
    return redirect("/login?passwordReset=1", { headers: { "Set-Cookie": cookie } });
  })(args);
}

export default function ResetPassword() {
  const { token, email, valid, invite } = useLoaderData<typeof loader>();
  const passwordMin = useRouteLoaderData<typeof rootLoader>("root")?.config.passwordMinLength;
  const data = useActionData<typeof action>();
  const navigation = useNavigation();
  const validators = useValidators();
  const [form, fields] = useForm({
    id: "reset-password",
    lastResult: navigation.state === "idle" ? data?.result : undefined,
    ...validateWith(validators && ((formData) => validators.resetPassword(formData, passwordMin))),
  });
  const busy = navigation.state === "submitting";
  const pw = (meta: typeof fields.password) => {
    const {
      key: _k,
      type: _t,
      ...rest
    } = getInputProps(meta, { type: "password", ariaAttributes: false });
    return rest;
  };
  const title = invite ? "Set your password" : "Reset your password";

  if (!valid) {
    return (
      <main className="auth-page">
        <div className="auth-card stack">
          <h1>{title}</h1>
          <div className="alert alert-error" role="alert">
            {RESET_TOKEN_MSG}
          </div>
          <p className="auth-foot">
            <Link to="/forgot-password">Request a new link</Link> · <Link to="/login">Sign in</Link>
          </p>
        </div>
      </main>
    );
  }

  return (
    <main className="auth-page">
      <div className="auth-card">
        <h1>{title}</h1>
        <p className="auth-sub">
          Choose a new password for <strong>{email}</strong>.
        </p>
        <Form method="post" {...getFormProps(form)} noValidate className="auth-form">
          <input type="hidden" name="token" value={token} />
          <input type="hidden" name="email" value={email} />
          {/* Lets password managers file the new password under the right account. */}
          <input
            type="text"
            name="username"
            value={email}
            autoComplete="username"
            readOnly
            hidden
          />
          {form.errors?.length ? (
            <div className="alert alert-error" role="alert" id={form.errorId}>
              {form.errors[0]}
            </div>
          ) : null}
          <Field label="New password" id={fields.password.id} error={fields.password.errors}>
            {(p) => <PasswordInput {...pw(fields.password)} {...p} autoComplete="new-password" />}
          </Field>
          <Field
            label="Confirm new password"
            id={fields.confirmPassword.id}
            error={fields.confirmPassword.errors}
          >
            {(p) => (
              <PasswordInput {...pw(fields.confirmPassword)} {...p} autoComplete="new-password" />
            )}
          </Field>
          <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
            {busy ? "Saving…" : invite ? "Set password" : "Reset password"}
          </button>
        </Form>
      </div>
    </main>
  );
}

// A description of its own: a route's meta replaces the root's (Lighthouse SEO counts it).
export const meta: MetaFunction = () => [
  { title: "Reset password · Runway" },
  { name: "description", content: "Choose a new password for your Runway account." },
];

/** A failure on this screen shows the standard error page inside the frame. */
export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
