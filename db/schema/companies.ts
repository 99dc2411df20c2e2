import { sql } from "drizzle-orm";
import { index, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt, tstz, updatedAt } from "./columns";
import { files } from "./files";

export const companies = pgTable(
  "companies",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    location: text("location"),
    website: text("website"),
    email: text("email"),
    phone: text("phone"),
    description: text("description"),
    logoFileId: uuid("logo_file_id").references(() => files.id, { onDelete: "set null" }),
    // Set when an admin blocks the company (its jobs hidden everywhere, its employers refused).
    blockedAt: tstz("blocked_at"),
    // Moving from AeroJob (ADR 115): the MongoDB _id this company came from (null when made here).
    legacyId: text("legacy_id"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("companies_name_lower_idx").on(sql`lower(${t.name})`),
    uniqueIndex("companies_legacy_id_key")
      .on(t.legacyId)
      .where(sql`${t.legacyId} is not null`),
  ],
);
