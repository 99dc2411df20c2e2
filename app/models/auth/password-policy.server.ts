/**
 * What a new password must be (issue 11): at least PASSWORD_MIN_LENGTH characters (6 by default,
 * the spec's floor) and not one that people actually guess — the ~49 000 most common passwords of
 * zxcvbn-ts (`@zxcvbn-ts/language-common`, ranked from real leaks) plus the college's own words.
 * Server-only: the list stays out of the browser bundle; the server's answer is the one that counts.
 */
import { ValidationError } from "~/lib/errors";
import { MSG, passwordMinMessage } from "../user/user.schema";
import type { AuthConfig } from "./config";
import { PASSWORD_MAX } from "./limits";

export const PASSWORD_POLICY_MSG = {
  common: "This password is too common and easy to guess. Please choose a different one.",
} as const;

let common: Promise<Set<string>> | undefined;

/** The common-password list, lower-cased, loaded once on first use (≈ 49 000 entries). */
function commonPasswords(): Promise<Set<string>> {
  common ??= import("@zxcvbn-ts/language-common").then((m) => {
    const mod = m as unknown as {
      dictionary?: Record<string, string[]>;
      default?: { dictionary: Record<string, string[]> };
    };
    const list = (mod.dictionary ?? mod.default?.dictionary)?.["passwords-common"] ?? [];
    return new Set(list.map((p) => p.toLowerCase()));
  });
  return common;
}

const squash = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, "");

/**
 * The reason a new password is refused, or null. Case-insensitive; a college word with only digits
 * or punctuation around it (`Runway2026!`, `gold123`) counts as the word itself.
 */
export async function newPasswordProblem(
  password: string,
  policy: Pick<AuthConfig, "passwordMinLength" | "passwordWords">,
): Promise<string | null> {
  const min = policy.passwordMinLength;
  if (!password) return MSG.passwordRequired;
  if (password.length < min) return passwordMinMessage(min);
  if (password.length > PASSWORD_MAX) return MSG.passwordMax;
  const lower = password.toLowerCase();
  if ((await commonPasswords()).has(lower)) return PASSWORD_POLICY_MSG.common;
  const core = lower.replace(/[^a-z]/g, "");
  const words = policy.passwordWords;
  if (core.length && words.includes(squash(core)) && /^[^a-z]*[a-z]+[^a-z]*$/.test(lower))
    return PASSWORD_POLICY_MSG.common;
  if (words.includes(squash(lower))) return PASSWORD_POLICY_MSG.common;
  return null;
}

/** Throws a ValidationError on `field` when the new password breaks the policy. */
export async function assertNewPassword(
  password: string,
  policy: Pick<AuthConfig, "passwordMinLength" | "passwordWords">,
  field = "password",
): Promise<void> {
  const problem = await newPasswordProblem(password, policy);
  if (problem) throw new ValidationError(problem, { [field]: [problem] });
}
