import { sql } from "drizzle-orm";
import { check, index, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { ALERT_FREQUENCIES, JOB_TYPES, type AlertFrequency, type JobType } from "../constants";
import { createdAt, oneOf, tstz, updatedAt } from "./columns";
import { users } from "./users";

/**
 * Saved searches with e-mail digests (ADR 095). The filters are the board's (`q`, job
 * type, location, category). `watermark` is where the next digest window starts: jobs first
 * published after it are new to this alert; a sender moves it forward atomically in the same
 * transaction that queues the digest, so each window is mailed once.
 */
export const jobAlerts = pgTable(
  "job_alerts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    q: text("q").notNull().default(""),
    jobType: text("job_type").$type<JobType>(),
    location: text("location"),
    category: text("category"),
    frequency: text("frequency").$type<AlertFrequency>().notNull().default("weekly"),
    watermark: tstz("watermark").notNull().defaultNow(),
    /** When the last digest e-mail was queued (null: never). */
    lastSentAt: tstz("last_sent_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("job_alerts_user_idx").on(t.userId, t.createdAt),
    index("job_alerts_due_idx")
      .on(t.watermark)
      .where(sql`${t.frequency} <> 'off'`),
    check("job_alerts_frequency_check", oneOf(t.frequency, ALERT_FREQUENCIES)),
    check("job_alerts_job_type_check", sql`${t.jobType} is null or ${oneOf(t.jobType, JOB_TYPES)}`),
    check("job_alerts_name_check", sql`length(btrim(${t.name})) between 1 and 80`),
    check("job_alerts_q_check", sql`length(${t.q}) <= 200`),
    check(
      "job_alerts_filters_check",
      sql`coalesce(length(${t.location}), 0) <= 100 and coalesce(length(${t.category}), 0) <= 100`,
    ),
  ],
);
