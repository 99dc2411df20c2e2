import { asc, eq } from "drizzle-orm";
import type { Db } from "#db/client";
import { INSTITUTES, OJT_REQUIRED_HOURS_MAX } from "#db/constants";
import { courses } from "#db/schema";
import { NotFound, ValidationError } from "~/lib/errors";
import { audit } from "../audit/audit.server";
import { requireAdmin, type Ctx } from "../context";

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

export const OJT_HOURS_MSG = `Required OJT hours must be a whole number from 1 to ${OJT_REQUIRED_HOURS_MAX}, or empty`;

/**
 * Sets (or with null clears) a programme's required OJT hours, the default of its new placements
 * (existing placements keep theirs). Admins and the CLI (`system`); audited.
 */
export async function setRequiredOjtHours(
  ctx: Ctx & { system?: boolean },
  course: string,
  hours: number | null,
): Promise<CourseRow> {
  if (!ctx.system) requireAdmin(ctx);
  const c = await resolveCourse(ctx.db, course);
  if (!c) throw new NotFound(`Unknown programme: ${course}`);
  if (hours !== null && (!Number.isInteger(hours) || hours < 1 || hours > OJT_REQUIRED_HOURS_MAX))
    throw new ValidationError(OJT_HOURS_MSG, { requiredOjtHours: [OJT_HOURS_MSG] });
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(courses)
      .set({ requiredOjtHours: hours })
      .where(eq(courses.id, c.id))
      .returning();
    await audit(tx, ctx.actor, {
      action: "course.required_ojt_hours",
      entityType: "course",
      entityId: c.id,
      before: { requiredOjtHours: c.requiredOjtHours },
      after: { requiredOjtHours: hours },
    });
    return row;
  });
}
