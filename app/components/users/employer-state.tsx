/**
 * An employer's row on Manage Users: the company, the trust badges (Domain verified or
 * Free mail, Verified employer, Blocked, Company blocked) and the actions Verify, Block (asks
 * first), Unblock — plain POST forms with an intent, so they work without JavaScript; the action answers with a
 * redirect and a flash notice.
 */
import { Form, useLocation } from "@remix-run/react";
import { ConfirmAction } from "../ui/confirm-action";
import type { UserRowView } from "./types";

/** What blocking an employer does, asked before it happens. */
const CONFIRM_BLOCK = {
  title: "Block this employer?",
  message: (name: string) =>
    `Blocking ${name} signs them out, refuses their sign-in and hides the jobs they posted; you can unblock them.`,
  confirm: "Block employer",
};

export function EmployerState({ user }: { user: UserRowView }) {
  const { search } = useLocation();
  const e = user.employer;
  if (!e) return null;
  const name = `${user.firstName} ${user.lastName}`;
  return (
    <span className="user-employer">
      <span className="user-company">{e.companyName ?? "—"}</span>{" "}
      {e.domainVerified ? <span className="badge badge-success">Domain verified</span> : null}
      {e.freeMail ? <span className="badge badge-warning">Free mail</span> : null}
      {e.employerVerified ? <span className="badge badge-success">Verified employer</span> : null}
      {e.isBlocked ? <span className="badge badge-danger">Blocked</span> : null}
      {e.companyBlocked ? <span className="badge badge-danger">Company blocked</span> : null}
      <Form method="post" action={`/admin/users${search}`} className="user-verify-actions">
        <input type="hidden" name="id" value={user._id} />
        {e.employerVerified ? null : (
          <EmployerIntent intent="employer-verify" verb="Verify" name={name} />
        )}
        {e.isBlocked ? (
          <EmployerIntent intent="employer-unblock" verb="Unblock" name={name} />
        ) : null}
      </Form>
      {/* Reversible: the neutral style, never the red of the row's Delete. */}
      {e.isBlocked ? null : (
        <ConfirmAction
          label="Block"
          ariaLabel={`Block employer ${name}`}
          title={CONFIRM_BLOCK.title}
          message={CONFIRM_BLOCK.message(name)}
          confirmLabel={CONFIRM_BLOCK.confirm}
          fields={{ intent: "employer-block", id: user._id }}
          action={`/admin/users${search}`}
          tone="secondary"
        />
      )}
    </span>
  );
}

/** One of the row's ghost buttons: posts its intent, labelled with the verb and the person's name. */
function EmployerIntent({ intent, verb, name }: { intent: string; verb: string; name: string }) {
  return (
    <button
      type="submit"
      name="intent"
      value={intent}
      className="btn btn-sm btn-ghost"
      aria-label={`${verb} employer ${name}`}
    >
      {verb}
    </button>
  );
}
