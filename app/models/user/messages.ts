/**
 * Messages the form screens show on their own (not from a schema's parse). No zod here: the
 * screens import these statically, and their validators (zod) load only when the user starts
 * typing (`useValidators`). user.schema.ts and profile.schema.ts re-export them.
 */

export const RESET_TOKEN_MSG =
  "This password reset link is invalid or has expired. Please request a new one.";

export const PROFILE_MSG = {
  saved: "Profile saved",
  saveFailed: "Failed to save profile",
  photoUpdated: "Profile photo updated",
  photoFailed: "Failed to update photo",
  notFound: "Profile not found",
} as const;

/**
 * A user's graduation year: alumni give the year they graduated, students the year they
 * expect to. The bounds are the database's (GRADUATION_YEAR_MIN/MAX in db/constants.ts).
 */
export const GRADUATION_YEAR_MSG = "Graduation year must be a year between 1950 and 2100";

/**
 * The new-password rules, shown under the field before anyone submits: the length floor, then the
 * strength the server's estimator asks for (password-policy.server.ts), in words a person can act on.
 */
export const passwordRules = (min: number) =>
  `At least ${min} characters and hard to guess: two or three uncommon words together work well. ` +
  "Common passwords, your own name or e-mail and the college's name are refused.";
