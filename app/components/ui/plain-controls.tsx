/**
 * PlainField with its one control built in: PlainSelect (a `<select>`). A module of its own, so that
 * the public pages that use PlainField alone do not load it.
 */
import { PlainField, type PlainFieldProps } from "./plain-field";

/**
 * A PlainField whose control is one `<select>` (its options the children): the field's own props,
 * and every other prop goes on the select (after the field's id and aria attributes).
 */
export function PlainSelect({
  label,
  error,
  hint,
  id,
  className,
  ...select
}: Pick<PlainFieldProps, "label" | "error" | "hint" | "id" | "className"> &
  Omit<React.SelectHTMLAttributes<HTMLSelectElement>, "id" | "className">) {
  return (
    <PlainField label={label} error={error} hint={hint} id={id} className={className}>
      {(ctrl) => <select {...ctrl} {...select} />}
    </PlainField>
  );
}
