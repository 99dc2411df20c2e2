/**
 * An employer's row on Manage Users: the company, the trust badges (Domain verified or
 * Free mail, Verified employer, Blocked, Company blocked) and the actions Verify, Block, Unblock —
 * plain POST forms with an intent, so they work without JavaScript; the action answers with a
 * redirect and a flash notice.
 */
import { Form, useLocation } from "@remix-run/react";
import type { UserRowView } from "./types";

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
          <button
            type="submit"
            name="intent"
            value="employer-verify"
            className="btn btn-sm btn-ghost"
            aria-label={`Verify employer ${name}`}
          >
            Verify
          </button>
        )}
        {e.isBlocked ? (
          <button
            type="submit"
            name="intent"
            value="employer-unblock"
            className="btn btn-sm btn-ghost"
            aria-label={`Unblock employer ${name}`}
          >
            Unblock
          </button>
        ) : (
          <button
            type="submit"
            name="intent"
            value="employer-block"
            className="btn btn-sm btn-danger"
            aria-label={`Block employer ${name}`}
          >
            Block
          </button>
        )}
      </Form>
    </span>
  );
}
