/**
 * OJT paperwork: the required documents per programme and each placement's record of them
 * (uploaded, received on paper, waived). The files themselves are in the private `ojt_files`
 * store. Written only by app/models/ojt/ (ADR 116).
 */
import { sql } from "drizzle-orm";
import { check, date, index, jsonb, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { createdAt, oneOf, updatedAt } from "./columns";
import { courses } from "./courses";
import { ojtFiles } from "./files";
import { placements } from "./ojt";
import { users } from "./users";

/** What a placement's record of a checklist item says (no record is "missing"). */
export const OJT_DOCUMENT_STATES = ["uploaded", "received", "waived"] as const;
export type OjtDocumentState = (typeof OJT_DOCUMENT_STATES)[number];

/** A programme's required documents; a programme without a row uses the default list. */
export const ojtChecklists = pgTable("ojt_checklists", {
  courseId: uuid("course_id")
    .primaryKey()
    .references(() => courses.id, { onDelete: "cascade" }),
  /** [{kind, label}] in the order shown; every item is required before deployment. */
  items: jsonb("items").$type<{ kind: string; label: string }[]>().notNull(),
  updatedBy: uuid("updated_by").references(() => users.id, { onDelete: "set null" }),
  updatedAt: updatedAt(),
});

/**
 * One event of a placement's checklist item: a student's upload, a coordinator's "received on
 * paper" (date and who), or a waiver with its reason. The newest event of a kind is its state.
 */
export const placementDocuments = pgTable(
  "placement_documents",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    placementId: uuid("placement_id")
      .notNull()
      .references(() => placements.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    state: text("state", { enum: OJT_DOCUMENT_STATES }).notNull(),
    fileId: uuid("file_id").references(() => ojtFiles.id, { onDelete: "restrict" }),
    receivedOn: date("received_on", { mode: "string" }),
    reason: text("reason"),
    recordedBy: uuid("recorded_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("placement_documents_placement_idx").on(t.placementId, t.kind, t.createdAt),
    index("placement_documents_file_idx").on(t.fileId),
    check("placement_documents_state_check", oneOf(t.state, OJT_DOCUMENT_STATES)),
    check("placement_documents_kind_check", sql`${t.kind} ~ '^[a-z][a-z0-9_]{0,59}$'`),
    check(
      "placement_documents_shape_check",
      sql`(${t.state} = 'uploaded' and ${t.fileId} is not null) or (${t.state} = 'received' and ${t.receivedOn} is not null) or (${t.state} = 'waived' and length(btrim(coalesce(${t.reason}, ''))) between 1 and 1000)`,
    ),
  ],
);
