/**
 * A live "1 950 / 2 000" under a text field with a `maxLength`, shown from 80 % of the limit on.
 * It reads the field by id and listens to input events on the document, so any input or textarea gains it
 * without changing its markup; without JavaScript the field's `maxLength` still holds.
 */
import { useEffect, useState } from "react";

const SHOW_FROM = 0.8;
const number = new Intl.NumberFormat("en-US");

export function CharCounter({ targetId }: { targetId: string }) {
  const [state, setState] = useState<{ length: number; max: number } | null>(null);
  useEffect(() => {
    // Listened for on the document, not on the element: a form library may remount the control
    // (a new element with the same id), and the count must follow whichever one is there now.
    const field = () => {
      const el = document.getElementById(targetId);
      if (!(el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement)) return null;
      if (
        el instanceof HTMLInputElement &&
        !["text", "search", "url", "email", "tel", ""].includes(el.type)
      )
        return null;
      return el;
    };
    const update = () => {
      const el = field();
      setState(el && el.maxLength > 0 ? { length: el.value.length, max: el.maxLength } : null);
    };
    update();
    const onInput = (event: Event) => {
      if ((event.target as Element | null)?.id === targetId) update();
    };
    // Forms reset by the page (after a save) change the value without an input event.
    const onReset = () => setTimeout(update, 0);
    document.addEventListener("input", onInput, true);
    document.addEventListener("reset", onReset, true);
    return () => {
      document.removeEventListener("input", onInput, true);
      document.removeEventListener("reset", onReset, true);
    };
  }, [targetId]);
  const near = state && state.length >= state.max * SHOW_FROM;
  return (
    <p className="field-counter" aria-live="polite" data-near={near ? "true" : undefined}>
      {near ? `${number.format(state.length)} / ${number.format(state.max)} characters` : null}
    </p>
  );
}
