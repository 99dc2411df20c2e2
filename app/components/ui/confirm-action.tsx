/**
 * A destructive action that asks first and says what will happen. With JavaScript the button opens
 * a modal dialog (the shared Modal on the native <dialog>: focus moves to Cancel, Escape or Cancel
 * backs out, focus returns to the button); its confirm button posts the form. Without JavaScript
 * the button is the summary of a disclosure that unfolds the same question and the confirming
 * form in place, so the first press never posts either way.
 */
import { Form } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { Modal } from "./modal";
import { useHydrated } from "./use-hydrated";
import { HiddenFields } from "./hidden-fields";

export interface ConfirmActionProps {
  /** The button's text, e.g. "Close". */
  label: string;
  /** The button's accessible name when the text alone is ambiguous in a list ("Close: {title}"). */
  ariaLabel?: string;
  /** The question, e.g. "Close this posting?" (the dialog's title). */
  title: string;
  /** What will happen, in a sentence or two. */
  message: React.ReactNode;
  /** The confirming button's text, e.g. "Close posting". */
  confirmLabel: string;
  /** The form's hidden fields (intent, id, …). */
  fields: Record<string, string>;
  /** Where the form posts; the current route when left out. */
  action?: string;
  /**
   * danger: red, for what cannot be undone (Delete, Uphold). secondary: the neutral style, for what
   * can (Close, Deactivate, Block) — so Block never looks like the Delete beside it.
   */
  tone?: "danger" | "secondary";
  size?: "sm" | "md";
  disabled?: boolean;
}

/** A confirmation's wording: the question, what will happen to its subject, the confirming button. */
export interface ConfirmWording {
  title: string;
  message: (subject: string) => string;
  confirm: string;
}

/** ConfirmAction's `title`, `message` and `confirmLabel`, from a wording and its subject. */
export function confirmWording(w: ConfirmWording, subject: string) {
  return { title: w.title, message: w.message(subject), confirmLabel: w.confirm };
}

export function ConfirmAction({
  label,
  ariaLabel,
  title,
  message,
  confirmLabel,
  fields,
  action,
  tone = "danger",
  size = "sm",
  disabled,
}: ConfirmActionProps) {
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const cancel = useRef<HTMLButtonElement>(null);
  // The dialog focuses its first control (its × button) when it opens; Cancel is the safer default.
  useEffect(() => {
    if (open) cancel.current?.focus();
  }, [open]);
  const trigger = `btn${size === "sm" ? " btn-sm" : ""}${tone === "danger" ? " btn-danger" : ""}`;
  const confirmClass = `btn${tone === "danger" ? " btn-danger" : " btn-primary"}`;
  const hidden = <HiddenFields fields={fields} />;

  if (!hydrated)
    return (
      <details className="confirm-action">
        <summary className={trigger} aria-label={ariaLabel}>
          {label}
        </summary>
        <div className="confirm-action-panel card stack" role="group" aria-label={title}>
          <p>
            <strong>{title}</strong> {message}
          </p>
          <Form method="post" action={action}>
            {hidden}
            <button type="submit" className={confirmClass} disabled={disabled}>
              {confirmLabel}
            </button>
          </Form>
        </div>
      </details>
    );

  return (
    <>
      <button
        type="button"
        className={trigger}
        aria-label={ariaLabel}
        aria-haspopup="dialog"
        disabled={disabled}
        onClick={() => setOpen(true)}
      >
        {label}
      </button>
      <Modal open={open} onClose={() => setOpen(false)} title={title} size="sm">
        <p>{message}</p>
        <Form
          method="post"
          action={action}
          className="row confirm-action-buttons"
          preventScrollReset
          onSubmit={() => setOpen(false)}
        >
          {hidden}
          <button type="button" className="btn" ref={cancel} onClick={() => setOpen(false)}>
            Cancel
          </button>
          <button type="submit" className={confirmClass}>
            {confirmLabel}
          </button>
        </Form>
      </Modal>
    </>
  );
}
