/**
 * Who may see and manage which placements: admins (and the CLI) all; a coordinator the placements
 * of students in their programmes; a student their own. Every OJT function starts here.
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import type { DbOrTx, Tx } from "#db/client";
import { coordinatorCourses, courses, users } from "#db/schema";
import { Forbidden, Unauthorized, ValidationError } from "~/lib/errors";
import { isUuid } from "~/lib/ids";
import type { Actor } from "../context";
import type { OjtCtx } from "./config";

export type OjtScope =
  | { kind: "all"; actor: Actor | null }
  | { kind: "courses"; actor: Actor; courseIds: string[] }
  | { kind: "student"; actor: Actor };

/** The caller's reach over placements, or 401/403. */
export async function ojtScope(ctx: OjtCtx): Promise<OjtScope> {
  const a = ctx.actor;
  if (!a) {
    if (ctx.system) return { kind: "all", actor: null };
    throw new Unauthorized("Please sign in");
  }
  if (a.role === "admin") return { kind: "all", actor: a };
  if (a.role === "coordinator")
    return { kind: "courses", actor: a, courseIds: await coordinatorCourseIds(ctx.db, a.id) };
  if (a.role === "student") return { kind: "student", actor: a };
  throw new Forbidden("You do not have permission to do this");
}

/** The scope of a coordinator or admin (students and others get 403). */
export async function staffScope(ctx: OjtCtx): Promise<Exclude<OjtScope, { kind: "student" }>> {
  const s = await ojtScope(ctx);
  if (s.kind === "student") throw new Forbidden("You do not have permission to do this");
  return s;
}

/** The programmes (course ids) a coordinator manages. */
export async function coordinatorCourseIds(db: DbOrTx, userId: string): Promise<string[]> {
  const rows = await db
    .select({ courseId: coordinatorCourses.courseId })
    .from(coordinatorCourses)
    .where(eq(coordinatorCourses.userId, userId));
  return rows.map((r) => r.courseId);
}

/** The programmes of a coordinator with their codes and names (for screens and /api). */
export async function coordinatorCourseList(
  db: DbOrTx,
  userId: string,
): Promise<{ id: string; code: string; name: string }[]> {
  return db
    .select({ id: courses.id, code: courses.code, name: courses.name })
    .from(coordinatorCourses)
    .innerJoin(courses, eq(courses.id, coordinatorCourses.courseId))
    .where(eq(coordinatorCourses.userId, userId))
    .orderBy(courses.position, courses.name);
}

export const COORDINATOR_COURSES_MSG = {
  required: "Choose at least one programme for the coordinator",
  unknown: (v: string) => `Unknown programme: ${v}`,
} as const;

/**
 * Course ids from ids, codes or exact names (case-insensitive), each known, at least one, no
 * duplicates; a 400 naming the first unknown one otherwise.
 */
export async function resolveCourseRefs(db: DbOrTx, refs: readonly unknown[]): Promise<string[]> {
  const all = await db.select().from(courses);
  const out = new Set<string>();
  for (const r of refs) {
    const o = r && typeof r === "object" ? (r as Record<string, unknown>) : null;
    const v = String((o ? (o.id ?? o._id ?? o.code ?? o.name) : r) ?? "").trim();
    if (!v) continue;
    const lower = v.toLowerCase();
    const c = all.find(
      (x) => x.id === v || x.code.toLowerCase() === lower || x.name.toLowerCase() === lower,
    );
    if (!c)
      throw new ValidationError(COORDINATOR_COURSES_MSG.unknown(v), {
        courses: [COORDINATOR_COURSES_MSG.unknown(v)],
      });
    out.add(c.id);
  }
  if (!out.size)
    throw new ValidationError(COORDINATOR_COURSES_MSG.required, {
      courses: [COORDINATOR_COURSES_MSG.required],
    });
  return [...out];
}

/** Replaces a coordinator's programmes (in the caller's transaction, e.g. Create User's). */
export async function setCoordinatorCourses(
  tx: Tx | DbOrTx,
  userId: string,
  courseIds: readonly string[],
): Promise<void> {
  await tx.delete(coordinatorCourses).where(eq(coordinatorCourses.userId, userId));
  if (courseIds.length)
    await tx
      .insert(coordinatorCourses)
      .values(courseIds.map((courseId) => ({ userId, courseId })))
      .onConflictDoNothing();
}

/** True when the user is an active coordinator of the course. */
export async function isCoordinatorOf(
  db: DbOrTx,
  userId: string,
  courseId: string | null,
): Promise<boolean> {
  if (!courseId || !isUuid(userId)) return false;
  const [r] = await db
    .select({ one: sql<number>`1` })
    .from(coordinatorCourses)
    .innerJoin(users, eq(users.id, coordinatorCourses.userId))
    .where(
      and(
        eq(coordinatorCourses.userId, userId),
        eq(coordinatorCourses.courseId, courseId),
        eq(users.role, "coordinator"),
        eq(users.isActive, true),
      ),
    );
  return !!r;
}

/** Coordinators of some programmes (ids), for the forms' choice of coordinator. */
export async function coordinatorsOfCourses(db: DbOrTx, courseIds: readonly string[]) {
  if (!courseIds.length) return [];
  return db
    .selectDistinct({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
    })
    .from(coordinatorCourses)
    .innerJoin(users, eq(users.id, coordinatorCourses.userId))
    .where(
      and(
        inArray(coordinatorCourses.courseId, [...courseIds]),
        eq(users.role, "coordinator"),
        eq(users.isActive, true),
      ),
    );
}
