/**
 * Admins' trust actions on employers and companies: verify an employer, block and
 * unblock an employer or a company. Blocking is one audited transaction: the flag, every session
 * and API token of the people concerned ended, and their jobs hidden with hidden_reason 'blocked'
 * (only jobs not hidden for another reason, so unblocking clears exactly what blocking set, and
 * never a job whose company or author is still blocked). Sign-in and sessions of a blocked
 * employer, or of any employer of a blocked company, are refused (auth.server, session.server).
 */
import { and, eq } from "drizzle-orm";
import type { DbOrTx, Tx } from "#db/client";
import { companies, users } from "#db/schema";
import { NotFound } from "~/lib/errors";
import { audit } from "../audit/audit.server";
import { revokeAllSessions } from "../auth/session.server";
import { requireAdmin, type Ctx } from "../context";
import { COMPANY_MSG } from "../company/company.schema";
import type { CompanyRow } from "../company/company.server";
import { lockCompany, setCompanyBlocked } from "../company/writes.server";
import { serializeUser, type PublicUser, type User } from "../user/user.server";
import { lockUser, setUserFlags } from "../user/writes.server";
import { EMPLOYER_MSG } from "./employer.schema";
import { hideBlockedJobs, showUnblockedJobs } from "../job/write.server";

/**
 * Why this account may not sign in, or null: the employer is blocked, or its company is. Told
 * only after the right password (auth.server), like deactivation.
 */
export async function blockedMessage(
  db: DbOrTx,
  user: Pick<User, "blockedAt" | "companyId">,
): Promise<string | null> {
  if (user.blockedAt) return EMPLOYER_MSG.blocked;
  if (!user.companyId) return null;
  const [c] = await db
    .select({ blockedAt: companies.blockedAt })
    .from(companies)
    .where(eq(companies.id, user.companyId));
  return c?.blockedAt ? EMPLOYER_MSG.companyBlocked : null;
}

/** The employer, locked for the decision about it; 404 when there is none. */
async function lockedEmployer(tx: Tx, id: string): Promise<User> {
  const u = await lockUser(tx, id, "employer");
  if (!u) throw new NotFound(EMPLOYER_MSG.notFound);
  return u;
}

/** The company, locked for the decision about it; 404 when there is none. */
async function lockedCompany(tx: Tx, id: string) {
  const c = await lockCompany(tx, id);
  if (!c) throw new NotFound(COMPANY_MSG.notFound);
  return c;
}

/** Marks an employer verified by an administrator (idempotent; audited when it changes). */
export async function verifyEmployer(ctx: Ctx, id: string): Promise<PublicUser> {
  const admin = requireAdmin(ctx);
  return ctx.db.transaction(async (tx) => {
    const before = await lockedEmployer(tx, id);
    if (before.employerVerifiedAt) return serializeUser(before);
    const u = await setUserFlags(tx, id, { employerVerifiedAt: new Date() });
    await audit(tx, admin, {
      action: "employer.verify",
      entityType: "user",
      entityId: id,
      before: { employerVerified: false },
      after: { employerVerified: true, domainVerified: u.domainVerified },
    });
    return serializeUser(u);
  });
}

/** Blocks an employer: sign-in refused, sessions and tokens ended, the jobs they created hidden. */
export async function blockEmployer(ctx: Ctx, id: string): Promise<PublicUser> {
  const admin = requireAdmin(ctx);
  return ctx.db.transaction(async (tx) => {
    const before = await lockedEmployer(tx, id);
    if (before.blockedAt) return serializeUser(before);
    const u = await setUserFlags(tx, id, { blockedAt: new Date() });
    const sessions = await revokeAllSessions(tx, id);
    const hidden = await hideBlockedJobs(tx, { createdBy: id });
    await audit(tx, admin, {
      action: "employer.block",
      entityType: "user",
      entityId: id,
      before: { blocked: false },
      after: { blocked: true, sessionsEnded: sessions, jobsHidden: hidden.length },
    });
    return serializeUser(u);
  });
}

/** Unblocks an employer: their jobs hidden by the block come back unless their company is blocked. */
export async function unblockEmployer(ctx: Ctx, id: string): Promise<PublicUser> {
  const admin = requireAdmin(ctx);
  return ctx.db.transaction(async (tx) => {
    const before = await lockedEmployer(tx, id);
    if (!before.blockedAt) return serializeUser(before);
    const u = await setUserFlags(tx, id, { blockedAt: null });
    const shown = await showUnblockedJobs(tx, { createdBy: id });
    await audit(tx, admin, {
      action: "employer.unblock",
      entityType: "user",
      entityId: id,
      before: { blocked: true },
      after: { blocked: false, jobsShown: shown.length },
    });
    return serializeUser(u);
  });
}

export interface CompanyBlockState {
  id: string;
  name: string;
  isBlocked: boolean;
  blockedAt: string | null;
}

/**
 * Blocks a company: every job of it hidden, every employer of it refused at sign-in with their
 * sessions and tokens ended. Students and alumni are not touched (they belong to no company).
 */
export async function blockCompany(ctx: Ctx, id: string): Promise<CompanyBlockState> {
  const admin = requireAdmin(ctx);
  return ctx.db.transaction(async (tx) => {
    const before = await lockedCompany(tx, id);
    if (before.blockedAt) return blockState(before);
    const c = await setCompanyBlocked(tx, id, true);
    const staff = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.companyId, id), eq(users.role, "employer")));
    let sessions = 0;
    for (const s of staff) sessions += await revokeAllSessions(tx, s.id);
    const hidden = await hideBlockedJobs(tx, { companyId: id });
    await audit(tx, admin, {
      action: "company.block",
      entityType: "company",
      entityId: id,
      before: { blocked: false },
      after: {
        blocked: true,
        employers: staff.length,
        sessionsEnded: sessions,
        jobsHidden: hidden.length,
      },
    });
    return blockState(c);
  });
}

/** Unblocks a company: its jobs hidden by a block come back, except those of a blocked employer. */
export async function unblockCompany(ctx: Ctx, id: string): Promise<CompanyBlockState> {
  const admin = requireAdmin(ctx);
  return ctx.db.transaction(async (tx) => {
    const before = await lockedCompany(tx, id);
    if (!before.blockedAt) return blockState(before);
    const c = await setCompanyBlocked(tx, id, false);
    const shown = await showUnblockedJobs(tx, { companyId: id });
    await audit(tx, admin, {
      action: "company.unblock",
      entityType: "company",
      entityId: id,
      before: { blocked: true },
      after: { blocked: false, jobsShown: shown.length },
    });
    return blockState(c);
  });
}

function blockState(c: CompanyRow): CompanyBlockState {
  return {
    id: c.id,
    name: c.name,
    isBlocked: !!c.blockedAt,
    blockedAt: c.blockedAt?.toISOString() ?? null,
  };
}
