/**
 * Employer posting: reports of bad postings, the admins' decline templates and the
 * colleague invitations of an employer account. Employers themselves are `users` rows with role
 * `employer` and a `company_id`; the review state of a job lives on `jobs`.
 */
import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { JOIN_REQUEST_STATUSES, REPORT_REASONS, REPORT_RESOLUTIONS } from "../constants";
import { createdAt, oneOf, tstz, updatedAt } from "./columns";
import { companies } from "./companies";
import { jobs } from "./jobs";
import { users } from "./users";

/** One signed-in user's report of one job (a second report by the same user updates the first). */
export const jobReports = pgTable(
  "job_reports",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    jobId: uuid("job_id")
      .notNull()
      .references(() => jobs.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    reason: text("reason").notNull(),
    details: text("details"),
    createdAt: createdAt(),
    // Set when an admin reviews it: upheld (the posting was wrong) or dismissed.
    resolvedAt: tstz("resolved_at"),
    resolvedBy: uuid("resolved_by").references(() => users.id, { onDelete: "set null" }),
    resolution: text("resolution"),
  },
  (t) => [
    uniqueIndex("job_reports_job_user_key").on(t.jobId, t.userId),
    index("job_reports_open_idx")
      .on(t.createdAt)
      .where(sql`${t.resolvedAt} is null`),
    check("job_reports_reason_check", oneOf(t.reason, REPORT_REASONS)),
    check(
      "job_reports_resolution_check",
      sql`${t.resolution} is null or ${oneOf(t.resolution, REPORT_RESOLUTIONS)}`,
    ),
    check("job_reports_details_check", sql`${t.details} is null or length(${t.details}) <= 2000`),
  ],
);

/** The reasons an admin picks from when declining a job; editable on the admin screen. */
export const declineTemplates = pgTable(
  "decline_templates",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    title: text("title").notNull(),
    body: text("body").notNull(),
    position: integer("position").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("decline_templates_title_check", sql`length(btrim(${t.title})) between 1 and 100`),
    check("decline_templates_body_check", sql`length(btrim(${t.body})) between 1 and 2000`),
  ],
);

/**
 * An employer's invitation of a colleague (same company, same e-mail domain). Only the SHA-256 of
 * the link's token is stored; the link opens /employers with the company fixed.
 */
export const employerInvitations = pgTable(
  "employer_invitations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    invitedBy: uuid("invited_by").references(() => users.id, { onDelete: "set null" }),
    tokenHash: text("token_hash").notNull().unique(),
    expiresAt: tstz("expires_at").notNull(),
    acceptedAt: tstz("accepted_at"),
    createdAt: createdAt(),
  },
  (t) => [
    index("employer_invitations_company_idx").on(t.companyId),
    check("employer_invitations_email_check", sql`${t.email} = lower(btrim(${t.email}))`),
  ],
);

/**
 * A sign-up that named an existing company: a request to join it. Until a verified employer of the
 * company or an admin approves it the account acts for no company (users.company_joined_at stays
 * null); declined or ignored past `expires_at`, it ends. One request per account.
 */
export const employerJoinRequests = pgTable(
  "employer_join_requests",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    status: text("status", { enum: JOIN_REQUEST_STATUSES }).notNull().default("pending"),
    createdAt: createdAt(),
    expiresAt: tstz("expires_at").notNull(),
    decidedAt: tstz("decided_at"),
    decidedBy: uuid("decided_by").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [
    uniqueIndex("employer_join_requests_user_key").on(t.userId),
    index("employer_join_requests_pending_idx")
      .on(t.companyId, t.createdAt)
      .where(sql`${t.status} = 'pending'`),
    check("employer_join_requests_status_check", oneOf(t.status, JOIN_REQUEST_STATUSES)),
  ],
);
