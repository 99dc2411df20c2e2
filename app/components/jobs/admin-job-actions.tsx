/**
 * Row actions of /admin/jobs: approve / remove approval, activate / deactivate, edit, delete,
 * as one line of compact buttons on a desktop (short labels so they fit beside eight columns).
 */
import { Link, useFetcher } from "@remix-run/react";
import { useEffect, useState } from "react";

export interface AdminJobRow {
  id: string;
  title: string;
  status: string;
  isApproved: boolean;
}

/**
 * Approve sends only isApproved and the toggle only the intent (the server flips the status);
 * both post with fetchers to the list URL, which answers with a redirect and a notice. Edit and
 * Delete open the URL-driven modal (?edit= / ?confirm=), so they work without JavaScript too.
 */
export function AdminJobActions({ row, back }: { row: AdminJobRow; back: string }) {
  const approve = useFetcher();
  const toggle = useFetcher();
  const sep = back.includes("?") ? "&" : "?";
  return (
    <div className="row-actions">
      <approve.Form method="post" action={back}>
        <input type="hidden" name="intent" value="approve" />
        <input type="hidden" name="id" value={row.id} />
        <input type="hidden" name="back" value={back} />
        <input type="hidden" name="isApproved" value={row.isApproved ? "false" : "true"} />
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
      <toggle.Form method="post" action={back}>
        <input type="hidden" name="intent" value="toggle" />
        <input type="hidden" name="id" value={row.id} />
        <input type="hidden" name="back" value={back} />
        <button
          type="submit"
          className="btn btn-sm"
          disabled={toggle.state !== "idle"}
          aria-label={`${row.status === "active" ? "Deactivate" : "Activate"}: ${row.title}`}
        >
          {row.status === "active" ? "Deactivate" : "Activate"}
        </button>
      </toggle.Form>
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

/** False on the server and in the first client render, true once hydrated. */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
