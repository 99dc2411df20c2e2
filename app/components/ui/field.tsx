/** Labelled form fields with their error text wired for screen readers. */
import { useId } from "react";
import { CharCounter } from "./char-counter";

export function Field({
  label,
  error,
  hint,
  children,
  id,
  className,
}: {
  label: React.ReactNode;
  error?: string | string[] | null;
  hint?: React.ReactNode;
  id?: string;
  /** Extra classes on the field's wrapper. */
  className?: string;
  children: (props: {
    id: string;
    "aria-invalid": boolean | undefined;
    "aria-describedby": string | undefined;
  }) => React.ReactNode;
}) {
  const auto = useId();
  const fid = id ?? auto;
  const msg = Array.isArray(error) ? error[0] : error;
  const describedBy =
    [msg ? `${fid}-error` : null, hint ? `${fid}-hint` : null].filter(Boolean).join(" ") ||
    undefined;
  return (
    <div className={`field${className ? ` ${className}` : ""}${msg ? " field-invalid" : ""}`}>
      <label htmlFor={fid} className="field-label">
        {label}
      </label>
      {children({
        id: fid,
        "aria-invalid": msg ? true : undefined,
        "aria-describedby": describedBy,
      })}
      <CharCounter targetId={fid} />
      {hint ? (
        <p id={`${fid}-hint`} className="field-hint">
          {hint}
        </p>
      ) : null}
      {msg ? (
        <p id={`${fid}-error`} className="field-error" role="alert">
          {msg}
        </p>
      ) : null}
    </div>
  );
}
