/**
 * PlainField with its one control built in: PlainInput (an `<input>`) and PlainSelect (a
 * `<select>`). A module of their own, so that the public pages that use PlainField alone do not load
 * them.
 */
import { PlainField, type PlainFieldProps } from "./plain-field";

/** The props of PlainInput and PlainSelect that are the field's, not the control's. */
type FieldOwnProps = Pick<PlainFieldProps, "label" | "error" | "hint" | "id" | "className">;

function splitField<P extends FieldOwnProps>({ label, error, hint, id, className, ...control }: P) {
  return [{ label, error, hint, id, className }, control] as const;
}

/**
 * A PlainField whose control is one `<input>`: the field's own props, and every other prop goes on
 * the input (after the field's id and aria attributes).
 */
export function PlainInput(
  props: FieldOwnProps &
    Omit<React.InputHTMLAttributes<HTMLInputElement>, "id" | "className" | "children">,
) {
  const [field, input] = splitField(props);
  return <PlainField {...field}>{(ctrl) => <input {...ctrl} {...input} />}</PlainField>;
}

/** A PlainField whose control is one `<select>` (its options the children), like PlainInput. */
export function PlainSelect(
  props: FieldOwnProps & Omit<React.SelectHTMLAttributes<HTMLSelectElement>, "id" | "className">,
) {
  const [field, select] = splitField(props);
  return <PlainField {...field}>{(ctrl) => <select {...ctrl} {...select} />}</PlainField>;
}
