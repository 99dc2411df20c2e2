/**
 * Row actions of /admin/jobs: approve / remove approval, activate / deactivate, edit, delete,
 * as one line of compact buttons on a desktop (short labels so they fit beside eight columns).
 */
import { Link, useFetcher } from "@remix-run/react";
import { ConfirmAction, confirmWording, type ConfirmWording } from "~/components/ui/confirm-action";
import type { Job } from "~/models/job/job.server";
import { HiddenFields } from "~/components/ui/hidden-fields";

/** What deactivating (the admin's Close) does, asked before it happens. */
const CONFIRM_DEACTIVATE: ConfirmWording = {
  title: "Deactivate this posting?",
  message: (title: string) =>
    `Deactivating hides “${title}” from students and alumni; you can activate it again.`,
  confirm: "Deactivate",
};

/**
 * Approve sends only isApproved and the toggle only the intent (the server flips the status);
 * both post to the list URL, which answers with a redirect and a notice; Deactivate asks first
 * (ConfirmAction), Activate does not. Edit and
 * Delete open the URL-driven modal (?edit= / ?confirm=), so they work without JavaScript too.
 */
export function AdminJobActions({
  row,
  back,
}: {
  row: Pick<Job, "id" | "title" | "status" | "isApproved">;
  back: string;
}) {
  const approve = useFetcher();
  const toggle = useFetcher();
  const sep = back.includes("?") ? "&" : "?";
  return (
    <div className="row-actions">
      <approve.Form method="post" action={back}>
        <HiddenFields
          fields={{
            intent: "approve",
            id: row.id,
            back,
            isApproved: row.isApproved ? "false" : "true",
          }}
        />
        <button
          type="submit"
          className="btn btn-sm"
          disabled={approve.state !== "idle"}
          aria-label={`${row.isApproved ? "Unapprove" : "Approve"}: ${row.title}`}
          title={row.isApproved ? "Remove approval (hide from students and alumni)" : undefined}
        >
          {row.isApproved ? "Unapprove" : "Approve"}
        </button>
      </approve.Form>
      {row.status === "active" ? (
        <ConfirmAction
          label="Deactivate"
          ariaLabel={`Deactivate: ${row.title}`}
          {...confirmWording(CONFIRM_DEACTIVATE, row.title)}
          fields={{ intent: "toggle", id: row.id, back }}
          action={back}
          tone="secondary"
        />
      ) : (
        <toggle.Form method="post" action={back}>
          <HiddenFields fields={{ intent: "toggle", id: row.id, back }} />
          <button
            type="submit"
            className="btn btn-sm"
            disabled={toggle.state !== "idle"}
            aria-label={`Activate: ${row.title}`}
          >
            Activate
          </button>
        </toggle.Form>
      )}
      <Link
        className="btn btn-sm"
        to={`${back}${sep}edit=${row.id}`}
        preventScrollReset
        aria-label={`Edit: ${row.title}`}
      >
        Edit
      </Link>
      <Link
        className="btn btn-sm btn-danger"
        to={`${back}${sep}confirm=${row.id}`}
        preventScrollReset
        aria-label={`Delete: ${row.title}`}
      >
        Delete
      </Link>
    </div>
  );
}
