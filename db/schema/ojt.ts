/**
 * OJT placements: a student's supervised training at a host company, the hours log and
 * its weekly sign-off by the host's supervisor through a mailed link. Written only by
 * app/models/ojt/. ADR 114 gives the token and locking rules.
 */
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import {
  OJT_EVALUATION_STAGES,
  OJT_INVOLVEMENTS,
  OJT_REQUIRED_HOURS_MAX,
  OJT_WEEK_STATES,
  OJT_WOULD_HIRE,
  PLACEMENT_STATUSES,
} from "../constants";
import { createdAt, oneOf, tstz, updatedAt } from "./columns";
import { companies } from "./companies";
import { courses } from "./courses";
import { ojtFiles } from "./files";
import { jobs } from "./jobs";
import { users } from "./users";

/** The programmes a coordinator manages (a coordinator has at least one; the model checks). */
export const coordinatorCourses = pgTable(
  "coordinator_courses",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    courseId: uuid("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.courseId] }),
    index("coordinator_courses_course_idx").on(t.courseId),
  ],
);

export const placements = pgTable(
  "placements",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    studentId: uuid("student_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "restrict" }),
    coordinatorId: uuid("coordinator_id").references(() => users.id, { onDelete: "set null" }),
    jobId: uuid("job_id").references(() => jobs.id, { onDelete: "set null" }),
    supervisorName: text("supervisor_name").notNull(),
    supervisorPosition: text("supervisor_position"),
    supervisorEmail: text("supervisor_email").notNull(),
    supervisorPhone: text("supervisor_phone"),
    startDate: date("start_date", { mode: "string" }).notNull(),
    expectedEndDate: date("expected_end_date", { mode: "string" }).notNull(),
    requiredHours: integer("required_hours").notNull(),
    status: text("status", { enum: PLACEMENT_STATUSES }).notNull().default("planned"),
    /** Why a placement was withdrawn or terminated (required for those two). */
    statusReason: text("status_reason"),
    statusChangedAt: tstz("status_changed_at"),
    /**
     * Maintained by the hours model in the transaction that changes an entry or a week, so lists and
     * progress never add up 600 entries per placement: minutes of approved weeks, of weeks waiting
     * for the supervisor, and of every entry; the latest entry's date.
     */
    approvedMinutes: integer("approved_minutes").notNull().default(0),
    pendingMinutes: integer("pending_minutes").notNull().default(0),
    loggedMinutes: integer("logged_minutes").notNull().default(0),
    lastEntryDate: date("last_entry_date", { mode: "string" }),
    /** The quiet-since date (last entry, or start) the student was last reminded about: once each. */
    studentRemindedFor: date("student_reminded_for", { mode: "string" }),
    /** Recorded when the coordinator completes the placement: did the host offer the student a job? */
    hiredByHost: boolean("hired_by_host"),
    completedAt: tstz("completed_at"),
    /** The completion certificate's public verification code (set when the placement completes). */
    certificateCode: text("certificate_code").unique(),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("placements_student_open_key")
      .on(t.studentId)
      .where(sql`${t.status} in ('planned', 'deployed')`),
    index("placements_student_idx").on(t.studentId, t.createdAt),
    index("placements_company_idx").on(t.companyId),
    index("placements_coordinator_idx").on(t.coordinatorId),
    index("placements_status_idx").on(t.status, t.createdAt),
    // The "no hours for 10 days" half of at risk, and the students' reminder, read this range.
    index("placements_deployed_quiet_idx")
      .on(sql`coalesce(${t.lastEntryDate}, ${t.startDate})`)
      .where(sql`${t.status} = 'deployed'`),
    check("placements_status_check", oneOf(t.status, PLACEMENT_STATUSES)),
    check(
      "placements_reason_check",
      sql`${t.status} not in ('withdrawn', 'terminated') or length(btrim(coalesce(${t.statusReason}, ''))) between 1 and 1000`,
    ),
    check("placements_dates_check", sql`${t.expectedEndDate} >= ${t.startDate}`),
    check(
      "placements_required_hours_check",
      sql`${t.requiredHours} between 1 and ${sql.raw(String(OJT_REQUIRED_HOURS_MAX))}`,
    ),
    check(
      "placements_supervisor_email_check",
      sql`${t.supervisorEmail} = lower(btrim(${t.supervisorEmail})) and position('@' in ${t.supervisorEmail}) > 1`,
    ),
    check(
      "placements_minutes_check",
      sql`${t.approvedMinutes} >= 0 and ${t.pendingMinutes} >= 0 and ${t.loggedMinutes} >= 0`,
    ),
  ],
);

/** One Monday–Sunday week of a placement's log: created with its first entry or its submission. */
export const placementWeeks = pgTable(
  "placement_weeks",
  {
    placementId: uuid("placement_id")
      .notNull()
      .references(() => placements.id, { onDelete: "cascade" }),
    weekStart: date("week_start", { mode: "string" }).notNull(),
    state: text("state", { enum: OJT_WEEK_STATES }).notNull().default("open"),
    /** Sum of the week's entries (maintained with them). */
    minutes: integer("minutes").notNull().default(0),
    submittedAt: tstz("submitted_at"),
    decidedAt: tstz("decided_at"),
    /** The supervisor (name and address at the time) who approved or returned the week. */
    decidedByName: text("decided_by_name"),
    decidedByEmail: text("decided_by_email"),
    /** The supervisor's comment of a return (or approval), or the coordinator's reopen reason. */
    comment: text("comment"),
    reopenedAt: tstz("reopened_at"),
    supervisorRemindedAt: tstz("supervisor_reminded_at"),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.placementId, t.weekStart] }),
    index("placement_weeks_submitted_idx")
      .on(t.submittedAt)
      .where(sql`${t.state} = 'submitted'`),
    check("placement_weeks_state_check", oneOf(t.state, OJT_WEEK_STATES)),
    check("placement_weeks_monday_check", sql`extract(isodow from ${t.weekStart}) = 1`),
    check("placement_weeks_minutes_check", sql`${t.minutes} >= 0`),
  ],
);

/** One day's time in / time out of the hours log; minutes are computed by the server. */
export const placementEntries = pgTable(
  "placement_entries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    placementId: uuid("placement_id").notNull(),
    weekStart: date("week_start", { mode: "string" }).notNull(),
    workDate: date("work_date", { mode: "string" }).notNull(),
    /** Minutes after midnight (college time) of time in and time out. */
    startMinute: integer("start_minute").notNull(),
    endMinute: integer("end_minute").notNull(),
    breakMinutes: integer("break_minutes").notNull().default(0),
    minutes: integer("minutes").notNull(),
    tasks: text("tasks").notNull(),
    aircraftType: text("aircraft_type"),
    registration: text("registration"),
    ataChapter: text("ata_chapter"),
    involvement: text("involvement", { enum: OJT_INVOLVEMENTS }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    foreignKey({
      name: "placement_entries_week_fk",
      columns: [t.placementId, t.weekStart],
      foreignColumns: [placementWeeks.placementId, placementWeeks.weekStart],
    }).onDelete("cascade"),
    index("placement_entries_day_idx").on(t.placementId, t.workDate, t.startMinute),
    check(
      "placement_entries_week_check",
      sql`${t.weekStart} = ${t.workDate} - (extract(isodow from ${t.workDate})::int - 1)`,
    ),
    check(
      "placement_entries_times_check",
      sql`${t.startMinute} >= 0 and ${t.endMinute} <= 1439 and ${t.endMinute} > ${t.startMinute}`,
    ),
    check(
      "placement_entries_minutes_check",
      sql`${t.breakMinutes} >= 0 and ${t.minutes} = ${t.endMinute} - ${t.startMinute} - ${t.breakMinutes} and ${t.minutes} > 0 and ${t.minutes} <= 960`,
    ),
    check("placement_entries_tasks_check", sql`length(btrim(${t.tasks})) between 1 and 2000`),
    check(
      "placement_entries_ata_check",
      sql`${t.ataChapter} is null or (${t.ataChapter} ~ '^[0-9][0-9]$' and ${t.ataChapter} >= '05')`,
    ),
    check(
      "placement_entries_involvement_check",
      sql`${t.involvement} is null or ${oneOf(t.involvement, OJT_INVOLVEMENTS)}`,
    ),
  ],
);

/**
 * Sign-off links: only a SHA-256 of the random token is kept. One purpose — this week, this
 * supervisor address — valid until `expires_at`, spent when the week is decided, revoked when the
 * supervisor's address changes.
 */
export const ojtSignoffTokens = pgTable(
  "ojt_signoff_tokens",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    placementId: uuid("placement_id").notNull(),
    weekStart: date("week_start", { mode: "string" }).notNull(),
    supervisorEmail: text("supervisor_email").notNull(),
    tokenHash: text("token_hash").notNull().unique(),
    expiresAt: tstz("expires_at").notNull(),
    spentAt: tstz("spent_at"),
    revokedAt: tstz("revoked_at"),
    createdAt: createdAt(),
  },
  (t) => [
    foreignKey({
      name: "ojt_signoff_tokens_week_fk",
      columns: [t.placementId, t.weekStart],
      foreignColumns: [placementWeeks.placementId, placementWeeks.weekStart],
    }).onDelete("cascade"),
    index("ojt_signoff_tokens_week_idx").on(t.placementId, t.weekStart),
  ],
);

/**
 * A host company's memorandum of agreement (one current agreement per company; replacing it is
 * audited). The signed PDF is private (ADR on document storage). Written only by app/models/ojt/.
 */
export const companyAgreements = pgTable(
  "company_agreements",
  {
    companyId: uuid("company_id")
      .primaryKey()
      .references(() => companies.id, { onDelete: "cascade" }),
    signedAt: date("signed_at", { mode: "string" }).notNull(),
    validUntil: date("valid_until", { mode: "string" }).notNull(),
    notarized: boolean("notarized").notNull().default(false),
    /** [{name, position}] of the people who signed for the host and the college. */
    signatories: jsonb("signatories")
      .$type<{ name: string; position: string }[]>()
      .notNull()
      .default([]),
    /** The Monday of the last weekly expiry digest that listed this agreement: once per week. */
    digestWeek: date("digest_week", { mode: "string" }),
    /** The signed agreement (a PDF in the private store), when uploaded. */
    fileId: uuid("file_id").references(() => ojtFiles.id, { onDelete: "set null" }),
    updatedBy: uuid("updated_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("company_agreements_valid_until_idx").on(t.validUntil),
    check("company_agreements_dates_check", sql`${t.validUntil} >= ${t.signedAt}`),
  ],
);

/** The rubric a supervisor rates an intern by; a new version on every edit (answers keep theirs). */
export const ojtRubrics = pgTable("ojt_rubrics", {
  version: integer("version").primaryKey(),
  /** [{key, label}] of the criteria, each rated 1–5. */
  criteria: jsonb("criteria").$type<{ key: string; label: string }[]>().notNull(),
  createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
  createdAt: createdAt(),
});

/** A host supervisor's performance evaluation of a placement (one per stage). */
export const placementEvaluations = pgTable(
  "placement_evaluations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    placementId: uuid("placement_id")
      .notNull()
      .references(() => placements.id, { onDelete: "cascade" }),
    stage: text("stage", { enum: OJT_EVALUATION_STAGES }).notNull(),
    rubricVersion: integer("rubric_version")
      .notNull()
      .references(() => ojtRubrics.version, { onDelete: "restrict" }),
    /** {criterionKey: 1–5} for every criterion of the rubric version. */
    ratings: jsonb("ratings").$type<Record<string, number>>().notNull(),
    /** Mean of the ratings, two decimals (kept so lists and the report need not unpack ratings). */
    average: numeric("average", { precision: 3, scale: 2, mode: "number" }).notNull(),
    comments: text("comments"),
    wouldHire: text("would_hire", { enum: OJT_WOULD_HIRE }).notNull(),
    supervisorName: text("supervisor_name").notNull(),
    supervisorEmail: text("supervisor_email").notNull(),
    submittedAt: tstz("submitted_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("placement_evaluations_stage_key").on(t.placementId, t.stage),
    check("placement_evaluations_stage_check", oneOf(t.stage, OJT_EVALUATION_STAGES)),
    check("placement_evaluations_would_hire_check", oneOf(t.wouldHire, OJT_WOULD_HIRE)),
    check("placement_evaluations_average_check", sql`${t.average} between 1 and 5`),
    check(
      "placement_evaluations_comments_check",
      sql`${t.comments} is null or length(${t.comments}) <= 4000`,
    ),
  ],
);
