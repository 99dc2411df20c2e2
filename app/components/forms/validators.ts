/**
 * The browser's copy of the sign-in, sign-up, password and profile rules: conform's parse with the
 * very zod schemas the actions use (the server stays the authority). This module is the only way
 * those screens reach zod in the browser, and it is loaded on demand by `useValidators`, so the
 * pages themselves ship no validation library (ADR 099).
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { alertInputSchema } from "~/models/alert/alert.schema";
import { profileFormSchema } from "~/models/user/profile.schema";
import {
  forgotPasswordSchema,
  loginSchema,
  registerFormSchema,
  resetPasswordFormSchemaOf,
} from "~/models/user/user.schema";

/** The schemas that depend on configuration, built once per setting. */
const registerSchemas = new Map<string, ReturnType<typeof registerFormSchema>>();
const resetSchemas = new Map<number | undefined, ReturnType<typeof resetPasswordFormSchemaOf>>();

/** conform's field for a validation of single fields (blur, input): not a submit. */
const INTENT = "__intent__";

export const validators = {
  login: (formData: FormData) => parseWithZod(formData, { schema: loginSchema }),
  forgotPassword: (formData: FormData) => parseWithZod(formData, { schema: forgotPasswordSchema }),
  resetPassword: (formData: FormData, passwordMin?: number) => {
    if (!resetSchemas.has(passwordMin))
      resetSchemas.set(passwordMin, resetPasswordFormSchemaOf(passwordMin));
    return parseWithZod(formData, { schema: resetSchemas.get(passwordMin)! });
  },
  register: (formData: FormData, domain: string, passwordMin?: number) => {
    const key = `${domain}\n${passwordMin ?? ""}`;
    if (!registerSchemas.has(key))
      registerSchemas.set(key, registerFormSchema(domain, { passwordMin }));
    const submission = parseWithZod(formData, { schema: registerSchemas.get(key)! });
    return passwordStrengthOnServer(formData, submission);
  },
  profile: (formData: FormData) => parseWithZod(formData, { schema: profileFormSchema }),
  alert: (formData: FormData) => parseWithZod(formData, { schema: alertInputSchema }),
};

/**
 * Only the server judges a password's strength (the estimator's dictionaries stay out of the
 * browser). On a submit the browser would stop for other fields' errors while the password looks
 * fine here, the form posts anyway (conform posts when `error` is null), so one submit shows every
 * error, the password's strength included.
 */
function passwordStrengthOnServer<S extends { status?: string; error?: unknown }>(
  formData: FormData,
  submission: S,
): S {
  const errors = submission.error as Record<string, unknown> | null | undefined;
  const password = formData.get("password");
  if (formData.has(INTENT) || submission.status === "success" || !errors) return submission;
  if (typeof password !== "string" || !password || errors.password) return submission;
  return { ...submission, error: null };
}

export type Validators = typeof validators;
