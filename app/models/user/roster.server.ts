/**
 * The registrar's view of the user roster from the CLI: a filtered list and deactivation by e-mail.
 * Deactivation ends every session and API token at once and is audited.
 */
import { and, asc, eq, sql, type SQL } from "drizzle-orm";
import type { Db, Tx } from "#db/client";
import type { Role } from "#db/constants";
import { courses, users } from "#db/schema";
import { audit } from "~/models/audit/audit.server";
import { revokeAllSessions } from "~/models/auth/session.server";
import type { Ctx } from "~/models/context";
import { Conflict, NotFound } from "~/lib/errors";
import { endAccess, lockAdmins, otherActiveAdmins } from "./admin.server";
import { USERS_MSG } from "./admin.schema";
import { emailDomain, isPlainEmail, normalizeEmail } from "./email";
import { findUserByEmail, type CourseRef, type User } from "./user.server";

export interface RosterFilter {
  role?: Role;
  status?: "active" | "inactive";
  courseId?: string;
}

/** Users matching the filter, by last name, first name and e-mail, each with their course. */
export async function listRoster(
  db: Db,
  f: RosterFilter = {},
): Promise<{ user: User; course: CourseRef }[]> {
  const where: SQL[] = [];
  if (f.role) where.push(eq(users.role, f.role));
  if (f.status) where.push(eq(users.isActive, f.status === "active"));
  if (f.courseId) where.push(eq(users.courseId, f.courseId));
  const rows = await db
    .select({ user: users, course: { id: courses.id, code: courses.code, name: courses.name } })
    .from(users)
    .leftJoin(courses, eq(courses.id, users.courseId))
    .where(where.length ? and(...where) : undefined)
    .orderBy(
      asc(sql`lower(${users.lastName})`),
      asc(sql`lower(${users.firstName})`),
      asc(users.email),
    );
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
    return deactivateLocked(tx, ctx, user, { via: "cli" });
  });
}

/** Deactivation inside the caller's transaction: last-admin lock, end of access, audit. */
async function deactivateLocked(tx: Tx, ctx: Ctx, user: User, why: Record<string, unknown>) {
  if (!user.isActive) return { user, changed: false, sessionsRevoked: 0 };
  // The same last-admin rule and the same end of access as the admin screen's deactivation.
  if (user.role === "admin") {
    await lockAdmins(tx);
    if ((await otherActiveAdmins(tx, user.id)) === 0) throw new Conflict(LAST_ADMIN);
  }
  const [updated] = await tx
    .update(users)
    .set({ isActive: false, updatedAt: new Date() })
    .where(and(eq(users.id, user.id), eq(users.isActive, true)))
    .returning();
  if (!updated) return { user, changed: false, sessionsRevoked: 0 };
  const sessionsRevoked = await revokeAllSessions(tx, user.id, { reason: "deactivated" });
  await endAccess(tx, user.id, { deactivated: true });
  await audit(tx, ctx.actor, {
    action: "user.deactivate",
    entityType: "user",
    entityId: user.id,
    before: { isActive: true },
    after: { isActive: false, ...why },
  });
  return { user: updated, changed: true, sessionsRevoked };
}

export interface EmailProblem {
  id: string;
  email: string;
  role: string;
  isActive: boolean;
  reason: string;
}

export const EMAIL_PROBLEM = {
  notPlain: "not one plain address",
  outsideDomain: (domain: string) => `outside @${domain}`,
} as const;

/**
 * Stored addresses that break today's rule: not one plain address (`isPlainEmail`), or —
 * for students and alumni, the roles that register themselves — outside the college domain.
 */
export async function findEmailProblems(db: Db, domain: string): Promise<EmailProblem[]> {
  const rows = await db
    .select({ id: users.id, email: users.email, role: users.role, isActive: users.isActive })
    .from(users)
    .orderBy(asc(users.email));
  const out: EmailProblem[] = [];
  for (const r of rows) {
    const e = normalizeEmail(r.email);
    const reason =
      e !== r.email || !isPlainEmail(e)
        ? EMAIL_PROBLEM.notPlain
        : r.role !== "admin" && emailDomain(e) !== domain.toLowerCase()
          ? EMAIL_PROBLEM.outsideDomain(domain)
          : null;
    if (reason) out.push({ ...r, reason });
  }
  return out;
}

/**
 * Deactivates every active account of `findEmailProblems` (audited, sessions ended). The last
 * active admin is never deactivated: it is reported in `skipped` with the reason.
 */
export async function deactivateEmailProblems(
  ctx: Ctx,
  domain: string,
): Promise<{
  problems: EmailProblem[];
  deactivated: string[];
  skipped: { email: string; reason: string }[];
}> {
  const problems = await findEmailProblems(ctx.db, domain);
  const deactivated: string[] = [];
  const skipped: { email: string; reason: string }[] = [];
  for (const p of problems.filter((x) => x.isActive)) {
    try {
      const r = await ctx.db.transaction(async (tx) => {
        const [user] = await tx.select().from(users).where(eq(users.id, p.id)).for("update");
        return user
          ? deactivateLocked(tx, ctx, user, { via: "cli", reason: `email ${p.reason}` })
          : null;
      });
      if (r?.changed) deactivated.push(p.email);
    } catch (e) {
      if (!(e instanceof Conflict)) throw e;
      skipped.push({ email: p.email, reason: e.message });
    }
  }
  return { problems, deactivated, skipped };
}
