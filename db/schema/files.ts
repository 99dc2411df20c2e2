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
