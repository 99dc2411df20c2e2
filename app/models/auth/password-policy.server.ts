/**
 * What a new password must be: at least PASSWORD_MIN_LENGTH characters (6 by default, the spec's
 * floor) and hard to guess — a score of 3 or more (of 0–4) from the zxcvbn-ts estimator, which
 * knows the passwords and words people actually use (`@zxcvbn-ts/language-common` and `-en`,
 * ranked from real leaks), keyboard walks, repeats, sequences, dates and l33t spellings, plus this
 * installation's words (Runway, the college's name, short name and domain, aviation words) and the
 * person's own (name, e-mail, company) — ADR 110. Server-only: the dictionaries (≈ 1.5 MB) stay out
 * of the browser bundle; the server's answer is the one that counts.
 */
import { ValidationError } from "~/lib/errors";
import { MSG, passwordMinMessage } from "../user/user.schema";
import type { AuthConfig } from "./config";
import { PASSWORD_MAX } from "./limits";

/** The lowest zxcvbn score a new password may have ("safely unguessable": about 10^8 guesses or more). */
export const PASSWORD_MIN_SCORE = 3;
/**
 * Only the first characters are judged: the estimator's cost grows with the length (a 128-character
 * pattern takes ~0.3 s of CPU), and 64 characters that are easy to guess are a weak password anyway.
 */
const JUDGED_LENGTH = 64;

const HOW_TO_FIX = "Add another word or two. Uncommon words are better.";

export const PASSWORD_POLICY_MSG = {
  collegeName: "Runway's and the college's names are easy to guess.",
  ownName: "Your own name and e-mail address are easy to guess.",
  /** Why, in the estimator's words where it has some, and how to fix it. */
  weak: (warning?: string | null) =>
    ["This password is easy to guess.", warning?.trim() || null, HOW_TO_FIX]
      .filter(Boolean)
      .join(" "),
} as const;

/**
 * Words a guesser tries first at an aeronautics college (beside the college's own name and domain,
 * which come from the configuration): ranked like a dictionary, so `Cessna172` scores as a word.
 */
export const AVIATION_WORDS = [
  "aviation",
  "aviator",
  "aeronautics",
  "aeronautical",
  "aerospace",
  "aircraft",
  "airplane",
  "aeroplane",
  "airline",
  "airlines",
  "airport",
  "airways",
  "pilot",
  "copilot",
  "captain",
  "cockpit",
  "runway",
  "takeoff",
  "landing",
  "hangar",
  "propeller",
  "engine",
  "jetengine",
  "avionics",
  "mechanic",
  "flight",
  "flying",
  "flyhigh",
  "skyhigh",
  "wings",
  "cessna",
  "boeing",
  "airbus",
  "piper",
  "mayday",
  "roger",
  "wilco",
  "squawk",
  "maverick",
  "topgun",
];

/** The person whose password it is: their own words are the first a guesser tries. */
export interface PasswordOwner {
  firstName?: string | null;
  lastName?: string | null;
  email?: string | null;
  /** Anything else of theirs a guesser knows (a company name…). */
  other?: Array<string | null | undefined>;
}

/** The owner's words for the estimator: names, the e-mail and its parts, other words, whole and split. */
export function ownerWords(owner: PasswordOwner | undefined): string[] {
  if (!owner) return [];
  const raw = [owner.firstName, owner.lastName, owner.email, ...(owner.other ?? [])].filter(
    (w): w is string => !!w && !!w.trim(),
  );
  const words = new Set<string>();
  for (const w of raw) {
    const lower = w.toLowerCase();
    words.add(lower);
    words.add(squash(lower));
    for (const part of lower.split(/[^\p{L}\p{N}]+/u)) if (part.length >= 2) words.add(part);
  }
  const local = owner.email?.toLowerCase().split("@")[0];
  if (local) {
    words.add(local);
    words.add(squash(local));
  }
  if (owner.firstName && owner.lastName)
    words.add(`${owner.firstName}${owner.lastName}`.toLowerCase().replace(/\s+/g, ""));
  return [...words];
}

const squash = (s: string) => s.toLowerCase().replace(/[^\p{L}\p{N}]/gu, "");

type Estimator = { check(pw: string, inputs?: Array<string | number>): Estimate };
interface Estimate {
  score: number;
  feedback: { warning: string | null };
}

const estimators = new Map<string, Promise<Estimator>>();

/** One estimator per set of installation words (normally one per process), built on first use (~0.1 s). */
function estimatorFor(collegeWords: string[]): Promise<Estimator> {
  const key = collegeWords.join("\n");
  let e = estimators.get(key);
  if (!e) {
    e = Promise.all([
      import("@zxcvbn-ts/core"),
      import("@zxcvbn-ts/language-common"),
      import("@zxcvbn-ts/language-en"),
    ]).then(([core, commonMod, enMod]) => {
      type Lang = {
        dictionary: Record<string, string[]>;
        adjacencyGraphs?: Record<string, unknown>;
        translations?: Record<string, unknown>;
      };
      const pick = (m: unknown) => ((m as { default?: Lang }).default ?? m) as Lang;
      const common = pick(commonMod);
      const en = pick(enMod);
      const { ZxcvbnFactory } = ((core as { default?: unknown }).default ?? core) as {
        ZxcvbnFactory: new (o: object) => Estimator;
      };
      return new ZxcvbnFactory({
        dictionary: {
          ...common.dictionary,
          ...en.dictionary,
          runway: [...new Set([...collegeWords, ...AVIATION_WORDS])],
        },
        graphs: common.adjacencyGraphs,
        translations: en.translations,
        maxLength: JUDGED_LENGTH,
      });
    });
    estimators.set(key, e);
  }
  return e;
}

/**
 * The reason a new password is refused, or null: the spec's messages for a missing, short or long
 * password, else the estimator's verdict with this installation's and the owner's words.
 */
export async function newPasswordProblem(
  password: string,
  policy: Pick<AuthConfig, "passwordMinLength" | "passwordWords">,
  owner?: PasswordOwner,
): Promise<string | null> {
  const min = policy.passwordMinLength;
  if (!password) return MSG.passwordRequired;
  if (password.length < min) return passwordMinMessage(min);
  if (password.length > PASSWORD_MAX) return MSG.passwordMax;
  // A name spelled with spaces or punctuation is still that name (the estimator sees the spaced
  // words apart, and three of them make a passphrase).
  const squashed = squash(password);
  if (policy.passwordWords.includes(squashed))
    return PASSWORD_POLICY_MSG.weak(PASSWORD_POLICY_MSG.collegeName);
  const mine = ownerWords(owner);
  if (mine.some((w) => squash(w) === squashed))
    return PASSWORD_POLICY_MSG.weak(PASSWORD_POLICY_MSG.ownName);
  const estimator = await estimatorFor(policy.passwordWords);
  const r = estimator.check(password.slice(0, JUDGED_LENGTH), mine);
  return r.score >= PASSWORD_MIN_SCORE ? null : PASSWORD_POLICY_MSG.weak(r.feedback.warning);
}

/** Throws a ValidationError on `field` when the new password breaks the policy. */
export async function assertNewPassword(
  password: string,
  policy: Pick<AuthConfig, "passwordMinLength" | "passwordWords">,
  owner?: PasswordOwner,
  field = "password",
): Promise<void> {
  const problem = await newPasswordProblem(password, policy, owner);
  if (problem) throw new ValidationError(problem, { [field]: [problem] });
}
