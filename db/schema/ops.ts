import { sql } from "drizzle-orm";
import { bigserial, check, index, integer, jsonb, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { MAIL_STATUSES } from "../constants";
import { createdAt, oneOf, tstz } from "./columns";
import { users } from "./users";

/** Who changed what and when (admin actions), with before/after of the changed fields. */
export const auditLog = pgTable(
  "audit_log",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    actorId: uuid("actor_id").references(() => users.id, { onDelete: "set null" }),
    actorEmail: text("actor_email"),
    action: text("action").notNull(),
    entityType: text("entity_type").notNull(),
    entityId: text("entity_id"),
    before: jsonb("before"),
    after: jsonb("after"),
    createdAt: createdAt(),
  },
  (t) => [
    index("audit_log_entity_idx").on(t.entityType, t.entityId),
    index("audit_log_created_idx").on(t.createdAt),
  ],
);

/** Fixed-window counters, in the database so limits hold across restarts and instances. */
export const rateLimits = pgTable(
  "rate_limits",
  {
    key: text("key").primaryKey(),
    count: integer("count").notNull().default(0),
    resetAt: tstz("reset_at").notNull(),
  },
  (t) => [index("rate_limits_reset_idx").on(t.resetAt)],
);

/**
 * Back-off counters (sign-in per account and client address): `attempts` in the current run,
 * `next_at` the earliest moment the next attempt is admitted (the delay doubles per attempt past
 * the free ones), forgotten after `expires_at`. Admission is one UPSERT, so parallel tries queue.
 */
export const backoffs = pgTable(
  "backoffs",
  {
    key: text("key").primaryKey(),
    attempts: integer("attempts").notNull().default(0),
    nextAt: tstz("next_at").notNull(),
    expiresAt: tstz("expires_at").notNull(),
  },
  (t) => [index("backoffs_expires_idx").on(t.expiresAt)],
);

/** Every e-mail goes through here, so an SMTP outage never fails the request that caused it. */
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html"),
    template: text("template"),
    status: text("status").notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: tstz("next_attempt_at").notNull().defaultNow(),
    lockedUntil: tstz("locked_until"),
    lastError: text("last_error"),
    sentAt: tstz("sent_at"),
    createdAt: createdAt(),
  },
  (t) => [
    index("mail_outbox_due_idx").on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
    check("mail_outbox_status_check", oneOf(t.status, MAIL_STATUSES)),
  ],
);

