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
import { QUESTION_TYPES, ROLES, SURVEY_AUDIENCES, SURVEY_STATUSES } from "../constants";
import { createdAt, oneOf, tstz, updatedAt } from "./columns";
import { users } from "./users";

export const surveys = pgTable(
  "surveys",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    title: text("title").notNull(),
    description: text("description"),
    audience: text("audience").notNull().default("all"),
    status: text("status").notNull().default("draft"),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("surveys_status_idx").on(t.status),
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
    type: text("type").notNull().default("short_text"),
    required: boolean("required").notNull().default(false),
    options: text("options")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    scaleMax: integer("scale_max").notNull().default(5),
    position: integer("position").notNull().default(0),
    archivedAt: tstz("archived_at"),
    createdAt: createdAt(),
  },
  (t) => [
    index("survey_questions_survey_idx").on(t.surveyId, t.position),
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
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("survey_responses_survey_user_key").on(t.surveyId, t.userId),
    index("survey_responses_survey_created_idx").on(t.surveyId, t.createdAt),
    check("survey_responses_role_check", oneOf(t.role, ROLES)),
  ],
);

/** value: a string, a number (rating) or a list of strings (checkboxes). */
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
  },
  (t) => [
    primaryKey({ columns: [t.responseId, t.questionId] }),
    index("survey_answers_question_idx").on(t.questionId),
  ],
);
