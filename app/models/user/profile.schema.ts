/**
 * Isomorphic profile rules and messages, shared by the profile form (conform),
 * PUT /api/profile/me and the model. Only these fields can ever change through a profile route:
 * role, e-mail, status and verification are not in the schema, so they are dropped.
 */
import { z } from "zod";
import { YEAR_LEVELS } from "#db/constants";
import { optionalChoice, optionalText } from "../fields.schema";
import { courseRef } from "./admin.schema";
import {
  emailField,
  firstNameField,
  graduationYearField,
  lastNameField,
  otpField,
} from "./user.schema";
import { PASSWORD_MAX } from "../auth/limits";

export { PROFILE_MSG } from "./messages";

/** error catalogue: "<Field> must be at most N characters". */
const tooLong = (label: string, max: number) => `${label} must be at most ${max} characters`;

/** The whole profile form: an empty optional field clears it. */
export const profileFormSchema = z.object({
  firstName: firstNameField,
  lastName: lastNameField,
  phone: optionalText(40, tooLong("Phone", 40)),
  address: optionalText(300, tooLong("Address", 300)),
  bio: optionalText(2000, tooLong("Bio", 2000)),
  studentId: optionalText(50, tooLong("Student ID", 50)),
  course: courseRef.optional().transform((v) => v ?? null),
  yearLevel: optionalChoice(YEAR_LEVELS, "Please choose a valid year level"),
  graduationYear: graduationYearField,
});
export type ProfileForm = z.infer<typeof profileFormSchema>;
/** A partial change: a missing key leaves the field as it is; null clears it. */
export type ProfilePatch = Partial<ProfileForm>;

type Issue = { path: string; message: string };

/**
 * Reads PUT /api/profile/me. The spec's client sends fullName (first and last joined), contactNumber,
 * and also email, role and avatarUrl, which are ignored. Only keys present are changed.
 */
export function parseProfilePatch(
  body: unknown,
): { ok: true; patch: ProfilePatch } | { ok: false; issues: Issue[] } {
  const src =
    body && typeof body === "object" && !Array.isArray(body)
      ? (body as Record<string, unknown>)
      : {};
  const data: Record<string, unknown> = {};
  for (const k of Object.keys(profileFormSchema.shape)) if (k in src) data[k] = src[k];
  if (!("phone" in data) && "contactNumber" in src) data.phone = src.contactNumber;
  if (!("firstName" in data) && !("lastName" in data) && typeof src.fullName === "string") {
    // First word is the first name, the rest the last name ("Juan dela Cruz" → "Juan" + "dela Cruz").
    const [first, ...rest] = src.fullName.trim().split(/\s+/);
    data.firstName = first ?? "";
    if (rest.length) data.lastName = rest.join(" ");
  }
  const keys = Object.fromEntries(Object.keys(data).map((k) => [k, true as const])) as Partial<
    Record<keyof ProfileForm, true>
  >;
  const r = profileFormSchema.pick(keys).safeParse(data);
  if (!r.success)
    return {
      ok: false,
      issues: r.error.issues.map((i) => ({ path: i.path.join(".") || "_", message: i.message })),
    };
  return { ok: true, patch: r.data as ProfilePatch };
}

const currentPassword = z
  .string({ error: "Enter your password to change your personal e-mail." })
  .min(1, { error: "Enter your password to change your personal e-mail." })
  .max(PASSWORD_MAX, { error: "Incorrect password" });

/** POST /api/profile/personal-email and the profile's "Add personal e-mail" form. */
export const personalEmailSchema = z.object({ email: emailField, password: currentPassword });

/** DELETE /api/profile/personal-email. */
export const personalEmailRemoveSchema = z.object({ password: currentPassword });

/** POST /api/profile/personal-email/verify. */
export const personalEmailVerifySchema = z.object({ otp: otpField });
