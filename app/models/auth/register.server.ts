/**
 * Self-registration: students and alumni with the college e-mail only (checked here, not only in
 * the form). The account starts unverified; a code is mailed at once and the resend cooldown starts.
 */
import type {} from "#db/client";
import { enforce } from "~/lib/rate-limit.server";
import { resolveCourse } from "../course/course.server";
import { ValidationError } from "~/lib/errors";
import { REGISTER_MSG, type RegisterInput } from "../user/user.schema";
import { createAccount, personAccount, type CourseRef, type User } from "../user/user.server";
import type { AuthCtx } from "./config";
import { assertNewPassword } from "./password-policy.server";
import { sendVerificationCode, startResendCooldown } from "./verification.server";

export const REGISTER_DONE =
  "Registration successful. Check your email for the 6-digit verification code.";
export const TOO_MANY_REGISTRATIONS =
  "Too many registrations from this network. Please try again later.";
// Generous per address: a whole campus may sit behind one NAT address during orientation. The
// college-domain rule and the mailed code are the real gate; this only stops floods.
export const REGISTER_LIMIT = { max: 100, windowSeconds: 600 };

/**
 * Creates an unverified student or alumni account from a parsed registration payload (the schema
 * has already applied the domain rule and dropped unknown keys) and mails the verification code.
 */
export async function registerUser(
  { db, config }: AuthCtx,
  input: RegisterInput,
  opts: { ip: string },
): Promise<{ user: User; course: CourseRef }> {
  await enforce(db, { key: `register-ip:${opts.ip}`, ...REGISTER_LIMIT }, TOO_MANY_REGISTRATIONS);
  const course = input.course ? await resolveCourse(db, input.course) : null;
  if (input.course && !course)
    throw new ValidationError(REGISTER_MSG.courseInvalid, { course: [REGISTER_MSG.courseInvalid] });
  await assertNewPassword(input.password, config, input);
  const account = {
    ...personAccount(input),
    studentId: input.userType === "student" ? input.studentId : null,
    courseId: course?.id ?? null,
    yearLevel: input.yearLevel,
    graduationYear: input.graduationYear,
    emailVerifiedAt: null,
  };
  const user = await createAccount(db, account, async (tx, u) => {
    await startResendCooldown(tx, u);
    await sendVerificationCode({ db: tx, config }, u);
    return u;
  });
  return { user, course: course ? { id: course.id, code: course.code, name: course.name } : null };
}
