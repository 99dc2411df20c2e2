import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import {
  CODE_PURPOSES,
  GRADUATION_YEAR_MAX,
  GRADUATION_YEAR_MIN,
  ROLES,
  SESSION_END_REASONS,
  SESSION_KINDS,
  TOKEN_PURPOSES,
  YEAR_LEVELS,
} from "../constants";
import { createdAt, oneOf, tstz, updatedAt } from "./columns";
import { companies } from "./companies";
import { courses } from "./courses";
import { files } from "./files";

export const users = pgTable(
  "users",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: text("email").notNull(),
    // Null for users imported without a password: they set one through the invitation link.
    passwordHash: text("password_hash"),
    role: text("role", { enum: ROLES }).notNull().default("student"),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    studentId: text("student_id"),
    courseId: uuid("course_id").references(() => courses.id, { onDelete: "set null" }),
    yearLevel: text("year_level"),
    phone: text("phone"),
    address: text("address"),
    bio: text("bio"),
    avatarFileId: uuid("avatar_file_id").references(() => files.id, { onDelete: "set null" }),
    isActive: boolean("is_active").notNull().default(true),
    emailVerifiedAt: tstz("email_verified_at"),
    lastLoginAt: tstz("last_login_at"),
    // Administrators only: true stops the weekly digest of expiring jobs and old pending approvals.
    adminDigestOptOut: boolean("admin_digest_opt_out").notNull().default(false),
    // Students and alumni: a verified address outside the college (null until its code is
    // entered), so the account outlives the college mailbox. Sign-in works with either address.
    personalEmail: text("personal_email"),
    // True sends password recovery and every other mail to the personal address.
    mailToPersonal: boolean("mail_to_personal").notNull().default(false),
    // When the dashboard last asked an alumnus to add a personal address (asked once).
    personalPromptedAt: tstz("personal_prompted_at"),
    // Students and alumni: the year they graduated (alumni) or expect to (students).
    graduationYear: integer("graduation_year"),
    // Set by the one-click unsubscribe of survey mail: no later invitation or reminder goes out.
    surveyMailOptOutAt: tstz("survey_mail_opt_out_at"),
    // Employers: the one company the account belongs to (required for that role only).
    companyId: uuid("company_id").references(() => companies.id, { onDelete: "restrict" }),
    // Computed by the employer model, never typed: the work e-mail's domain is the company
    // website's domain and not a free-mail provider's (recomputed when either changes).
    domainVerified: boolean("domain_verified").notNull().default(false),
    // Set when an admin verifies an employer by hand (the computed domain signal is separate).
    employerVerifiedAt: tstz("employer_verified_at"),
    // When the employer became a member of `company_id`: at sign-up for a new company or an
    // invitation, at approval for a request to join an existing one (employer_join_requests).
    // Null: the request waits or ended, and the account acts for no company.
    companyJoinedAt: tstz("company_joined_at"),
    // Set when an admin blocks the account: sign-in refused, sessions end, nothing of theirs shows.
    blockedAt: tstz("blocked_at"),
    // True for an account that already shared its mailbox (`+tag` variants) with an older one when
    // the one-mailbox rule arrived (migration 0017): it signs in, the unique index leaves it aside,
    // counts of people count the mailbox once. Cleared when its e-mail changes.
    sharedMailbox: boolean("shared_mailbox").notNull().default(false),

    // Moving from AeroJob (ADR 115): the MongoDB _id this account came from (null when made here).
    legacyId: text("legacy_id"),
    // True while password_hash is AeroJob's bcrypt hash; the first sign-in replaces it with argon2id.
    passwordLegacy: boolean("password_legacy").notNull().default(false),
    // When `runway migrate aerojob --send-resets` queued this account's reset mail (once each).
    legacyResetSentAt: tstz("legacy_reset_sent_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("users_email_lower_key").on(sql`lower(${t.email})`),
    uniqueIndex("users_personal_email_lower_key")
      .on(sql`lower(${t.personalEmail})`)
      .where(sql`${t.personalEmail} is not null`),
    // One mailbox, one account: runway_mailbox() drops the `+tag` (migration 0017).
    uniqueIndex("users_mailbox_key").on(
      sql`runway_mailbox(${t.email})`,
      sql`(case when ${t.sharedMailbox} then ${t.id}::text else '' end)`,
    ),
    uniqueIndex("users_personal_mailbox_key")
      .on(sql`runway_mailbox(${t.personalEmail})`)
      .where(sql`${t.personalEmail} is not null`),
    uniqueIndex("users_student_id_key")
      .on(sql`lower(${t.studentId})`)
      .where(sql`${t.studentId} is not null`),
    uniqueIndex("users_legacy_id_key")
      .on(t.legacyId)
      .where(sql`${t.legacyId} is not null`),
    index("users_role_idx").on(t.role),
    index("users_course_idx").on(t.courseId),
    index("users_created_at_idx").on(t.createdAt),
    // Manage Users sorts (migration 0027): each on the expressions the list orders by. Migration 0030
    // makes them covering (INCLUDE the name and filter columns, which drizzle cannot declare), so a
    // page at any depth is an index-only scan.
    index("users_name_sort_idx").on(sql`lower(${t.firstName})`, sql`lower(${t.lastName})`, t.id),
    index("users_email_sort_idx").on(t.email, t.id),
    index("users_role_sort_idx").on(
      t.role,
      sql`lower(${t.firstName})`,
      sql`lower(${t.lastName})`,
      t.id,
    ),
    index("users_status_sort_idx").on(
      sql`(not ${t.isActive})`,
      sql`lower(${t.firstName})`,
      sql`lower(${t.lastName})`,
      t.id,
    ),
    index("users_created_sort_idx").on(t.createdAt, t.id),
    check("users_role_check", oneOf(t.role, ROLES)),
    check(
      "users_employer_company_check",
      sql`(${t.role} = 'employer') = (${t.companyId} is not null)`,
    ),
    check(
      "users_company_joined_check",
      sql`${t.companyJoinedAt} is null or ${t.role} = 'employer'`,
    ),
    index("users_company_idx")
      .on(t.companyId)
      .where(sql`${t.companyId} is not null`),
    check(
      "users_graduation_year_check",
      sql`${t.graduationYear} is null or ${t.graduationYear} between ${sql.raw(String(GRADUATION_YEAR_MIN))} and ${sql.raw(String(GRADUATION_YEAR_MAX))}`,
    ),
    index("users_graduation_year_idx").on(t.graduationYear),
    check(
      "users_year_level_check",
      sql`${t.yearLevel} is null or ${oneOf(t.yearLevel, YEAR_LEVELS)}`,
    ),
    check(
      "users_personal_email_check",
      sql`${t.personalEmail} is null or (${t.personalEmail} = lower(btrim(${t.personalEmail})) and position('@' in ${t.personalEmail}) > 1 and ${t.personalEmail} <> ${t.email})`,
    ),
    check(
      "users_email_check",
      sql`${t.email} = lower(btrim(${t.email})) and position('@' in ${t.email}) > 1`,
    ),
  ],
);

/**
 * Web sessions (cookie) and /api bearer tokens. Only a SHA-256 of the random token is stored, so a
 * database leak does not hand out live sessions.
 */
export const sessions = pgTable(
  "sessions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    tokenHash: text("token_hash").notNull().unique(),
    remember: boolean("remember").notNull().default(false),
    expiresAt: tstz("expires_at").notNull(),
    lastSeenAt: tstz("last_seen_at").notNull().defaultNow(),
    userAgent: text("user_agent"),
    ip: text("ip"),
    /**
     * Set when the session was ended by deactivation: the row stays (it no longer signs anyone in)
     * until it expires, so the browser holding it is told why once, then its cookie is cleared.
     */
    endedReason: text("ended_reason", { enum: SESSION_END_REASONS }),
    createdAt: createdAt(),
  },
  (t) => [
    index("sessions_user_idx").on(t.userId),
    index("sessions_expires_idx").on(t.expiresAt),
    check("sessions_kind_check", oneOf(t.kind, SESSION_KINDS)),
    check("sessions_ended_reason_check", oneOf(t.endedReason, SESSION_END_REASONS)),
  ],
);

/** One live code per e-mail and purpose; a new code replaces the old one. */
export const verificationCodes = pgTable(
  "verification_codes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    purpose: text("purpose", { enum: CODE_PURPOSES }).notNull(),
    codeHash: text("code_hash").notNull(),
    attempts: integer("attempts").notNull().default(0),
    expiresAt: tstz("expires_at").notNull(),
    consumedAt: tstz("consumed_at"),
    sentAt: tstz("sent_at").notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("verification_codes_email_purpose_key").on(sql`lower(${t.email})`, t.purpose),
    check("verification_codes_purpose_check", oneOf(t.purpose, CODE_PURPOSES)),
    check("verification_codes_attempts_check", sql`${t.attempts} >= 0`),
  ],
);

/** Password-reset and invitation tokens: random, hashed at rest, expiring, single use. */
export const passwordTokens = pgTable(
  "password_tokens",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    purpose: text("purpose", { enum: TOKEN_PURPOSES }).notNull(),
    tokenHash: text("token_hash").notNull().unique(),
    expiresAt: tstz("expires_at").notNull(),
    usedAt: tstz("used_at"),
    createdAt: createdAt(),
  },
  (t) => [
    index("password_tokens_user_idx").on(t.userId),
    check("password_tokens_purpose_check", oneOf(t.purpose, TOKEN_PURPOSES)),
  ],
);
