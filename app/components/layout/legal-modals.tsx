/**
 * The Privacy Policy and Terms of Service modals (from the footer, and the register form's terms checkbox).
 * One component so the footer and the register form show the same texts.
 */
import { Modal } from "../ui/modal";

export type LegalDoc = "privacy" | "terms";

export const LEGAL_TITLES: Record<LegalDoc, string> = {
  privacy: "Privacy Policy",
  terms: "Terms of Service",
};

/** Fragment ids of the no-JavaScript fallback sections in the footer (`/#privacy-policy`). */
export const LEGAL_IDS: Record<LegalDoc, string> = {
  privacy: "privacy-policy",
  terms: "terms-of-service",
};

function PrivacyPolicy({ collegeName }: { collegeName: string }) {
  return (
    <div className="legal-text">
      <p>
        {collegeName} runs Runway to connect its students and alumni with internships and jobs and
        to learn, through tracer surveys, how its graduates fare. We keep only what this needs: your
        name, college e-mail, student ID, course, year level and the profile details you choose to
        add, your survey answers, and records of sign-ins for security.
      </p>
      <p>
        Your data stays with the college. Survey answers are read by the college&apos;s
        administrators for reporting; other users never see them. You can correct your profile at
        any time and ask the registrar to export or delete your data.
      </p>
    </div>
  );
}

function TermsOfService({ collegeName }: { collegeName: string }) {
  return (
    <div className="legal-text">
      <p>
        Runway is open to students and alumni of {collegeName} with a college e-mail address. Keep
        your password to yourself and tell the college if you suspect someone else used your
        account.
      </p>
      <p>
        Job postings are reviewed by the college before they appear, but applications go to the
        employers themselves: check each offer and never pay to apply. Use the board and the surveys
        honestly; the college may deactivate accounts that misuse them.
      </p>
    </div>
  );
}

/** The text of one document, for the modal and for the footer's no-JavaScript fallback. */
export function LegalText({ doc, collegeName }: { doc: LegalDoc; collegeName: string }) {
  return doc === "privacy" ? (
    <PrivacyPolicy collegeName={collegeName} />
  ) : (
    <TermsOfService collegeName={collegeName} />
  );
}

export function LegalModal({
  doc,
  open,
  onClose,
  collegeName,
}: {
  doc: LegalDoc;
  open: boolean;
  onClose: () => void;
  collegeName: string;
}) {
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={LEGAL_TITLES[doc]}
      footer={
        <button type="button" className="btn btn-primary" onClick={onClose}>
          Close
        </button>
      }
    >
      <LegalText doc={doc} collegeName={collegeName} />
    </Modal>
  );
}
