/**
 * The forms kit: a labelled input, select or textarea bound to one conform field, with its hint,
 * error and character counter (`Field`). The control gets the field's id, name and initial value;
 * any other attribute (type, autoComplete, maxLength, placeholder, rows…) passes through. Works
 * without JavaScript: it is a plain control inside the form.
 */
import type {
  InputHTMLAttributes,
  ReactNode,
  SelectHTMLAttributes,
  TextareaHTMLAttributes,
} from "react";
import { Field } from "../ui/field";

/** The part of conform's field metadata the kit reads. */
export interface FieldMeta {
  id: string;
  name: string;
  key?: string;
  errors?: string[];
  initialValue?: unknown;
}

interface Labelled {
  meta: FieldMeta;
  label: ReactNode;
  hint?: ReactNode;
  /** Extra classes on the field's wrapper (not the control). */
  fieldClassName?: string;
  /** The live character counter (on unless the page never showed one). */
  counter?: boolean;
}

const initial = (meta: FieldMeta) =>
  typeof meta.initialValue === "string" ? meta.initialValue : "";

/** A control's own attributes: everything but what the kit sets from the field's metadata. */
type Attrs<A> = Labelled & Omit<A, "id" | "name" | "defaultValue">;

/** The wiring a control gets: its id, name and the error and hint references. */
type Wiring = Parameters<Parameters<typeof Field>[0]["children"]>[0] & { name: string };

/**
 * The kit's `Field` (label, hint, error, wrapper class, counter of `meta`) around the control that
 * `control` draws with the wiring and the remaining attributes.
 */
function kitField<A>(
  { meta, label, hint, fieldClassName, counter, ...attrs }: Attrs<A>,
  control: (wiring: Wiring, attrs: Omit<Attrs<A>, keyof Labelled>) => ReactNode,
) {
  return (
    <Field
      label={label}
      hint={hint}
      error={meta.errors}
      id={meta.id}
      className={fieldClassName}
      counter={counter}
    >
      {(p) => control({ ...p, name: meta.name }, attrs)}
    </Field>
  );
}

export function TextField({
  type = "text",
  ...props
}: Attrs<InputHTMLAttributes<HTMLInputElement>>) {
  const { meta } = props;
  return kitField(props, (p, attrs) => (
    <input
      {...p}
      key={meta.key}
      type={type}
      // A password is never filled back in, and a file cannot be.
      defaultValue={type === "password" || type === "file" ? undefined : initial(meta)}
      {...attrs}
    />
  ));
}

export function SelectField({
  children,
  ...props
}: Attrs<SelectHTMLAttributes<HTMLSelectElement>>) {
  return kitField(props, (p, attrs) => (
    <select {...p} key={props.meta.key} defaultValue={initial(props.meta)} {...attrs}>
      {children}
    </select>
  ));
}

export function TextareaField(props: Attrs<TextareaHTMLAttributes<HTMLTextAreaElement>>) {
  return kitField(props, (p, attrs) => (
    <textarea {...p} key={props.meta.key} defaultValue={initial(props.meta)} {...attrs} />
  ));
}

/** A whole number: a number input in steps of 1 with the numeric keyboard (min, max pass through). */
export function NumberField({
  step = 1,
  ...props
}: Omit<Attrs<InputHTMLAttributes<HTMLInputElement>>, "type">) {
  return <TextField type="number" inputMode="numeric" {...props} step={step} />;
}

/** A phone number, labelled "Phone" unless told otherwise, filled in by the browser. */
export function PhoneField({
  label = "Phone",
  ...props
}: Omit<Attrs<InputHTMLAttributes<HTMLInputElement>>, "type" | "label"> & { label?: ReactNode }) {
  return <TextField label={label} type="tel" autoComplete="tel" {...props} />;
}

/** A record's "Description": a textarea of three rows unless told otherwise. */
export function DescriptionField({
  rows = 3,
  ...props
}: Omit<Attrs<TextareaHTMLAttributes<HTMLTextAreaElement>>, "label">) {
  return <TextareaField label="Description" rows={rows} {...props} />;
}

/** The year-level select's options: a blank "Select year level" and the given levels. */
export function YearLevelOptions({ levels }: { levels: readonly string[] }) {
  return (
    <>
      <option value="">Select year level</option>
      {levels.map((y) => (
        <option key={y} value={y}>
          {y}
        </option>
      ))}
    </>
  );
}

/**
 * A graduation year: typed as text with a numeric keyboard, four digits; the schema
 * (`graduationYearField`) reads it and gives the message.
 */
export function GraduationYearField({
  meta,
  label,
  hint,
}: Pick<Labelled, "meta" | "label" | "hint">) {
  return (
    <TextField
      meta={meta}
      label={label}
      hint={hint}
      inputMode="numeric"
      autoComplete="off"
      maxLength={4}
    />
  );
}
