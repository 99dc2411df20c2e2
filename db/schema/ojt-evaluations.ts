/**
 * Supervisor evaluations by mailed link and the students' reviews of their hosts. Written only by
 * app/models/ojt/evaluation.server.ts. Evaluation links follow the sign-off tokens' rules (ADR 114,
 * ADR 117): only a SHA-256 of the random token is kept; bound to a stage and a supervisor address.
 */
import { sql } from "drizzle-orm";
import { check, index, jsonb, numeric, pgTable, primaryKey, text, uuid } from "drizzle-orm/pg-core";
import { OJT_EVALUATION_STAGES } from "../constants";
import { createdAt, oneOf, tstz } from "./columns";
import { companies } from "./companies";
import { placements } from "./ojt";

/** One evaluation link: this placement, this stage, this supervisor address; spent on submission. */
export const ojtEvaluationTokens = pgTable(
  "ojt_evaluation_tokens",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    placementId: uuid("placement_id")
      .notNull()
      .references(() => placements.id, { onDelete: "cascade" }),
    stage: text("stage", { enum: OJT_EVALUATION_STAGES }).notNull(),
    supervisorEmail: text("supervisor_email").notNull(),
    tokenHash: text("token_hash").notNull().unique(),
    expiresAt: tstz("expires_at").notNull(),
    spentAt: tstz("spent_at"),
    revokedAt: tstz("revoked_at"),
    createdAt: createdAt(),
  },
  (t) => [
    index("ojt_evaluation_tokens_placement_idx").on(t.placementId, t.stage),
    check("ojt_evaluation_tokens_stage_check", oneOf(t.stage, OJT_EVALUATION_STAGES)),
  ],
);

/**
 * That a stage's request was mailed (once per stage, claimed by inserting this row) and to which
 * supervisor address: a new supervisor address is asked again by the timer.
 */
export const placementEvaluationRequests = pgTable(
  "placement_evaluation_requests",
  {
    placementId: uuid("placement_id")
      .notNull()
      .references(() => placements.id, { onDelete: "cascade" }),
    stage: text("stage", { enum: OJT_EVALUATION_STAGES }).notNull(),
    supervisorEmail: text("supervisor_email").notNull(),
    sentAt: tstz("sent_at").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.placementId, t.stage] }),
    check("placement_evaluation_requests_stage_check", oneOf(t.stage, OJT_EVALUATION_STAGES)),
  ],
);

/** A student's review of their host at the end of a placement (one per placement; never shown alone). */
export const hostReviews = pgTable(
  "host_reviews",
  {
    placementId: uuid("placement_id")
      .primaryKey()
      .references(() => placements.id, { onDelete: "cascade" }),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    /** {criterionKey: 1–5} for every host-review criterion. */
    ratings: jsonb("ratings").$type<Record<string, number>>().notNull(),
    average: numeric("average", { precision: 3, scale: 2, mode: "number" }).notNull(),
    comments: text("comments"),
    createdAt: createdAt(),
  },
  (t) => [
    index("host_reviews_company_idx").on(t.companyId),
    check("host_reviews_average_check", sql`${t.average} between 1 and 5`),
    check(
      "host_reviews_comments_check",
      sql`${t.comments} is null or length(${t.comments}) <= 4000`,
    ),
  ],
);
