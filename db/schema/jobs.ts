import { sql } from "drizzle-orm";
import {
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import {
  JOB_HIDDEN_REASONS,
  JOB_INTERACTIONS,
  JOB_STATUSES,
  JOB_TYPES,
  OJT_HOURS_MAX,
  SALARY_AMOUNT_MAX,
  SALARY_PERIODS,
  type JobHiddenReason,
  type JobStatus,
  type JobType,
} from "../constants";
import { createdAt, oneOf, textC, tstz, tsvector, updatedAt } from "./columns";
import { companies } from "./companies";
import { users } from "./users";

export const jobs = pgTable(
  "jobs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    title: text("title").notNull(),
    // A company with jobs cannot be deleted (409 in the app, RESTRICT here).
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "restrict" }),
    jobType: text("job_type").$type<JobType>().notNull().default("internship"),
    location: text("location"),
    categories: text("categories")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    shortDescription: text("short_description"),
    description: text("description"),
    status: text("status").$type<JobStatus>().notNull().default("active"),
    isApproved: boolean("is_approved").notNull().default(false),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    // Applications close at this instant; after it the job leaves every public door (no cron: the
    // visibility rule compares with now()). Null: no deadline.
    applicationDeadline: tstz("application_deadline"),
    // Maintained by the jobs_search_vector triggers (title, company name, categories, texts,
    // location and licences).
    searchVector: tsvector("search_vector"),
    /**
     * When the job first became visible to students (approved and active), set by the
     * jobs_published_bi trigger (migration 0007): job alerts mail what was published since their
     * last digest, whichever door approved it.
     */
    publishedAt: tstz("published_at"),
    // ── Aviation fields, all optional ──
    licences: text("licences")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    ojtHours: integer("ojt_hours"),
    shift: text("shift"),
    medicalClass: text("medical_class"),
    // ── How to apply and the allowance (migration 0029), all optional ──
    // Apply Now goes to apply_url, else a mail to apply_email, else the company website; with
    // none of them the job page shows written instructions instead of the button.
    applyUrl: text("apply_url"),
    applyEmail: text("apply_email"),
    // Whole currency units per salary_period; "unpaid" has no amount; both null: not stated.
    salaryAmount: integer("salary_amount"),
    salaryCurrency: text("salary_currency").notNull().default("PHP"),
    salaryPeriod: text("salary_period", { enum: SALARY_PERIODS }),
    // ── Review ──
    // When an employer last submitted (created or edited) it: the approval queue's order.
    submittedAt: tstz("submitted_at"),
    // Set with the reason when an admin declines it; cleared when it is resubmitted or approved.
    declinedAt: tstz("declined_at"),
    declineReason: text("decline_reason"),
    reviewedAt: tstz("reviewed_at"),
    reviewedBy: uuid("reviewed_by").references(() => users.id, { onDelete: "set null" }),
    // Hidden from every public door whatever its approval: 'reports' (3 reporters) or 'blocked'.
    hiddenReason: text("hidden_reason").$type<JobHiddenReason>(),
    hiddenAt: tstz("hidden_at"),
    // ── Moving from AeroJob (ADR 115) ──
    // The MongoDB _id this job came from (null when made here), and AeroJob's own counters.
    legacyId: text("legacy_id"),
    legacyViews: integer("legacy_views"),
    legacyApplications: integer("legacy_applications"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("jobs_search_vector_idx").using("gin", t.searchVector),
    index("jobs_public_created_idx")
      .on(t.createdAt.desc(), t.id.desc())
      .where(sql`${t.isApproved} and ${t.status} = 'active'`),
    index("jobs_created_idx").on(t.createdAt.desc(), t.id.desc()),
    index("jobs_company_idx").on(t.companyId),
    uniqueIndex("jobs_legacy_id_key")
      .on(t.legacyId)
      .where(sql`${t.legacyId} is not null`),
    index("jobs_published_idx")
      .on(t.publishedAt.desc(), t.id.desc())
      .where(sql`${t.isApproved} and ${t.status} = 'active'`),
    index("jobs_public_deadline_idx")
      .on(t.applicationDeadline)
      .where(
        sql`${t.isApproved} and ${t.status} = 'active' and ${t.applicationDeadline} is not null`,
      ),
    index("jobs_categories_idx").using("gin", t.categories),
    index("jobs_licences_idx").using("gin", t.licences),
    index("jobs_pending_queue_idx")
      .on(sql`coalesce(${t.submittedAt}, ${t.createdAt})`, t.id)
      .where(sql`not ${t.isApproved} and ${t.declinedAt} is null`),
    check(
      "jobs_hidden_reason_check",
      sql`${t.hiddenReason} is null or ${oneOf(t.hiddenReason, JOB_HIDDEN_REASONS)}`,
    ),
    check(
      "jobs_ojt_hours_check",
      sql`${t.ojtHours} is null or ${t.ojtHours} between 0 and ${sql.raw(String(OJT_HOURS_MAX))}`,
    ),
    check(
      "jobs_apply_url_check",
      sql`${t.applyUrl} is null or (${t.applyUrl} ~* '^https?://[^[:space:]]+$' and length(${t.applyUrl}) <= 500)`,
    ),
    check(
      "jobs_apply_email_check",
      sql`${t.applyEmail} is null or (${t.applyEmail} = lower(btrim(${t.applyEmail})) and position('@' in ${t.applyEmail}) > 1 and length(${t.applyEmail}) <= 500)`,
    ),
    check("jobs_salary_currency_check", sql`${t.salaryCurrency} ~ '^[A-Z]{3}$'`),
    check(
      "jobs_salary_check",
      sql`(${t.salaryPeriod} is null and ${t.salaryAmount} is null) or (${t.salaryPeriod} = 'unpaid' and ${t.salaryAmount} is null) or (${t.salaryPeriod} in ('month', 'day', 'hour') and ${t.salaryAmount} between 1 and ${sql.raw(String(SALARY_AMOUNT_MAX))})`,
    ),
    check("jobs_job_type_check", oneOf(t.jobType, JOB_TYPES)),
    check("jobs_status_check", oneOf(t.status, JOB_STATUSES)),
    check("jobs_title_check", sql`length(btrim(${t.title})) > 0`),
  ],
);

/**
 * Distinct jobs a user opened or clicked Apply Now on (the student dashboard's real counts and 'My
 * applications'). A deleted job's rows stay with `job_id` null and the title and company copied
 * in by deleteJob, so an application history never loses a line.
 */
export const jobInteractions = pgTable(
  "job_interactions",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    jobId: uuid("job_id").references(() => jobs.id, { onDelete: "set null" }),
    kind: text("kind").notNull(),
    /** Copied when the job is deleted (null while it exists). */
    jobTitle: text("job_title"),
    companyName: text("company_name"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("job_interactions_user_job_kind_key").on(t.userId, t.jobId, t.kind),
    index("job_interactions_job_idx").on(t.jobId),
    check("job_interactions_kind_check", oneOf(t.kind, JOB_INTERACTIONS)),
  ],
);

/** Search analytics: one row per actor (user or hashed client) per term per day. */
export const searchEvents = pgTable(
  "search_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    term: text("term").notNull(),
    actorKey: text("actor_key").notNull(),
    day: date("day", { mode: "string" })
      .notNull()
      .default(sql`current_date`),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("search_events_term_actor_day_key").on(t.term, t.actorKey, t.day),
    index("search_events_term_idx").on(t.term),
    check("search_events_term_check", sql`length(${t.term}) between 2 and 200`),
  ],
);

/**
 * A student's or alumnus's bookmarks ('Saved jobs'). Like job_interactions, a deleted job's rows
 * stay, with `job_id` null and the title and company copied in by deleteJob.
 */
export const savedJobs = pgTable(
  "saved_jobs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    jobId: uuid("job_id").references(() => jobs.id, { onDelete: "set null" }),
    jobTitle: text("job_title"),
    companyName: text("company_name"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("saved_jobs_user_job_key").on(t.userId, t.jobId),
    index("saved_jobs_user_created_idx").on(t.userId, t.createdAt.desc()),
    index("saved_jobs_job_idx").on(t.jobId),
  ],
);

/**
 * Every word of the jobs' search documents (migration 0026, ADR 122): written only by the jobs
 * triggers, read by the public search to turn a prefix into the exact words that start with it.
 */
export const searchLexemes = pgTable("search_lexemes", {
  lexeme: textC("lexeme").primaryKey(),
});
