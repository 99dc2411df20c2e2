import { asc, sql } from "drizzle-orm";
import type { Db } from "#db/client";
import { COURSES, INSTITUTES } from "#db/constants";
import { courses } from "#db/schema";

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

export type CourseRow = typeof courses.$inferSelect;

/** All courses in register-form order. */
export async function listCourses(db: Db): Promise<CourseRow[]> {
  return db.select().from(courses).orderBy(asc(courses.position), asc(courses.name));
}

/** Courses grouped by institute, for the grouped dropdowns. */
export async function listCourseGroups(db: Db) {
  const all = await listCourses(db);
  return INSTITUTES.map((inst) => ({
    institute: inst.id,
    label: inst.name,
    courses: all
      .filter((c) => c.institute === inst.id)
      .map((c) => ({ id: c.id, code: c.code, name: c.name })),
  }));
}

/** A course by id, code or exact name (case-insensitive), or null. */
export async function resolveCourse(
  db: Db,
  value: string | null | undefined,
): Promise<CourseRow | null> {
  const v = value?.trim();
  if (!v) return null;
  const all = await listCourses(db);
  const lower = v.toLowerCase();
  return (
    all.find(
      (c) => c.id === v || c.code.toLowerCase() === lower || c.name.toLowerCase() === lower,
    ) ?? null
  );
}
