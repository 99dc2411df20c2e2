/**
 * The browser half of the public form screens (sign-in, sign-up, employer sign-up, forgot and reset
 * password): the part of conform's `useForm`, `getFormProps` and `getInputProps` they use, in
 * ~1 KB instead of conform's ~10 KB (@conform-to/dom and @conform-to/react), so those pages stay
 * within their JavaScript budget (scripts/route-js.mjs, ADR 141).
 *
 * The actions still parse and reply with conform and zod (`app/web/forms.server.ts`), and the
 * validators that load on first touch are still conform's `parseWithZod` (`./validators.ts`). This
 * reads what they return, with conform's rules:
 *
 * - Ids, names and attributes as conform derives them: a field's id is `<form id>-<name>`, its
 *   error's `<id>-error`; an input names its form (`form=`) and gets its initial value from the
 *   last server reply, or else from `defaultValue`; an empty value is no value.
 * - A field's errors show once it is validated: every field on a submit (or a server reply),
 *   one field when it is left (`shouldValidate: "onBlur"`), and again as it is typed in once
 *   validated (`shouldRevalidate: "onInput"`).
 * - A submit with a validator stops when it finds errors, and focuses the first invalid field;
 *   a validator that answers `error: null` lets the form post (the server judges).
 *
 * Not here (a form that needs them uses `@conform-to/react`): lists and other intents,
 * `useInputControl`, constraint attributes, revalidation on blur, `reset` events.
 */
import { useCallback, useEffect, useRef, useState, type FormEvent } from "react";

/** conform's form-data field for an intent (here only "validate this field"). */
const INTENT = "__intent__";

/** What an action replied (conform's `submission.reply()`, as JSON). */
export interface FormResult {
  status?: "error" | "success";
  intent?: unknown;
  initialValue?: Record<string, unknown> | null;
  error?: Record<string, string[] | null | undefined>;
  state?: { validated?: Record<string, boolean> } | null;
  fields?: string[];
}

/** What a browser validator returns (conform's `parseWithZod`). */
export interface Validated {
  status?: "error" | "success";
  error?: Record<string, string[] | null | undefined> | null;
}

export interface FieldMetadata {
  id: string;
  name: string;
  formId: string;
  errorId: string;
  errors?: string[];
  // Typed loosely, as conform's own metadata is for a form without a declared shape.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  initialValue?: any;
  key?: string;
  required?: boolean;
  /** The fields nested under this one (`company.name`…). */
  getFieldset(): Fieldset;
}

type Fieldset = Record<string, FieldMetadata>;

export interface FormMetadata {
  id: string;
  errorId: string;
  errors?: string[];
  noValidate: boolean;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
}

export interface FormOptions {
  id: string;
  lastResult?: FormResult | null;
  defaultValue?: Record<string, unknown>;
  onValidate?: (ctx: { formData: FormData }) => Validated;
  shouldValidate?: "onBlur" | "onSubmit";
  shouldRevalidate?: "onInput" | "onSubmit";
}

interface State {
  error: Record<string, string[]>;
  validated: Record<string, boolean>;
}

const isPrefix = (name: string, prefix: string) =>
  name === prefix || name.startsWith(`${prefix}.`) || name.startsWith(`${prefix}[`);

/** A result applied to the state (conform's `report`): errors shown only for validated fields. */
function apply(prev: State, result: FormResult | Validated, fields: string[], name?: string) {
  const error: Record<string, string[]> = {};
  for (const [key, next] of Object.entries(result.error ?? {})) {
    const e = next === null ? prev.error[key] : next;
    if (e) error[key] = e;
  }
  const validated = { ...prev.validated, ...("state" in result ? result.state?.validated : {}) };
  if (name !== undefined) validated[name] = true;
  else for (const key of Object.keys(error).concat(fields)) validated[key] = true;
  const shown = fields.filter((f) => validated[f]);
  for (const key of Object.keys(error))
    if (!validated[key] && !shown.some((f) => isPrefix(key, f))) delete error[key];
  return { error, validated };
}

const namesOf = (formData: FormData) => [...new Set(formData.keys())].filter((n) => n !== INTENT);

function valueAt(value: unknown, name: string): unknown {
  let v = value;
  for (const part of name.split(/\.|\[(\d+)\]/).filter(Boolean))
    v = v && typeof v === "object" ? (v as Record<string, unknown>)[part] : undefined;
  return v === "" ? undefined : v;
}

const isField = (el: unknown): el is HTMLInputElement =>
  el instanceof HTMLInputElement ||
  el instanceof HTMLSelectElement ||
  el instanceof HTMLTextAreaElement ||
  el instanceof HTMLButtonElement;

export function useForm<Shape extends Record<string, unknown> = Record<string, unknown>>(
  options: FormOptions,
): [FormMetadata, { [K in keyof Shape]: FieldMetadata } & Fieldset] {
  const formId = options.id;
  const latest = useRef(options);
  latest.current = options;
  const [initialValue] = useState<Record<string, unknown>>(
    () => options.lastResult?.initialValue ?? options.defaultValue ?? {},
  );
  const [state, setState] = useState<State>(() =>
    options.lastResult
      ? apply({ error: {}, validated: {} }, options.lastResult, options.lastResult.fields ?? [])
      : { error: {}, validated: {} },
  );
  const current = useRef(state);
  current.current = state;
  const reported = useRef(options.lastResult);

  const report = useCallback(
    (result: FormResult | Validated, fields: string[], name?: string) => {
      const next = apply(current.current, result, fields, name);
      current.current = next;
      setState(next);
      const form = document.forms.namedItem(formId);
      if (form && result.status === "error")
        for (const el of form.elements)
          if (isField(el) && next.error[el.name]) {
            el.focus();
            break;
          }
    },
    [formId],
  );

  // A new server reply (conform reports a `lastResult` it has not seen).
  const { lastResult } = options;
  useEffect(() => {
    if (lastResult && lastResult !== reported.current) {
      reported.current = lastResult;
      report(lastResult, lastResult.fields ?? []);
    }
  }, [lastResult, report]);

  useEffect(() => {
    const validate = (el: HTMLInputElement, event: "onBlur" | "onInput") => {
      const { onValidate, shouldValidate = "onSubmit" } = latest.current;
      const { shouldRevalidate = shouldValidate } = latest.current;
      const will = current.current.validated[el.name]
        ? shouldRevalidate === event
        : shouldValidate === event;
      if (!will || !onValidate) return;
      const formData = new FormData(el.form!);
      formData.append(INTENT, JSON.stringify({ type: "validate", payload: { name: el.name } }));
      report({ error: onValidate({ formData }).error ?? {} }, namesOf(formData), el.name);
    };
    const target = (event: Event) => {
      const el = event.target;
      const form = document.forms.namedItem(formId);
      return form && isField(el) && el.form === form && el.name !== "" ? el : null;
    };
    const onInput = (event: Event) => {
      const el = target(event);
      if (el && !event.defaultPrevented) validate(el, "onInput");
    };
    const onBlur = (event: Event) => {
      const el = target(event);
      if (el && !event.defaultPrevented) validate(el, "onBlur");
    };
    document.addEventListener("input", onInput);
    document.addEventListener("focusout", onBlur);
    return () => {
      document.removeEventListener("input", onInput);
      document.removeEventListener("focusout", onBlur);
    };
  }, [formId, report]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const { onValidate } = latest.current;
    if (!onValidate) return;
    const formData = new FormData(event.currentTarget);
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    if (isField(submitter) && submitter.name) formData.append(submitter.name, submitter.value);
    const submission = onValidate({ formData });
    const posts = submission.status === "success" || submission.error === null;
    if (submission.status === "success" || submission.error !== null)
      report(
        {
          status: submission.status === "success" ? undefined : submission.status,
          error: submission.error ?? {},
        },
        namesOf(formData),
      );
    if (!posts) event.preventDefault();
  };

  const field = (name: string): FieldMetadata => {
    const id = `${formId}-${name}`;
    return {
      id,
      name,
      formId,
      errorId: `${id}-error`,
      errors: state.error[name],
      initialValue: valueAt(initialValue, name),
      getFieldset: () => fieldset(`${name}.`),
    };
  };
  const fieldset = (prefix: string) =>
    new Proxy({} as Fieldset, {
      get: (_, key) => (typeof key === "string" ? field(prefix + key) : undefined),
    });
  const form: FormMetadata = {
    id: formId,
    errorId: `${formId}-error`,
    errors: state.error[""],
    noValidate: true,
    onSubmit,
  };
  return [form, fieldset("") as { [K in keyof Shape]: FieldMetadata } & Fieldset];
}

/** conform's `getFormProps`: id, submit handler, `noValidate`, and the form error's id. */
export function getFormProps(form: FormMetadata) {
  return {
    id: form.id,
    onSubmit: form.onSubmit,
    noValidate: form.noValidate,
    ...(form.errors ? { "aria-describedby": form.errorId } : {}),
  };
}

/** conform's `getInputProps` for a text-like input (no constraint attributes: none are passed). */
export function getInputProps<T extends string>(
  meta: FieldMetadata,
  options: { type: T; ariaAttributes?: boolean },
): {
  key?: string;
  id: string;
  name: string;
  form: string;
  "aria-invalid"?: boolean;
  "aria-describedby"?: string;
  type: T;
  defaultValue?: string;
} {
  const aria =
    options.ariaAttributes === false || !meta.errors
      ? {}
      : { "aria-invalid": true, "aria-describedby": meta.errorId };
  return {
    id: meta.id,
    name: meta.name,
    form: meta.formId,
    ...aria,
    type: options.type,
    ...(typeof meta.initialValue === "string" ? { defaultValue: meta.initialValue } : {}),
  };
}
