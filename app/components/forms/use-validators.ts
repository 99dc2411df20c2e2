/**
 * The form screens' browser validation, loaded when the user first touches the page (a focus, a
 * key, a tap) instead of with it: zod is ~90 KB gzipped, more than the rest of a sign-in page's
 * JavaScript together (ADR 099). Until it has arrived a form validates on submit, on the
 * server, exactly as without JavaScript; once it has, on blur and input as before. Usage:
 *
 *   const v = useValidators();
 *   useForm({ ...validateWith(v && ((formData) => v.login(formData))) });
 */
import type { Submission } from "@conform-to/react";
import { useEffect, useRef, useState } from "react";
import type { Validators } from "./validators";

let loaded: Validators | null = null;
let loading: Promise<Validators> | null = null;

function load(): Promise<Validators> {
  loading ??= import("./validators").then(
    (m) => (loaded = m.validators),
    (e) => {
      loading = null; // offline or a new deployment: try again on the next interaction
      throw e;
    },
  );
  return loading;
}

const FIRST_TOUCH = ["focusin", "pointerdown", "keydown", "touchstart"] as const;

/**
 * The validators once loaded (at once on a later screen of the same visit), else null. A field the
 * user left before they arrived is checked as soon as they do, as if left again, so a quick typist
 * misses no message.
 */
export function useValidators(): Validators | null {
  const [validators, setValidators] = useState<Validators | null>(loaded);
  const left = useRef(new Set<Element>());
  useEffect(() => {
    if (loaded) {
      setValidators(loaded);
      return;
    }
    let live = true;
    const seen = left.current;
    const onLeave = (e: FocusEvent) => {
      if (e.target instanceof Element && e.target.getAttribute("name")) seen.add(e.target);
    };
    const stop = () => {
      for (const type of FIRST_TOUCH) document.removeEventListener(type, start, true);
    };
    function start() {
      stop();
      load().then(
        (v) => {
          document.removeEventListener("focusout", onLeave, true);
          if (live) setValidators(v);
        },
        () => {
          if (live) for (const type of FIRST_TOUCH) document.addEventListener(type, start, true);
        },
      );
    }
    document.addEventListener("focusout", onLeave, true);
    for (const type of FIRST_TOUCH) document.addEventListener(type, start, true);
    return () => {
      live = false;
      stop();
      document.removeEventListener("focusout", onLeave, true);
    };
  }, []);
  useEffect(() => {
    if (!validators) return;
    // conform has the validator by now (its options update in a layout effect of this render).
    for (const el of left.current)
      if (el.isConnected && el !== document.activeElement)
        el.dispatchEvent(new FocusEvent("focusout", { bubbles: true }));
    left.current.clear();
  }, [validators]);
  return validators;
}

/**
 * conform's options for a validator that may not be there yet: without one, conform leaves the
 * form to the server (validating on blur would post each field), so it checks only on submit.
 */
export function validateWith<Output>(
  validate: ((formData: FormData) => Submission<Output, string[]>) | null | false,
): {
  onValidate?: (ctx: { formData: FormData }) => Submission<Output, string[]>;
  shouldValidate: "onBlur" | "onSubmit";
  shouldRevalidate: "onInput" | "onSubmit";
} {
  return validate
    ? {
        onValidate: ({ formData }) => validate(formData),
        shouldValidate: "onBlur",
        shouldRevalidate: "onInput",
      }
    : { shouldValidate: "onSubmit", shouldRevalidate: "onSubmit" };
}
