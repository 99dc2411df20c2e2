/**
 * A labelled control with its hint and error text wired for screen readers, and a legend-labelled
 * group of radios or checkboxes. `Field` (field.tsx) adds the live character counter; public pages
 * whose fields show none use these directly and stay without the counter's code.
 */
import { useId } from "react";
import { FieldLabel } from "./field-label";

export type PlainFieldProps = Parameters<typeof PlainField>[0];

export function PlainField({
  label,
  error,
  hint,
  children,
  id,
  className,
  counter,
  before,
  after,
}: {
  label: React.ReactNode;
  error?: string | string[] | null;
  hint?: React.ReactNode;
  id?: string;
  /** Extra classes on the field's wrapper. */
  className?: string;
  /** Shown under the control, before the hint (the live character counter). */
  counter?: React.ReactNode;
  /** Shown inside the field before its label (a current picture, say). */
  before?: React.ReactNode;
  /** Shown inside the field after its hint and error (a related checkbox, say). */
  after?: React.ReactNode;
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
      {before}
      <FieldLabel htmlFor={fid}>{label}</FieldLabel>
      {children({
        id: fid,
        "aria-invalid": msg ? true : undefined,
        "aria-describedby": describedBy,
      })}
      {counter}
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
      {after}
    </div>
  );
}

/**
 * A group of radios or checkboxes under one legend. Extra attributes (aria-describedby…) go on the
 * fieldset; `invalid` marks the group like an invalid field.
 */
export function FieldGroup({
  label,
  className,
  invalid,
  children,
  ...attrs
}: {
  label: React.ReactNode;
  className?: string;
  invalid?: boolean;
  children: React.ReactNode;
} & Omit<React.FieldsetHTMLAttributes<HTMLFieldSetElement>, "className" | "children">) {
  return (
    <fieldset
      className={`field${className ? ` ${className}` : ""}${invalid ? " field-invalid" : ""}`}
      {...attrs}
    >
      <legend className="field-label">{label}</legend>
      {children}
    </fieldset>
  );
}
