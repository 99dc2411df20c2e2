/** The labelled form field of every form: `PlainField` with the live character counter. */
import { useId } from "react";
import { CharCounter } from "./char-counter";
import { PlainField, type PlainFieldProps } from "./plain-field";

export { FieldGroup } from "./plain-field";

export function Field({
  counter = true,
  ...props
}: Omit<PlainFieldProps, "counter"> & {
  /** The live character counter under the control (off for fields whose page never showed one). */
  counter?: boolean;
}) {
  const auto = useId();
  const fid = props.id ?? auto;
  return (
    <PlainField {...props} id={fid} counter={counter ? <CharCounter targetId={fid} /> : null} />
  );
}
