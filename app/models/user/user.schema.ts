/** Isomorphic user rules and messages (spec §5), shared by forms, /api and the CLI. */
import { z } from "zod";
import { NAME_MIN, PASSWORD_MAX, PASSWORD_MIN, ROLES, YEAR_LEVELS, type Role } from "#db/constants";

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
} as const;

/** Trimmed and lowercased e-mail; `\S+@\S+` as the login form's pattern. */
export const emailField = z
  .string({ error: MSG.emailRequired })
  .trim()
  .toLowerCase()
  .min(1, MSG.emailRequired)
  .max(254, MSG.emailInvalid)
  .regex(/^\S+@\S+$/, MSG.emailInvalid);

/** True when the e-mail is exactly in the college domain (after trim and lowercase). */
export function inCollegeDomain(email: string, domain: string): boolean {
  const e = email.trim().toLowerCase();
  const at = e.lastIndexOf("@");
  return at > 0 && e.slice(at + 1) === domain.toLowerCase();
}

export const collegeEmailField = (domain: string) =>
  emailField.refine((e) => inCollegeDomain(e, domain), MSG.domainOnly(domain));

/** Passwords are never trimmed. */
export const newPasswordField = z
  .string({ error: MSG.passwordRequired })
  .min(1, MSG.passwordRequired)
  .min(PASSWORD_MIN, MSG.passwordMin)
  .max(PASSWORD_MAX, MSG.passwordMax);

export const roleField = z.enum(ROLES);

/** Role read from role, then userType, then type (spec §6). */
export function readRole(u: { role?: unknown; userType?: unknown; type?: unknown } | null | undefined): Role | null {
  const r = u?.role ?? u?.userType ?? u?.type;
  return typeof r === "string" && (ROLES as readonly string[]).includes(r) ? (r as Role) : null;
}
export const isAdmin = (u: Parameters<typeof readRole>[0]) => readRole(u) === "admin";
export const isStudentOrAlumni = (u: Parameters<typeof readRole>[0]) => {
  const r = readRole(u);
  return r === "student" || r === "alumni";
};
export const hasAnyRole = (u: Parameters<typeof readRole>[0], roles: Role[]) => {
  const r = readRole(u);
  return !!r && roles.includes(r);
};

/** Display name: name, full name, first + last, e-mail, else 'User' (spec §2.2). */
export function displayName(u: {
  name?: string | null;
  fullName?: string | null;
  firstName?: string | null;
  lastName?: string | null;
  email?: string | null;
} | null | undefined): string {
  if (!u) return "User";
  const fl = [u.firstName, u.lastName].filter((x) => x && x.trim()).join(" ");
  return (u.name?.trim() || u.fullName?.trim() || fl || u.email?.trim() || "User") as string;
}

export const CREATE_MSG = {
  userType: "Please select user type",
  studentIdRequired: "Student ID is required for students",
  courseRequired: "Course is required for students",
  yearLevelRequired: "Year level is required for students",
  yearLevelInvalid: "Please choose a valid year level",
} as const;

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .nullable()
    .transform((v) => (v ? v : null));

/**
 * A user as an administrator (Create User, §5) or the registrar's CSV import creates one: the same
 * rules in both places. `course` is a course id, code or exact name, resolved by the model.
 */
export function userRecordSchema(domain: string, opts: { passwordRequired: boolean; roles?: readonly Role[] }) {
  const roles = (opts.roles ?? ROLES) as readonly [Role, ...Role[]];
  return z
    .object({
      userType: z.enum(roles, { error: CREATE_MSG.userType }),
      firstName: z.string({ error: MSG.firstNameRequired }).trim().min(1, MSG.firstNameRequired).min(2, MSG.firstNameMin).max(100),
      lastName: z.string({ error: MSG.lastNameRequired }).trim().min(1, MSG.lastNameRequired).min(2, MSG.lastNameMin).max(100),
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
      yearLevel: z
        .string()
        .trim()
        .optional()
        .nullable()
        .transform((v) => (v ? v : null))
        .pipe(z.enum(YEAR_LEVELS, { error: CREATE_MSG.yearLevelInvalid }).nullable()),
      phone: optionalText(40),
    })
    .superRefine((u, ctx) => {
      if (u.userType !== "student") return;
      if (!u.studentId) ctx.addIssue({ code: "custom", path: ["studentId"], message: CREATE_MSG.studentIdRequired });
      if (!u.course) ctx.addIssue({ code: "custom", path: ["course"], message: CREATE_MSG.courseRequired });
      if (!u.yearLevel) ctx.addIssue({ code: "custom", path: ["yearLevel"], message: CREATE_MSG.yearLevelRequired });
    });
}
export type UserRecordInput = z.infer<ReturnType<typeof userRecordSchema>>;
