/**
 * The sign-up forms' "I accept the terms and conditions" box, with links to the Terms of Service
 * and the Privacy Policy. The links go to the footer's `:target` texts (ADR 004), so they open
 * without JavaScript too; a page that has the modal passes `onOpen` to show the text there instead.
 */
import type { FieldMeta } from "../forms/fields";
import { LEGAL_IDS, LEGAL_TITLES, type LegalDoc } from "../layout/legal-modals";

function LegalLink({ doc, onOpen }: { doc: LegalDoc; onOpen?: (doc: LegalDoc) => void }) {
  const open = (e: { preventDefault(): void }) => {
    e.preventDefault();
    onOpen?.(doc);
  };
  return (
    <a href={`#${LEGAL_IDS[doc]}`} onClick={onOpen && open}>
      {LEGAL_TITLES[doc]}
    </a>
  );
}

export function AcceptTermsField({
  meta,
  defaultChecked,
  onOpen,
}: {
  meta: FieldMeta;
  defaultChecked?: boolean;
  onOpen?: (doc: LegalDoc) => void;
}) {
  const errorId = `${meta.id}-error`;
  return (
    <div className={`field${meta.errors ? " field-invalid" : ""}`}>
      <div className="checkbox-row">
        <input
          type="checkbox"
          id={meta.id}
          name={meta.name}
          defaultChecked={defaultChecked}
          aria-invalid={meta.errors ? true : undefined}
          aria-describedby={meta.errors ? errorId : undefined}
        />
        <label htmlFor={meta.id}>I accept the terms and conditions</label>
      </div>
      <p className="field-hint">
        Read the <LegalLink doc="terms" onOpen={onOpen} /> and the{" "}
        <LegalLink doc="privacy" onOpen={onOpen} />.
      </p>
      {meta.errors ? (
        <p className="field-error" id={errorId} role="alert">
          {meta.errors[0]}
        </p>
      ) : null}
    </div>
  );
}
