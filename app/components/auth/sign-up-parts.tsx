/**
 * The parts the two sign-up forms (/register and /employers) share: the new password with its
 * confirmation, and the terms checkbox with links to the legal texts.
 */
import type { InputHTMLAttributes, ReactNode } from "react";
import { LEGAL_IDS, type LegalDoc } from "../layout/legal-modals";
import { Field } from "../ui/field";
import { PasswordInput } from "./password-input";

interface FieldMeta {
  id: string;
  name: string;
  errors?: string[];
}

/** Password and Confirm password side by side; `props` gives each input its form attributes. */
export function NewPasswordFields<M extends FieldMeta>({
  password,
  confirm,
  props,
  hint,
}: {
  password: M;
  confirm: M;
  props: (meta: M) => Omit<InputHTMLAttributes<HTMLInputElement>, "type">;
  hint?: ReactNode;
}) {
  return (
    <div className="auth-grid-2">
      <Field label="Password" id={password.id} error={password.errors} hint={hint}>
        {(p) => <PasswordInput {...props(password)} {...p} autoComplete="new-password" />}
      </Field>
      <Field label="Confirm password" id={confirm.id} error={confirm.errors}>
        {(p) => <PasswordInput {...props(confirm)} {...p} autoComplete="new-password" />}
      </Field>
    </div>
  );
}

/**
 * 'I accept the terms and conditions', with links to the footer's `:target` texts (ADR 004), so
 * they open without JavaScript too; `onOpen` opens them in a dialog instead.
 */
export function TermsCheckbox({
  meta,
  checked,
  onOpen,
}: {
  meta: FieldMeta;
  checked?: boolean;
  onOpen?: (doc: LegalDoc) => void;
}) {
  const link = (doc: LegalDoc) =>
    onOpen
      ? (e: React.MouseEvent) => {
          e.preventDefault();
          onOpen(doc);
        }
      : undefined;
  return (
    <div className={`field${meta.errors ? " field-invalid" : ""}`}>
      <div className="checkbox-row">
        <input
          type="checkbox"
          id={meta.id}
          name={meta.name}
          defaultChecked={checked}
          aria-invalid={meta.errors ? true : undefined}
          aria-describedby={meta.errors ? `${meta.id}-error` : undefined}
        />
        <label htmlFor={meta.id}>I accept the terms and conditions</label>
      </div>
      <p className="field-hint">
        Read the{" "}
        <a href={`#${LEGAL_IDS.terms}`} onClick={link("terms")}>
          Terms of Service
        </a>{" "}
        and the{" "}
        <a href={`#${LEGAL_IDS.privacy}`} onClick={link("privacy")}>
          Privacy Policy
        </a>
        .
      </p>
      {meta.errors ? (
        <p className="field-error" id={`${meta.id}-error`} role="alert">
          {meta.errors[0]}
        </p>
      ) : null}
    </div>
  );
}
