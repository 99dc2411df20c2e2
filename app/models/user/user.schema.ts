/** Isomorphic user rules and messages, shared by forms, /api and the CLI. */
import { z } from "zod";
import {
  GRADUATION_YEAR_MAX,
  GRADUATION_YEAR_MIN,
  STAFF_CREATE_ROLES,
  YEAR_LEVELS,
  type Role,
} from "#db/constants";
import { nullableYear, optionalChoice, optionalText, optionalYear } from "../fields.schema";
import { emailDomain, isPlainEmail, normalizeEmail } from "./email";
import { GRADUATION_YEAR_MSG, RESET_TOKEN_MSG } from "./messages";

export const MSG = {
  emailRequired: "Email is required",
  emailInvalid: "Please enter a valid email address",
  passwordRequired: "Password is required",
  passwordMin: `Password must be at least ${PASSWORD_MIN} characters`,
  passwordMax: `Password must be at most ${PASSWORD_MAX} characters`,
  firstNameRequired: "First name is required",
  lastNameRequired: "Last name is required",
  firstNameMin: `First name must be at least ${NAME_MIN} characters`,
  lastNameMin: `Last name must be at least ${NAME_MIN} characters`,
  domainOnly: (domain: string) => `Only @${domain} emails are allowed`,
  nameInvalid: "Names cannot contain web or e-mail addresses, line breaks or control characters",
} as const;

/**
 * Control characters (line breaks and tabs included), Unicode line/paragraph separators, bidi
 * overrides and isolates, zero-width and other invisible formatting characters.
 */
const NAME_BAD_CHARS = /[\p{Cc}\u2028\u2029\u200B-\u200F\u202A-\u202E\u2060-\u2069\uFEFF]/u;
/**
 * A link or an address: a scheme (`https:`, `javascript:`), `www.`, an `@`, or a host name ending in
 * a top-level domain that phishing uses. A dot between two words alone is allowed: Filipino
 * rosters write `Ma.Cristina`.
 */
const NAME_LINK =
  /[a-z][a-z0-9+.-]*:\/\/|\b(?:https?|ftp|javascript|data|mailto|file|tel|sms):|\bwww\.|@|[\p{L}\p{N}-]\.(?:com|net|org|info|biz|io|co|ph|edu|gov|xyz|top|site|online|app|dev|me|ly|link|click|live|shop|store|page|ru|cn|tk|ml|ga|cf|gq|us|uk|de|ws|cc|to|sh|gl|gd|im|in|ai|zip|mov)\b/iu;

/**
 * The one rule for a person's name at every door (register, employer sign-up, profile, Create
 * User, CSV import): it is shown on screens and written into mail, so it must not carry a link, an
 * address, a line break or an invisible character. True when the name is acceptable.
 */
export function isCleanName(name: string): boolean {
  return !NAME_BAD_CHARS.test(name) && !NAME_LINK.test(name);
}

/**
 * Trimmed and lowercased e-mail that must be one plain address (`isPlainEmail`): stricter than the
 * login form's `\S+@\S+`, so no door takes a display name, a list or a quoted recipient.
 */
export const emailField = z
  .string({ error: MSG.emailRequired })
  .trim()
  .toLowerCase()
  .min(1, { error: MSG.emailRequired, abort: true })
  .max(254, { error: MSG.emailInvalid, abort: true })
  .refine(isPlainEmail, { error: MSG.emailInvalid, abort: true });

/** True when the e-mail is one plain address exactly in the college domain (after trim and lowercase). */
export function inCollegeDomain(email: string, domain: string): boolean {
  const e = normalizeEmail(email);
  return isPlainEmail(e) && emailDomain(e) === domain.toLowerCase();
}

export const collegeEmailField = (domain: string) =>
  emailField.refine((e) => inCollegeDomain(e, domain), MSG.domainOnly(domain));

/** "At least N characters" with the configured minimum (PASSWORD_MIN_LENGTH, default 6). */
export const passwordMinMessage = (min: number) => `Password must be at least ${min} characters`;

/** A new password of at least `min` characters (PASSWORD_MIN_LENGTH; 6 by default). Never trimmed. */
export const newPasswordFieldOf = (min: number = PASSWORD_MIN) =>
  z
    .string({ error: MSG.passwordRequired })
    .min(1, MSG.passwordRequired)
    .min(Math.max(PASSWORD_MIN, min), passwordMinMessage(Math.max(PASSWORD_MIN, min)))
    .max(PASSWORD_MAX, MSG.passwordMax);
export const newPasswordField = newPasswordFieldOf();

/**
 * A length rule's params that skip a blank value. zod runs `when` at run time for every check, but
 * types it only on refinements, hence the cast.
 */
const unlessBlank = (error: string) =>
  ({
    error,
    when: (p: z.core.ParsePayload) => typeof p.value === "string" && p.value.length > 0,
  }) as { error: string };

/** First and last names where they must be real (profile, Create User, CSV import): ≥ 2 characters. */
export const firstNameField = z
  .string({ error: MSG.firstNameRequired })
  .trim()
  .min(1, MSG.firstNameRequired)
  // Only for a non-blank name (one message at a time); `when` instead of `abort` so a blank name does
  // not stop a form's cross-field rules (Create User's student fields) from reporting in the same pass.
  .min(NAME_MIN, unlessBlank(MSG.firstNameMin))
  .max(100)
  .refine(isCleanName, MSG.nameInvalid);
export const lastNameField = z
  .string({ error: MSG.lastNameRequired })
  .trim()
  .min(1, MSG.lastNameRequired)
  .min(NAME_MIN, unlessBlank(MSG.lastNameMin))
  .max(100)
  .refine(isCleanName, MSG.nameInvalid);

export { GRADUATION_YEAR_MSG };

/** A graduation year, optional everywhere: see `optionalYear`. */
export const graduationYearField = optionalYear(
  GRADUATION_YEAR_MIN,
  GRADUATION_YEAR_MAX,
  GRADUATION_YEAR_MSG,
);
/** The same for `.partial()` patches: a missing key leaves the stored year alone, null clears it. */
export const graduationYearPatchField = nullableYear(
  GRADUATION_YEAR_MIN,
  GRADUATION_YEAR_MAX,
  GRADUATION_YEAR_MSG,
);

export { displayName, initialsOf, userInitials } from "./names";

export const CREATE_MSG = {
  userType: "Please select user type",
  studentIdRequired: "Student ID is required for students",
  courseRequired: "Course is required for students",
  yearLevelRequired: "Year level is required for students",
  yearLevelInvalid: "Please choose a valid year level",
  coursesRequired: "Choose at least one programme for the coordinator",
} as const;

/**
 * A user as an administrator (Create User) or the registrar's CSV import creates one: the same
 * rules in both places. `course` is a course id, code or exact name, resolved by the model.
 */
export function userRecordSchema(
  domain: string,
  opts: { passwordRequired: boolean; roles?: readonly Role[]; passwordMin?: number },
) {
  const roles = (opts.roles ?? STAFF_CREATE_ROLES) as readonly [Role, ...Role[]];
  const newPasswordField = newPasswordFieldOf(opts.passwordMin);
  return z
    .object({
      userType: z.enum(roles, { error: CREATE_MSG.userType }),
      firstName: firstNameField,
      lastName: lastNameField,
      email: collegeEmailField(domain),
      password: opts.passwordRequired
        ? newPasswordField
        : z
            .string()
            .optional()
            .nullable()
            .transform((v) => (v ? v : null))
            .pipe(newPasswordField.nullable()),
      studentId: optionalText(50),
      course: optionalText(200),
      yearLevel: optionalChoice(YEAR_LEVELS, CREATE_MSG.yearLevelInvalid),
      graduationYear: graduationYearField,
      phone: optionalText(40),
      // Coordinators: the programmes they manage — ids, codes or names; the form's
      // checkboxes send one value or several, /api a list.
      courses: z.preprocess(
        (v) => (v == null || v === "" ? [] : Array.isArray(v) ? v : [v]),
        z.array(z.unknown()).max(50),
      ),
    })
    .superRefine(
      (u, ctx) => {
        // Runs even when other fields failed (see `when`), so a value here may still be raw input.
        if (u.userType === "coordinator" && !(Array.isArray(u.courses) && u.courses.length))
          ctx.addIssue({ code: "custom", path: ["courses"], message: CREATE_MSG.coursesRequired });
        if (u.userType !== "student") return;
        const blank = (v: unknown) => (typeof v === "string" ? v.trim() === "" : v == null);
        if (blank(u.studentId))
          ctx.addIssue({
            code: "custom",
            path: ["studentId"],
            message: CREATE_MSG.studentIdRequired,
          });
        if (blank(u.course))
          ctx.addIssue({ code: "custom", path: ["course"], message: CREATE_MSG.courseRequired });
        if (blank(u.yearLevel))
          ctx.addIssue({
            code: "custom",
            path: ["yearLevel"],
            message: CREATE_MSG.yearLevelRequired,
          });
      },
      // zod skips an object's refinement once any field failed, so the student-only errors used to
      // appear only on a second submit; `when` makes every error surface in one pass.
      { when: (p) => typeof p.value === "object" && p.value !== null },
    );
}
export type UserRecordInput = z.infer<ReturnType<typeof userRecordSchema>>;

/* ── Accounts: sign-in, self-registration, verification code, password recovery ─────────── */
// A second import keeps this appended block apart from the shared header (fewer merge conflicts).
import { REGISTER_YEAR_LEVELS, SELF_REGISTER_ROLES } from "#db/constants";
import { NAME_MIN, PASSWORD_MAX, PASSWORD_MIN, OTP_LENGTH } from "~/models/auth/limits";

export const REGISTER_MSG = {
  userType: "Please select your user type",
  confirmPassword: "Please confirm your password",
  passwordsDiffer: "Passwords do not match",
  terms: "You must accept the terms and conditions",
  courseInvalid: "Please choose a valid course",
  yearLevelInvalid: "Please choose a valid year level",
  nameTooLong: "Names can be at most 100 characters",
  studentIdTooLong: "Student ID can be at most 50 characters",
} as const;

export const OTP_FORMAT_MSG = "Enter the 6-digit code.";

/** The login form and POST /api/auth/login: the login rules. Passwords are never trimmed. */
export const loginSchema = z.object({
  email: emailField,
  password: z
    .string({ error: MSG.passwordRequired })
    .min(1, MSG.passwordRequired)
    .min(PASSWORD_MIN, MSG.passwordMin)
    .max(PASSWORD_MAX, MSG.passwordMax),
});

const requiredName = (msg: string) =>
  z
    .string({ error: msg })
    .trim()
    .min(1, msg)
    .max(100, REGISTER_MSG.nameTooLong)
    .refine(isCleanName, MSG.nameInvalid);

/**
 * The registration payload as POST /api/auth/register and the model take it. Only student and
 * alumni may register themselves; unknown keys (role, verified flags, ids) are dropped by zod.
 * Unlike the spec's login rule ("no minimum"), the password needs 6 characters so every account passes the login rule.
 */
export function registerSchema(domain: string, opts: { passwordMin?: number } = {}) {
  return z.object({
    userType: z.enum(SELF_REGISTER_ROLES, { error: REGISTER_MSG.userType }),
    firstName: requiredName(MSG.firstNameRequired),
    lastName: requiredName(MSG.lastNameRequired),
    email: collegeEmailField(domain),
    password: newPasswordFieldOf(opts.passwordMin),
    studentId: optionalText(50, REGISTER_MSG.studentIdTooLong),
    // A course id, code or exact name; the model resolves it.
    course: optionalText(200, REGISTER_MSG.courseInvalid),
    yearLevel: optionalChoice(REGISTER_YEAR_LEVELS, REGISTER_MSG.yearLevelInvalid),
    // Alumni: the year they graduated; students: the year they expect to (optional for both).
    graduationYear: graduationYearField,
  });
}
export type RegisterInput = z.infer<ReturnType<typeof registerSchema>>;

/**
 * 'Passwords do not match' on confirmPassword. `when` lets it run while other fields are still
 * invalid (zod skips object refinements by default then), so the form shows every message at once.
 */
const passwordsMatch = {
  path: ["confirmPassword"],
  message: REGISTER_MSG.passwordsDiffer,
  when: (payload: { value: unknown }) => {
    const v = payload.value as { password?: unknown; confirmPassword?: unknown } | null;
    return (
      typeof v?.password === "string" &&
      typeof v.confirmPassword === "string" &&
      v.confirmPassword.length > 0
    );
  },
};

/** The register screen: the payload plus confirm password and the terms checkbox. */
export function registerFormSchema(domain: string, opts: { passwordMin?: number } = {}) {
  return registerSchema(domain, opts)
    .extend({
      confirmPassword: z
        .string({ error: REGISTER_MSG.confirmPassword })
        .min(1, REGISTER_MSG.confirmPassword),
      terms: z.preprocess(
        (v) => v === "on" || v === "true" || v === true,
        z.literal(true, { error: REGISTER_MSG.terms }),
      ),
    })
    .refine((v) => v.password === v.confirmPassword, passwordsMatch);
}

/** Exactly six digits, after removing spaces (a pasted "123 456" still counts). */
export const otpField = z.preprocess(
  (v) => (typeof v === "number" ? String(v) : typeof v === "string" ? v.replace(/\s+/g, "") : v),
  z.string({ error: OTP_FORMAT_MSG }).regex(new RegExp(`^\\d{${OTP_LENGTH}}$`), OTP_FORMAT_MSG),
);

/** OTP payloads: verify {email, otp}; resend {email}. */
export const verifyOtpSchema = z.object({ email: emailField, otp: otpField });
export const resendOtpSchema = z.object({ email: emailField });
export const forgotPasswordSchema = z.object({ email: emailField });

export { RESET_TOKEN_MSG };

/** POST /api/auth/reset-password {email, token, password}. */
export const resetPasswordSchema = z.object({
  email: emailField,
  token: z
    .string({ error: RESET_TOKEN_MSG })
    .trim()
    .min(1, RESET_TOKEN_MSG)
    .max(200, RESET_TOKEN_MSG),
  password: newPasswordField,
});

/** The reset screen adds a confirmation; `passwordMin` is PASSWORD_MIN_LENGTH. */
export const resetPasswordFormSchemaOf = (passwordMin?: number) =>
  resetPasswordSchema
    .extend({
      password: newPasswordFieldOf(passwordMin),
      confirmPassword: z
        .string({ error: REGISTER_MSG.confirmPassword })
        .min(1, REGISTER_MSG.confirmPassword),
    })
    .refine((v) => v.password === v.confirmPassword, passwordsMatch);
