import { sql } from "drizzle-orm";
import { check, integer, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { FILE_KINDS } from "../constants";
import { bytea, createdAt, oneOf } from "./columns";

/** Uploaded images, re-encoded before they are stored; served from /files/{id}. */
export const files = pgTable(
  "files",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: text("kind").notNull(),
    contentType: text("content_type").notNull(),
    bytes: bytea("bytes").notNull(),
    size: integer("size").notNull(),
    width: integer("width"),
    height: integer("height"),
    sha256: text("sha256").notNull(),
    // No foreign key to users: files outlive their uploader, and users reference files.
    createdBy: uuid("created_by"),
    createdAt: createdAt(),
  },
  (t) => [
    check("files_kind_check", oneOf(t.kind, FILE_KINDS)),
    check("files_size_check", sql`${t.size} >= 0`),
  ],
);

/** The document content types a private OJT file may have (decided from the bytes, never the name). */
export const OJT_FILE_TYPES = ["application/pdf", "image/jpeg", "image/png"] as const;
export type OjtFileType = (typeof OJT_FILE_TYPES)[number];
/** The largest private OJT file (a signed agreement, a student's document). */
export const OJT_FILE_MAX_BYTES = 10 * 1024 * 1024;

/**
 * Private OJT documents (signed agreements, students' paperwork). Never served from /files/{id}:
 * only the OJT document routes hand them out, to the people ADR 116 names. Written only by
 * app/models/ojt/.
 */
export const ojtFiles = pgTable(
  "ojt_files",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    contentType: text("content_type", { enum: OJT_FILE_TYPES }).notNull(),
    /** The uploader's file name, cleaned, for the download's Content-Disposition. */
    fileName: text("file_name").notNull(),
    bytes: bytea("bytes").notNull(),
    size: integer("size").notNull(),
    sha256: text("sha256").notNull(),
    // No foreign key to users, as for `files`: a document outlives its uploader's account.
    createdBy: uuid("created_by"),
    createdAt: createdAt(),
  },
  (t) => [
    check("ojt_files_type_check", oneOf(t.contentType, OJT_FILE_TYPES)),
    check(
      "ojt_files_size_check",
      sql`${t.size} between 1 and ${sql.raw(String(OJT_FILE_MAX_BYTES))}`,
    ),
  ],
);
