/**
 * /employers: employer sign-up. Signed-out only; works without JavaScript. The company
 * is chosen from the list (blocked companies are not offered) or added as a new one; with an
 * invitation link (?invite=) the company is fixed and the address is the invited one. A success
 * goes to /verify-otp with the same 6-digit code flow students use; after it, /employer.
 */
import { getFormProps, useForm } from "~/components/forms/form-state";
import type {
  ActionFunctionArgs,
  LinksFunction,
  LoaderFunctionArgs,
  MetaFunction,
} from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import {
  listChooserCompanies,
  readInvitation,
  registerEmployer,
} from "~/models/employer/account.server";
import { PasswordInput } from "~/components/auth/password-input";
import { AcceptTermsField } from "~/components/auth/accept-terms-field";
import { SelectField, TextField } from "~/components/forms/fields";
import { Field } from "~/components/ui/field";
import styles from "~/styles/accounts.css";
import { GeneralErrorBoundary } from "~/components/ui/error-boundary";
import { screen } from "~/web/screen.server";
import { signUpAction } from "~/web/sign-up.server";
import { employerFormSchema } from "~/web/employer-forms.server";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

const INVITE_INVALID =
  "This invitation link is invalid or has expired. Ask your colleague for a new one.";

export function loader(args: LoaderFunctionArgs) {
  return screen("anonymous", async ({ request, ctx: { db } }) => {
    const token = new URL(request.url).searchParams.get("invite");
    const invitation = token ? await readInvitation(db, token) : null;
    return json({
      companies: invitation ? [] : await listChooserCompanies(db),
      invite: invitation
        ? { token: token!, email: invitation.email, companyName: invitation.companyName }
        : null,
      inviteError: token && !invitation ? INVITE_INVALID : null,
    });
  })(args);
}

export function action(args: ActionFunctionArgs) {
  return screen("anonymous", (a) => signUpAction(a, employerFormSchema, registerEmployer))(args);
}

/** The form's fields as conform names them (the rules are the server's schema). */
type Shape = {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  confirmPassword: string;
  acceptTerms: string;
  companyId: string;
  company: { name: string; website: string; location: string };
  invite: string;
};

export default function Employers() {
  const { companies, invite, inviteError } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, fields] = useForm<Shape>({
    id: "employer-register",
    lastResult:
      navigation.state === "idle" && actionData && "result" in actionData
        ? actionData.result
        : undefined,
    defaultValue: invite ? { email: invite.email } : undefined,
  });
  const company = fields.company.getFieldset();
  const busy = navigation.state === "submitting";
  const pw = (meta: typeof fields.password) => ({
    id: meta.id,
    name: meta.name,
    "aria-invalid": meta.errors ? true : undefined,
  });

  return (
    <main className="auth-page auth-page-wide">
      <div className="auth-card">
        <h1>Post jobs on Runway</h1>
        <p className="auth-sub">
          Create an employer account to post openings for the college&apos;s students and alumni.
          Every posting is reviewed before it is published.
        </p>
        {inviteError ? (
          <div className="alert alert-error" role="alert">
            {inviteError}
          </div>
        ) : null}
        <Form method="post" {...getFormProps(form)} noValidate className="auth-form">
          {form.errors?.length ? (
            <div className="alert alert-error" id={form.errorId} role="alert">
              {form.errors[0]}
            </div>
          ) : null}
          <div className="auth-grid-2">
            <TextField meta={fields.firstName} label="First name" autoComplete="given-name" />
            <TextField meta={fields.lastName} label="Last name" autoComplete="family-name" />
          </div>
          {invite ? (
            <>
              <input type="hidden" name="invite" value={invite.token} />
              <input type="hidden" name="email" value={invite.email} />
              <p className="field-hint">
                Company: <strong>{invite.companyName}</strong>
                <br />
                Work email: <strong>{invite.email}</strong>
              </p>
              {fields.email.errors ? (
                <p className="field-error" role="alert">
                  {fields.email.errors[0]}
                </p>
              ) : null}
            </>
          ) : (
            <>
              <TextField
                meta={fields.email}
                label="Work email"
                type="email"
                autoComplete="email"
                hint="Your address at the company. It is checked against the company website."
              />
              <SelectField
                meta={fields.companyId}
                label="Company"
                hint="Choosing a company in the list asks to join it: a verified employer of the company or the career office approves your account before you can post."
              >
                <option value="">Select your company</option>
                {companies.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.name}
                  </option>
                ))}
                <option value="new">New company (not in the list)</option>
              </SelectField>
              <fieldset className="choice-group">
                <legend>New company</legend>
                <p className="field-hint">Only if your company is not in the list.</p>
                <TextField meta={company.name} label="Company name" autoComplete="organization" />
                <div className="auth-grid-2">
                  <TextField
                    meta={company.website}
                    label="Company website"
                    type="url"
                    placeholder="https://example.com"
                  />
                  <TextField meta={company.location} label="Company location" />
                </div>
              </fieldset>
            </>
          )}
          <div className="auth-grid-2">
            <Field label="Password" id={fields.password.id} error={fields.password.errors}>
              {(p) => <PasswordInput {...pw(fields.password)} {...p} autoComplete="new-password" />}
            </Field>
            <Field
              label="Confirm password"
              id={fields.confirmPassword.id}
              error={fields.confirmPassword.errors}
            >
              {(p) => (
                <PasswordInput {...pw(fields.confirmPassword)} {...p} autoComplete="new-password" />
              )}
            </Field>
          </div>
          <AcceptTermsField meta={fields.acceptTerms} />
          <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
            {busy ? "Creating account…" : "Create employer account"}
          </button>
        </Form>
        <p className="auth-foot">
          Already have an account? <Link to="/login">Sign in</Link>
        </p>
      </div>
    </main>
  );
}

export const meta: MetaFunction = () => [
  { title: "Post jobs · Runway" },
  {
    name: "description",
    content: "Create an employer account to post jobs and internships for the college's students.",
  },
];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
