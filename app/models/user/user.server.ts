import { eq, or, sql } from "drizzle-orm";
import { parsedRows, type Db, type DbOrTx, type Tx } from "#db/client";
import type { Role } from "#db/constants";
import { courses, users } from "#db/schema";
import { Conflict, isUniqueViolation } from "~/lib/errors";
import { isUuid } from "~/lib/ids";
import { idRow } from "~/lib/rows";
import { hashPassword } from "../auth/password.server";
import { mailboxOf } from "./email";

/**
 * A user account as the database holds it (dates as `Date`): the one user type of the models and
 * the doors; a signed-in user is one too.
 */
export type User = typeof users.$inferSelect;
export type CourseRef = { id: string; code: string; name: string } | null;

/** The public shape of a user on /api and in loaders: never a hash. */
export function serializeUser(u: User, course: CourseRef = null) {
  const fullName = `${u.firstName} ${u.lastName}`.trim();
  return {
    _id: u.id,
    id: u.id,
    email: u.email,
    firstName: u.firstName,
    lastName: u.lastName,
    fullName,
    name: fullName,
    role: u.role,
    userType: u.role,
    studentId: u.studentId,
    course: course ? { _id: course.id, id: course.id, code: course.code, name: course.name } : null,
    courseId: u.courseId,
    yearLevel: u.yearLevel,
    /** Alumni: the year they graduated; students: the expected year; null when unknown. */
    graduationYear: u.graduationYear ?? null,
    phone: u.phone,
    contactNumber: u.phone,
    address: u.address,
    bio: u.bio,
    avatarUrl: u.avatarFileId ? `/files/${u.avatarFileId}` : null,
    status: u.isActive ? "active" : "inactive",
    isActive: u.isActive,
    isEmailVerified: !!u.emailVerifiedAt,
    /** A verified address outside the college (null until its code was entered). */
    personalEmail: u.personalEmail,
    /** True when Runway mails the personal address instead of the college one. */
    mailToPersonal: u.mailToPersonal,
    /** Employers: their company; null for everyone else. */
    companyId: u.companyId ?? null,
    /** Employers: false while their request to join the company waits or after it ended (ADR 109). */
    companyMember: u.role === "employer" ? !!u.companyJoinedAt : null,
    /** Employers: the computed signal (work e-mail on the company website's domain, not free mail). */
    domainVerified: u.domainVerified,
    /** Employers: verified by an administrator. */
    employerVerified: !!u.employerVerifiedAt,
    /** Blocked by an administrator (sign-in refused). */
    isBlocked: !!u.blockedAt,
    /** The AeroJob `_id` (24 hex) of an imported account; null for accounts made in Runway (ADR 115). */
    legacyId: u.legacyId ?? null,
    createdAt: u.createdAt.toISOString(),
    updatedAt: u.updatedAt.toISOString(),
  };
}
export type PublicUser = ReturnType<typeof serializeUser> & {
  /** Admin lists: an employer's company name and whether that company is blocked. */
  companyName?: string | null;
  companyBlocked?: boolean;
  /** Coordinators: the programmes they manage. */
  coordinatorCourses?: { id: string; code: string; name: string }[];
};

export async function findUserByEmail(db: Db, email: string): Promise<User | null> {
  const [u] = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.trim().toLowerCase()))
    .limit(1);
  return u ?? null;
}

/**
 * The account an address signs in to: its college e-mail, or its verified personal e-mail (one
 * account at most: the database keeps an address to one account across both columns).
 */
export async function findUserForLogin(db: Db, email: string): Promise<User | null> {
  const e = email.trim().toLowerCase();
  const [u] = await db
    .select()
    .from(users)
    .where(or(eq(sql`lower(${users.email})`, e), eq(sql`lower(${users.personalEmail})`, e)))
    .limit(1);
  return u ?? null;
}

/** Where Runway mails this account: the personal address when verified and chosen, else the college one. */
export function mailAddressOf(u: Pick<User, "email" | "personalEmail" | "mailToPersonal">) {
  return u.mailToPersonal && u.personalEmail ? u.personalEmail : u.email;
}

/** A user with their course, or null. */
export async function getUserWithCourse(db: Db, id: string) {
  if (!isUuid(id)) return null;
  const [row] = await db
    .select({ user: users, course: { id: courses.id, code: courses.code, name: courses.name } })
    .from(users)
    .leftJoin(courses, eq(courses.id, users.courseId))
    .where(eq(users.id, id))
    .limit(1);
  if (!row) return null;
  return { user: row.user, course: row.course?.id ? row.course : null };
}

type UserInsert = typeof users.$inferInsert;

/** The columns of a person every way in fills (sign-up, Create User, the imports). */
export type PersonColumns =
  | "email"
  | "role"
  | "firstName"
  | "lastName"
  | "studentId"
  | "courseId"
  | "yearLevel"
  | "graduationYear"
  | "phone";

/**
 * A new account's columns (employers add their company, the computed domain signal and when they
 * joined it, null while a join request waits).
 */
export type NewUser = Required<
  Pick<UserInsert, "email" | "passwordHash" | "role" | "firstName" | "lastName">
> &
  Pick<
    UserInsert,
    | PersonColumns
    | "isActive"
    | "emailVerifiedAt"
    | "companyId"
    | "domainVerified"
    | "companyJoinedAt"
  >;

export const EMAIL_TAKEN = "An account with this email already exists";
export const STUDENT_ID_TAKEN = "This student ID is already registered";

/**
 * The one mapping of a unique violation on `users` to its Conflict: an address taken in its exact
 * form (`users_email_lower_key`, also raised by the cross-column trigger), by its mailbox (the
 * `+tag` rule) or as another account's personal e-mail; a taken student ID. Anything else is
 * returned as it came, so every write ends with `catch (e) { throw userConflict(e); }`.
 */
export function userConflict(e: unknown): unknown {
  for (const key of [
    "users_email_lower_key",
    "users_mailbox_key",
    "users_personal_email_lower_key",
    "users_personal_mailbox_key",
  ])
    if (isUniqueViolation(e, key)) return new Conflict(EMAIL_TAKEN, { email: [EMAIL_TAKEN] });
  if (isUniqueViolation(e, "users_student_id_key"))
    return new Conflict(STUDENT_ID_TAKEN, { studentId: [STUDENT_ID_TAKEN] });
  return e;
}

/**
 * Whether an address's mailbox (`mailboxOf`: without its `+tag`) already belongs to an account other
 * than `exceptUserId`, as its e-mail or its verified personal e-mail. The doors ask before the slow
 * password hash; the unique indexes decide races.
 */
export async function mailboxTaken(
  db: DbOrTx,
  email: string,
  exceptUserId?: string,
): Promise<boolean> {
  const box = mailboxOf(email);
  const [row] = await parsedRows(
    db,
    idRow,
    sql`select id from users
        where (runway_mailbox(email) = ${box}
               or (personal_email is not null and runway_mailbox(personal_email) = ${box}))
          ${exceptUserId ? sql`and id <> ${exceptUserId}` : sql``}
        limit 1`,
  );
  return !!row;
}
/**
 * Inserts a user; a taken e-mail or student ID becomes a Conflict with the field named. An address
 * that is another account's personal e-mail is taken too (a trigger, migration 0012).
 */
export async function insertUser(db: DbOrTx, input: NewUser): Promise<User> {
  try {
    const [u] = await db
      .insert(users)
      .values({ ...input, email: input.email.trim().toLowerCase() })
      .returning();
    return u;
  } catch (e) {
    throw userConflict(e);
  }
}

/** A new account as its door describes it: the password in clear, hashed here. */
export type NewAccount = Omit<NewUser, "passwordHash" | "isActive"> & { password: string };

/** The fields every person's form shares, as an account: its `userType` is the role. */
export const personAccount = <R extends Role>(input: {
  email: string;
  password: string;
  userType: R;
  firstName: string;
  lastName: string;
}) => ({
  email: input.email,
  password: input.password,
  role: input.userType,
  firstName: input.firstName,
  lastName: input.lastName,
});

/**
 * The one way a new account is made (student and employer sign-up, an administrator's Create
 * User): a taken address is refused before the deliberately slow hash (the unique indexes still
 * decide races), then, in one transaction, `prepare` supplies what depends on it (an employer's
 * new company), the active account is inserted and `then` finishes (audit, code, mail).
 */
export async function createAccount<T>(
  db: Db,
  account: NewAccount,
  then: (tx: Tx, user: User) => Promise<T>,
  prepare?: (tx: Tx) => Promise<Partial<NewUser>>,
): Promise<T> {
  if (await mailboxTaken(db, account.email))
    throw new Conflict(EMAIL_TAKEN, { email: [EMAIL_TAKEN] });
  const { password, ...fields } = account;
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const more = prepare ? await prepare(tx) : {};
    const u = await insertUser(tx, { ...fields, ...more, passwordHash, isActive: true });
    return then(tx, u);
  });
}
