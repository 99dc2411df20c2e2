/**
 * 'Personal e-mail' on /profile (students and alumni): add an address outside the college with the
 * password, enter the 6-digit code mailed to it, choose where Runway's mail goes, or remove it.
 * Plain forms posting to /profile, so every step works without JavaScript.
 */
import { Form, useNavigation } from "@remix-run/react";

export interface PersonalEmailView {
  email: string | null;
  pending: string | null;
  mailToPersonal: boolean;
  collegeEmail: string;
  collegeDomain: string;
}
export interface PersonalEmailReply {
  intent: string;
  message: string;
  fields: Record<string, string[]>;
}

function FieldError({ id, errors }: { id: string; errors?: string[] }) {
  return errors?.length ? (
    <p id={id} className="field-error" role="alert">
      {errors[0]}
    </p>
  ) : null;
}

/** The account's current password, which each change of the personal address asks for. */
function CurrentPassword({
  id,
  errors,
  markInvalid = false,
}: {
  id: string;
  errors?: string[];
  markInvalid?: boolean;
}) {
  return (
    <div className="field">
      <label htmlFor={id}>Password</label>
      <input
        id={id}
        name="password"
        type="password"
        autoComplete="current-password"
        required
        maxLength={128}
        aria-describedby={`${id}-error`}
        aria-invalid={markInvalid && errors ? true : undefined}
      />
      <FieldError id={`${id}-error`} errors={errors} />
    </div>
  );
}

export function PersonalEmailSection({
  view,
  reply,
}: {
  view: PersonalEmailView;
  reply: PersonalEmailReply | null;
}) {
  const busy = useNavigation().state === "submitting";
  const err = (intent: string, field: string) =>
    reply?.intent === intent ? (reply.fields[field] ?? null) : null;
  const formError = (intent: string) =>
    reply?.intent === intent && !Object.keys(reply.fields).length ? reply.message : null;
  const addErrors = {
    email: err("personal-add", "email") ?? undefined,
    password: err("personal-add", "password") ?? undefined,
  };
  return (
    <section className="card stack" aria-labelledby="profile-personal">
      <h2 id="profile-personal">Personal e-mail</h2>
      <p className="muted">
        Your college mailbox may close after you graduate. Add a personal address to keep signing in
        to Runway with it, and to get your mail there if you choose.
      </p>
      {view.email ? (
        <>
          <p>
            <strong>{view.email}</strong> <span className="badge badge-success">Verified</span>
            <br />
            <span className="muted">
              {`You can sign in with ${view.email} or ${view.collegeEmail}.`}
            </span>
          </p>
          <Form method="post" className="stack" preventScrollReset>
            <input type="hidden" name="intent" value="personal-mail-to" />
            <fieldset className="stack">
              <legend>Send my Runway mail to</legend>
              <label className="checkbox-field">
                <input
                  type="radio"
                  name="mailTo"
                  value="college"
                  defaultChecked={!view.mailToPersonal}
                />{" "}
                My college e-mail ({view.collegeEmail})
              </label>
              <label className="checkbox-field">
                <input
                  type="radio"
                  name="mailTo"
                  value="personal"
                  defaultChecked={view.mailToPersonal}
                />{" "}
                My personal e-mail ({view.email})
              </label>
            </fieldset>
            <p>
              <button type="submit" className="btn" disabled={busy}>
                Save
              </button>
            </p>
          </Form>
          <details>
            <summary>Remove this address</summary>
            <Form method="post" className="stack" preventScrollReset>
              <input type="hidden" name="intent" value="personal-remove" />
              <CurrentPassword
                id="personal-remove-password"
                errors={err("personal-remove", "password") ?? undefined}
              />
              <p>
                <button type="submit" className="btn btn-danger" disabled={busy}>
                  Remove personal e-mail
                </button>
              </p>
            </Form>
          </details>
        </>
      ) : null}
      {view.pending ? (
        <Form method="post" className="stack" preventScrollReset>
          <input type="hidden" name="intent" value="personal-verify" />
          <p role="status">
            We sent a 6-digit code to <strong>{view.pending}</strong>. Enter it to confirm the
            address.
          </p>
          <div className="field">
            <label htmlFor="personal-otp">Verification code</label>
            <input
              id="personal-otp"
              name="otp"
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="\d{6}"
              maxLength={6}
              required
              aria-describedby="personal-otp-error"
            />
            <FieldError
              id="personal-otp-error"
              errors={
                err("personal-verify", "otp") ??
                err("personal-verify", "email") ??
                (formError("personal-verify") ? [formError("personal-verify")!] : undefined)
              }
            />
          </div>
          <p>
            <button type="submit" className="btn btn-primary" disabled={busy}>
              Verify
            </button>
          </p>
        </Form>
      ) : null}
      {
        <details
          open={
            (!view.email && !view.pending) || reply?.intent === "personal-add" ? true : undefined
          }
        >
          <summary>
            {view.email || view.pending ? "Use another personal e-mail" : "Add a personal e-mail"}
          </summary>
          <Form method="post" className="stack" preventScrollReset>
            <input type="hidden" name="intent" value="personal-add" />
            <div className="field">
              <label htmlFor="personal-email">Personal e-mail</label>
              <input
                id="personal-email"
                name="email"
                type="email"
                autoComplete="email"
                required
                maxLength={254}
                aria-describedby="personal-email-hint personal-email-error"
                aria-invalid={addErrors.email ? true : undefined}
              />
              <p id="personal-email-hint" className="field-hint">
                Not an @{view.collegeDomain} address.
              </p>
              <FieldError id="personal-email-error" errors={addErrors.email} />
            </div>
            <CurrentPassword id="personal-password" errors={addErrors.password} markInvalid />
            {formError("personal-add") ? (
              <p className="alert alert-error" role="alert">
                {formError("personal-add")}
              </p>
            ) : null}
            <p>
              <button type="submit" className="btn btn-primary" disabled={busy}>
                Send code
              </button>
            </p>
          </Form>
        </details>
      }
    </section>
  );
}
