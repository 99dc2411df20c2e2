import { asc } from "drizzle-orm";
import type { Db } from "#db/client";
import { INSTITUTES } from "#db/constants";
import { courses } from "#db/schema";

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
