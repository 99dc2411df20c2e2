/**
 * The e-mail verification state of a Manage Users row: a Verified / Unverified badge and, while
 * unverified, 'Resend code' and 'Mark verified' (plain POST forms with an intent: they work without
 * JavaScript; the action answers with a redirect and a flash notice).
 */
import { Form, useLocation } from "@remix-run/react";
import type { UserRowView } from "./types";
import { IntentButton } from "~/components/ui/intent-button";

export function VerifiedBadge({ verified }: { verified: boolean }) {
  return (
    <span className={`badge ${verified ? "badge-success" : "badge-warning"}`}>
      {verified ? "Verified" : "Unverified"}
    </span>
  );
}

export function EmailState({ user }: { user: UserRowView }) {
  const { search } = useLocation();
  const name = `${user.firstName} ${user.lastName}`;
  return (
    <span className="user-email-state">
      <VerifiedBadge verified={user.isEmailVerified} />
      {user.isEmailVerified ? null : (
        <Form method="post" action={`/admin/users${search}`} className="user-verify-actions">
          <input type="hidden" name="id" value={user._id} />
          <IntentButton
            intent="resend-verification"
            className="btn btn-sm btn-ghost"
            aria-label={`Resend verification code to ${name}`}
          >
            Resend code
          </IntentButton>
          <IntentButton
            intent="verify"
            className="btn btn-sm btn-ghost"
            aria-label={`Mark the email of ${name} as verified`}
          >
            Mark verified
          </IntentButton>
        </Form>
      )}
    </span>
  );
}
