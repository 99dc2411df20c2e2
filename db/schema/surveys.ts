import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import {
  INVITE_KINDS,
  INVITE_TRIGGERS,
  QUESTION_TYPES,
  ROLES,
  SURVEY_AUDIENCES,
  SURVEY_STATUSES,
} from "../constants";
import { createdAt, oneOf, tstz, updatedAt } from "./columns";
import { courses } from "./courses";
import { users } from "./users";

export const surveys = pgTable(
  "surveys",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    title: text("title").notNull(),
    description: text("description"),
    audience: text("audience", { enum: SURVEY_AUDIENCES }).notNull().default("all"),
    status: text("status", { enum: SURVEY_STATUSES }).notNull().default("draft"),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    // The cohort, on top of the audience: empty means every programme / every year.
    courseIds: uuid("course_ids")
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    graduationYears: integer("graduation_years")
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    // 'Anonymous but one answer per person': who answered lives in survey_respondents only, and
    // the response keeps the cohort fields instead of the user (ADR 100).
    anonymous: boolean("anonymous").notNull().default(false),
    // Optional schedule: remind those who have not answered every N days, at most K times each.
    remindEveryDays: integer("remind_every_days"),
    remindMax: integer("remind_max"),
    // Moving from AeroJob (ADR 115): the MongoDB _id this survey came from (null when made here).
    legacyId: text("legacy_id"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("surveys_status_idx").on(t.status),
    uniqueIndex("surveys_legacy_id_key")
      .on(t.legacyId)
      .where(sql`${t.legacyId} is not null`),
    check(
      "surveys_reminder_check",
      sql`(${t.remindEveryDays} is null and ${t.remindMax} is null) or (${t.remindEveryDays} between 1 and 90 and ${t.remindMax} between 1 and 10)`,
    ),
    check("surveys_audience_check", oneOf(t.audience, SURVEY_AUDIENCES)),
    check("surveys_status_check", oneOf(t.status, SURVEY_STATUSES)),
  ],
);

/**
 * Questions keep their id across edits; a question removed from a survey that already has answers
 * is archived (archived_at) rather than deleted, so old answers stay readable in exports.
 */
export const surveyQuestions = pgTable(
  "survey_questions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    surveyId: uuid("survey_id")
      .notNull()
      .references(() => surveys.id, { onDelete: "cascade" }),
    text: text("text").notNull(),
    type: text("type", { enum: QUESTION_TYPES }).notNull().default("short_text"),
    required: boolean("required").notNull().default(false),
    options: text("options")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    scaleMax: integer("scale_max").notNull().default(5),
    position: integer("position").notNull().default(0),
    // The semantic key outcomes are computed from (employment_status, months_to_first_job, …),
    // stable when an admin rewords the question.
    key: text("key"),
    archivedAt: tstz("archived_at"),
    // Moving from AeroJob: the question's _id, which old answers name.
    legacyId: text("legacy_id"),
    createdAt: createdAt(),
  },
  (t) => [
    index("survey_questions_survey_idx").on(t.surveyId, t.position),
    uniqueIndex("survey_questions_legacy_id_key")
      .on(t.legacyId)
      .where(sql`${t.legacyId} is not null`),
    uniqueIndex("survey_questions_key_key")
      .on(t.surveyId, t.key)
      .where(sql`${t.key} is not null and ${t.archivedAt} is null`),
    check(
      "survey_questions_key_check",
      sql`${t.key} is null or ${t.key} ~ '^[a-z][a-z0-9_]{0,62}$'`,
    ),
    check("survey_questions_type_check", oneOf(t.type, QUESTION_TYPES)),
    check("survey_questions_scale_check", sql`${t.scaleMax} between 2 and 10`),
  ],
);

export const surveyResponses = pgTable(
  "survey_responses",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    surveyId: uuid("survey_id")
      .notNull()
      .references(() => surveys.id, { onDelete: "cascade" }),
    // A deleted user's answers stay (shown as 'Anonymous'); the role is kept as it was.
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    role: text("role", { enum: ROLES }).notNull(),
    // The respondent's cohort when they answered, copied so outcomes by programme and year work
    // in anonymous mode (no user) and stay as they were when a profile changes later.
    courseId: uuid("course_id").references(() => courses.id, { onDelete: "set null" }),
    graduationYear: integer("graduation_year"),
    // Moving from AeroJob: the response's _id.
    legacyId: text("legacy_id"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("survey_responses_legacy_id_key")
      .on(t.legacyId)
      .where(sql`${t.legacyId} is not null`),
    uniqueIndex("survey_responses_survey_user_key").on(t.surveyId, t.userId),
    index("survey_responses_survey_created_idx").on(t.surveyId, t.createdAt),
    check("survey_responses_role_check", oneOf(t.role, ROLES)),
  ],
);

/**
 * value: a string, a number (rating) or a list of strings (checkboxes). csv_cell: the answer as a
 * cell of the CSV export, quoted and neutralised, computed by the database when the answer is
 * written (migration 0015, ADR 106), so an export only joins cells together.
 */
export const surveyAnswers = pgTable(
  "survey_answers",
  {
    responseId: uuid("response_id")
      .notNull()
      .references(() => surveyResponses.id, { onDelete: "cascade" }),
    questionId: uuid("question_id")
      .notNull()
      .references(() => surveyQuestions.id, { onDelete: "cascade" }),
    value: jsonb("value").$type<string | number | string[]>().notNull(),
    csvCell: text("csv_cell").generatedAlwaysAs(sql`runway_answer_csv_cell(value)`),
  },
  (t) => [
    primaryKey({ columns: [t.responseId, t.questionId] }),
    index("survey_answers_question_idx").on(t.questionId),
  ],
);

/**
 * Who has answered a survey, in every mode: one row per person, no timestamp and no response id,
 * so in anonymous mode nothing joins a person to an answer (ADR 100). The primary key is the
 * 'one answer per person' rule.
 */
export const surveyRespondents = pgTable(
  "survey_respondents",
  {
    surveyId: uuid("survey_id")
      .notNull()
      .references(() => surveys.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.surveyId, t.userId] })],
);

/**
 * One person's invitation to a survey: the hash of the token in the newest mailed link
 * (`/surveys/{id}?invite={token}`; it only records that the link was opened, it signs no one in),
 * when they were first and last mailed, how many reminders followed, and when a link was opened.
 */
export const surveyInvitations = pgTable(
  "survey_invitations",
  {
    surveyId: uuid("survey_id")
      .notNull()
      .references(() => surveys.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    firstSentAt: tstz("first_sent_at").notNull().defaultNow(),
    lastSentAt: tstz("last_sent_at").notNull().defaultNow(),
    remindersSent: integer("reminders_sent").notNull().default(0),
    openedAt: tstz("opened_at"),
  },
  (t) => [
    primaryKey({ columns: [t.surveyId, t.userId] }),
    uniqueIndex("survey_invitations_token_key").on(t.tokenHash),
    index("survey_invitations_due_idx").on(t.surveyId, t.lastSentAt),
  ],
);

/** One invitation or reminder batch: who started it, when, how many were targeted and queued. */
export const surveyInviteBatches = pgTable(
  "survey_invite_batches",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    surveyId: uuid("survey_id")
      .notNull()
      .references(() => surveys.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    trigger: text("trigger").notNull(),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    /** People the batch was for (the cohort, or its non-responders for a reminder). */
    targeted: integer("targeted").notNull().default(0),
    /** Messages put in the outbox (targeted less the unsubscribed and the inactive). */
    queued: integer("queued").notNull().default(0),
  },
  (t) => [
    index("survey_invite_batches_survey_idx").on(t.surveyId, t.createdAt),
    check("survey_invite_batches_kind_check", oneOf(t.kind, INVITE_KINDS)),
    check("survey_invite_batches_trigger_check", oneOf(t.trigger, INVITE_TRIGGERS)),
  ],
);
