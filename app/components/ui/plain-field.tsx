/**
 * A labelled control with its hint and error text wired for screen readers, and a legend-labelled
 * group of radios or checkboxes. `Field` (field.tsx) adds the live character counter; public pages
 * whose fields show none use these directly and stay without the counter's code.
 */
import { useId } from "react";

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

/**
 * A field's label as the kit shows it, for a control the field wrappers above do not fit (a file
 * input shown as a button, a switch, a filter in a toolbar). `as="span"` names a control that points
 * at it with aria-labelledby.
 */
export function FieldLabel({
  htmlFor,
  id,
  as,
  children,
}: {
  htmlFor?: string;
  id?: string;
  as?: "span";
  children: React.ReactNode;
}) {
  return as === "span" ? (
    <span className="field-label" id={id}>
      {children}
    </span>
  ) : (
    <label htmlFor={htmlFor} className="field-label" id={id}>
      {children}
    </label>
  );
}
