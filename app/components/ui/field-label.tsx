/**
 * A field's label as the kit shows it, for a control the field wrappers (`PlainField`, `Field`) do not fit (a file
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
