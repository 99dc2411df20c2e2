/**
 * A form's action row: the primary submit button, disabled while `busy` (and then saying
 * `busyLabel`, where given), and a Cancel link back to `cancelTo` where the form has one.
 */
import { Link } from "@remix-run/react";

export function FormActions({
  label,
  busy,
  busyLabel,
  cancelTo,
  cancelClassName = "btn",
  className = "row",
}: {
  label: string;
  busy?: boolean;
  busyLabel?: string;
  cancelTo?: string;
  cancelClassName?: string;
  /** The row's classes. */
  className?: string;
}) {
  return (
    <div className={className}>
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {busy && busyLabel ? busyLabel : label}
      </button>
      {cancelTo ? (
        <Link to={cancelTo} className={cancelClassName} preventScrollReset>
          Cancel
        </Link>
      ) : null}
    </div>
  );
}
