import { sql } from "drizzle-orm";
import {
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uuid,
} from "drizzle-orm/pg-core";
import { MAIL_STATUSES } from "../constants";
import { createdAt, oneOf, tstz } from "./columns";
import { surveyInviteBatches } from "./surveys";
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

/**
 * Every e-mail goes through here, so an SMTP outage never fails the request that caused it. The
 * body (text, html) and the console notice may hold live codes and links: they are kept only while
 * the message is pending and nulled when it is sent or fails for good; the rest stays as the audit.
 */
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    text: text("text"),
    html: text("html"),
    /** The development console line (code or link); null once the message is done. */
    notice: text("notice"),
    template: text("template"),
    /**
     * Extra headers (e.g. List-Unsubscribe for digests), name → value; nulled with the body when
     * the message is done, like every live link.
     */
    headers: jsonb("headers").$type<Record<string, string>>(),
    /** The survey invitation batch the message belongs to (sent / failed counts per batch). */
    batchId: uuid("batch_id").references(() => surveyInviteBatches.id, { onDelete: "set null" }),
    status: text("status").notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: tstz("next_attempt_at").notNull().defaultNow(),
    /** The random token of the sender that holds the lease; only it may mark the row. */
    claim: uuid("claim"),
    lockedUntil: tstz("locked_until"),
    lastError: text("last_error"),
    sentAt: tstz("sent_at"),
    createdAt: createdAt(),
  },
  (t) => [
    index("mail_outbox_due_idx")
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
    check("mail_outbox_status_check", oneOf(t.status, MAIL_STATUSES)),
    index("mail_outbox_batch_idx")
      .on(t.batchId)
      .where(sql`${t.batchId} is not null`),
  ],
);

/**
 * The mail sender's switch, one row: `paused` holds every sender on this database (`runway mail
 * pause`, so a running server can be held from the CLI; MAIL_PAUSED holds one process by its env).
 * No row means running.
 */
export const mailSettings = pgTable(
  "mail_settings",
  {
    id: boolean("id").primaryKey().default(true),
    paused: boolean("paused").notNull().default(false),
    pausedAt: tstz("paused_at"),
    /** Who paused it (the CLI's operator note, e.g. "restore drill"). */
    pausedBy: text("paused_by"),
    updatedAt: tstz("updated_at").notNull().defaultNow(),
  },
  (t) => [check("mail_settings_one_row", sql`${t.id}`)],
);

/**
 * Idempotency-Key records: the first answer to a create, replayed to a retry with the same key from
 * the same user for 24 hours. `status` is null while the first request is still running; `lockToken`
 * and `lockedUntil` let a retry take over a key whose first request died (process crash).
 */
export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    fingerprint: text("fingerprint").notNull(),
    status: integer("status"),
    responseHeaders: jsonb("response_headers").$type<Array<[string, string]>>(),
    responseBody: text("response_body"),
    lockToken: uuid("lock_token"),
    lockedUntil: tstz("locked_until"),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.key] }),
    index("idempotency_keys_created_idx").on(t.createdAt),
    check(
      "idempotency_keys_status_check",
      sql`${t.status} is null or ${t.status} between 100 and 599`,
    ),
  ],
);

/**
 * The administrators' weekly digest: one row per admin and week (Monday, UTC), inserted in
 * the same transaction that queues the mail, so two instances or a restart never send a week twice.
 */
export const adminDigests = pgTable(
  "admin_digests",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    week: date("week", { mode: "string" }).notNull(),
    /** How many jobs and approvals the digest named (0 and 0: nothing was mailed that week). */
    expiring: integer("expiring").notNull(),
    pending: integer("pending").notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.week] })],
);

/**
 * A keyed fingerprint of each signing secret (HMAC of a fixed text under the secret, never the
 * secret itself), recorded by the first process to open the database: a server or CLI started with
 * another SESSION_SECRET refuses to start instead of signing links the others refuse.
 */
export const secretFingerprints = pgTable("secret_fingerprints", {
  name: text("name").primaryKey(),
  fingerprint: text("fingerprint").notNull(),
  createdAt: createdAt(),
});
