import { check, integer, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { INSTITUTES } from "../constants";
import { createdAt, oneOf } from "./columns";

export const courses = pgTable(
  "courses",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    code: text("code").notNull().unique(),
    name: text("name").notNull().unique(),
    institute: text("institute").notNull(),
    position: integer("position").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    check(
      "courses_institute_check",
      oneOf(
        t.institute,
        INSTITUTES.map((i) => i.id),
      ),
    ),
  ],
);
