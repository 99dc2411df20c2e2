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

/** The kit's `Field` around one control: the label, hint, error and counter of `meta`. */
function KitField({
  meta,
  label,
  hint,
  fieldClassName,
  counter,
  children,
}: Labelled & { children: Parameters<typeof Field>[0]["children"] }) {
  return (
    <Field
      label={label}
      hint={hint}
      error={meta.errors}
      id={meta.id}
      className={fieldClassName}
      counter={counter}
    >
      {children}
    </Field>
  );
}

export function TextField({
  meta,
  label,
  hint,
  fieldClassName,
  counter,
  type = "text",
  ...attrs
}: Labelled & Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "name" | "defaultValue">) {
  return (
    <KitField {...{ meta, label, hint, fieldClassName, counter }}>
      {(p) => (
        <input
          {...p}
          key={meta.key}
          name={meta.name}
          type={type}
          // A password is never filled back in.
          defaultValue={type === "password" ? undefined : initial(meta)}
          {...attrs}
        />
      )}
    </KitField>
  );
}

export function SelectField({
  meta,
  label,
  hint,
  fieldClassName,
  counter,
  children,
  ...attrs
}: Labelled & Omit<SelectHTMLAttributes<HTMLSelectElement>, "id" | "name" | "defaultValue">) {
  return (
    <KitField {...{ meta, label, hint, fieldClassName, counter }}>
      {(p) => (
        <select {...p} key={meta.key} name={meta.name} defaultValue={initial(meta)} {...attrs}>
          {children}
        </select>
      )}
    </KitField>
  );
}

export function TextareaField({
  meta,
  label,
  hint,
  fieldClassName,
  counter,
  ...attrs
}: Labelled & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "id" | "name" | "defaultValue">) {
  return (
    <KitField {...{ meta, label, hint, fieldClassName, counter }}>
      {(p) => (
        <textarea {...p} key={meta.key} name={meta.name} defaultValue={initial(meta)} {...attrs} />
      )}
    </KitField>
  );
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
