import { sql } from "drizzle-orm";
import type { Db } from "../client";
import { COURSES } from "../constants";
import { courses } from "../schema";

/** Inserts the 14 programmes (`COURSES` in db/constants.ts), updating names/institutes by code; safe to re-run. */
export async function seedCourses(db: Db): Promise<{ inserted: number; total: number }> {
  const rows = COURSES.map((c, i) => ({ ...c, position: i }));
  const result = await db
    .insert(courses)
    .values(rows)
    .onConflictDoUpdate({
      target: courses.code,
      set: {
        name: sql`excluded.name`,
        institute: sql`excluded.institute`,
        position: sql`excluded.position`,
      },
    })
    .returning({ id: courses.id, inserted: sql<boolean>`(xmax = 0)` });
  return { inserted: result.filter((r) => r.inserted).length, total: result.length };
}
