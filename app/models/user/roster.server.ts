/**
 * The registrar's view of the user roster from the CLI: a filtered list and deactivation by e-mail.
 * Deactivation ends every session and API token at once and is audited.
 */
import { and, asc, eq, sql, type SQL } from "drizzle-orm";
import type { Db } from "#db/client";
import type { Role } from "#db/constants";
import { courses, users } from "#db/schema";
import { audit } from "~/models/audit/audit.server";
import { revokeAllSessions } from "~/models/auth/session.server";
import type { Ctx } from "~/models/context";
import { Conflict, NotFound } from "~/models/errors";
import { endAccess, lockAdmins, otherActiveAdmins } from "./admin.server";
import { USERS_MSG } from "./admin.schema";
import { findUserByEmail, type CourseRef, type UserRow } from "./user.server";

export interface RosterFilter {
  role?: Role;
  status?: "active" | "inactive";
  courseId?: string;
}

/** Users matching the filter, by last name, first name and e-mail, each with their course. */
export async function listRoster(db: Db, f: RosterFilter = {}): Promise<{ user: UserRow; course: CourseRef }[]> {
  const where: SQL[] = [];
  if (f.role) where.push(eq(users.role, f.role));
  if (f.status) where.push(eq(users.isActive, f.status === "active"));
  if (f.courseId) where.push(eq(users.courseId, f.courseId));
  const rows = await db
    .select({ user: users, course: { id: courses.id, code: courses.code, name: courses.name } })
    .from(users)
    .leftJoin(courses, eq(courses.id, users.courseId))
    .where(where.length ? and(...where) : undefined)
    .orderBy(asc(sql`lower(${users.lastName})`), asc(sql`lower(${users.firstName})`), asc(users.email));
  return rows.map((r) => ({ user: r.user, course: r.course?.id ? r.course : null }));
}

export const LAST_ADMIN = USERS_MSG.lastAdmin;

/**
 * Deactivates the user with this e-mail, ends all their sessions and API tokens, and audits it.
 * Returns `changed: false` when the account was already inactive. Refuses the last active admin.
 */
export async function deactivateByEmail(ctx: Ctx, email: string) {
  return ctx.db.transaction(async (tx) => {
    const user = await findUserByEmail(tx, email);
    if (!user) throw new NotFound(`No user with the email ${email.trim().toLowerCase()}`);
    if (!user.isActive) return { user, changed: false, sessionsRevoked: 0 };
    // The same last-admin rule and the same end of access as the admin screen's deactivation.
    if (user.role === "admin") {
      await lockAdmins(tx);
      if ((await otherActiveAdmins(tx, user.id)) === 0) throw new Conflict(LAST_ADMIN);
    }
    const [updated] = await tx
      .update(users)
      .set({ isActive: false, updatedAt: new Date() })
      .where(eq(users.id, user.id))
      .returning();
    const sessionsRevoked = await revokeAllSessions(tx, user.id);
    await endAccess(tx, user.id);
    await audit(tx, ctx.actor, {
      action: "user.deactivate",
      entityType: "user",
      entityId: user.id,
      before: { isActive: true },
      after: { isActive: false, via: "cli" },
    });
    return { user: updated, changed: true, sessionsRevoked };
  });
}
