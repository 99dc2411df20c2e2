import { sql } from "drizzle-orm";
import { check, integer, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { INSTITUTES, OJT_REQUIRED_HOURS_MAX } from "../constants";
import { createdAt, oneOf } from "./columns";

export const courses = pgTable(
  "courses",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    code: text("code").notNull().unique(),
    name: text("name").notNull().unique(),
    institute: text("institute").notNull(),
    position: integer("position").notNull().default(0),
    /** OJT hours the programme requires: a new placement's default; null until set. */
    requiredOjtHours: integer("required_ojt_hours"),
    createdAt: createdAt(),
  },
  (t) => [
    check(
      "courses_required_ojt_hours_check",
      sql`${t.requiredOjtHours} is null or ${t.requiredOjtHours} between 1 and ${sql.raw(String(OJT_REQUIRED_HOURS_MAX))}`,
    ),
    check(
      "courses_institute_check",
      oneOf(
        t.institute,
        INSTITUTES.map((i) => i.id),
      ),
    ),
  ],
);
