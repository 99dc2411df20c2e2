/**
 * A live "1 950 / 2 000" under a text field with a `maxLength`, shown from 80 % of the limit on.
 * It reads the field by id and listens to its input events, so any input or textarea gains it
 * without changing its markup; without JavaScript the field's `maxLength` still holds.
 */
import { useEffect, useState } from "react";

const SHOW_FROM = 0.8;
const number = new Intl.NumberFormat("en-US");

export function CharCounter({ targetId }: { targetId: string }) {
  const [state, setState] = useState<{ length: number; max: number } | null>(null);
  useEffect(() => {
    const el = document.getElementById(targetId);
    if (!(el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement)) return;
    if (
      el instanceof HTMLInputElement &&
      !["text", "search", "url", "email", "tel", ""].includes(el.type)
    )
      return;
    const update = () =>
      setState(el.maxLength > 0 ? { length: el.value.length, max: el.maxLength } : null);
    update();
    // Forms reset by the page (after a save) change the value without an input event.
    const afterReset = () => setTimeout(update, 0);
    const form = el.form;
    el.addEventListener("input", update);
    form?.addEventListener("reset", afterReset);
    return () => {
      el.removeEventListener("input", update);
      form?.removeEventListener("reset", afterReset);
    };
  }, [targetId]);
  const near = state && state.length >= state.max * SHOW_FROM;
  return (
    <p className="field-counter" aria-live="polite" data-near={near ? "true" : undefined}>
      {near ? `${number.format(state.length)} / ${number.format(state.max)} characters` : null}
    </p>
  );
}
