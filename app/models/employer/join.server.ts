/**
 * Requests to join an existing company (ADR 109). A sign-up that names an existing company does not
 * make the account its employer: it opens a request, and until a verified employer of that company
 * (a member whose work address is on the company's domain, or one an admin verified) or an admin
 * approves it, `users.company_joined_at` stays null and the account acts for no company —
 * `actorOf` (models/context.ts) gives it no `companyId`, so every model function behind
 * `requireEmployer` refuses it, whatever door it came through. Declined, or ignored for
 * JOIN_REQUEST_TTL_DAYS, the request ends (expiry is judged on every read and by the periodic timer).
 */
import { and, asc, eq, isNotNull, isNull, or, sql, type SQL } from "drizzle-orm";
import type { DbOrTx, Tx } from "#db/client";
import type { JoinRequestStatus } from "#db/constants";
import { companies, employerJoinRequests, users } from "#db/schema";
import { Conflict, Forbidden, NotFound } from "~/lib/errors";
import { isUuid } from "~/lib/ids";
import { audit } from "../audit/audit.server";
import type { AuthConfig, ConfiguredCtx } from "../auth/config";
import { type Actor, type Ctx } from "../context";
import { enqueueMail } from "../mail/mail.server";
import { admitToCompany } from "../user/writes.server";

/** How long a request waits for an answer before it ends by itself. */
export const JOIN_REQUEST_TTL_DAYS = 14;

export const JOIN_MSG = {
  notFound: "Join request not found",
  ended: "This request has already ended",
  notApprover:
    "Only a verified employer of this company or an administrator can answer join requests",
  approved: "Request approved",
  declined: "Request declined",
} as const;

export interface JoinRequestView {
  id: string;
  userId: string;
  name: string;
  email: string;
  isEmailVerified: boolean;
  companyId: string;
  companyName: string;
  status: JoinRequestStatus;
  createdAt: string;
  expiresAt: string;
  decidedAt: string | null;
}

/** Ends every pending request past its expiry (the periodic timer; reads also judge it). */
export async function expireJoinRequests(db: DbOrTx, where?: SQL): Promise<number> {
  const rows = await db
    .update(employerJoinRequests)
    .set({
      status: "expired",
      decidedAt: sql`${employerJoinRequests.expiresAt}` as unknown as Date,
    })
    .where(
      and(
        eq(employerJoinRequests.status, "pending"),
        sql`${employerJoinRequests.expiresAt} <= now()`,
        where,
      ),
    )
    .returning({ id: employerJoinRequests.id });
  return rows.length;
}

/** A pending request is live only before its expiry, whether or not the timer has run yet. */
const live = and(
  eq(employerJoinRequests.status, "pending"),
  sql`${employerJoinRequests.expiresAt} > now()`,
);

/** What a verified employer of `companyId` is, as SQL over `users` (the approvers of its requests). */
const verifiedMemberOf = (companyId: string) =>
  and(
    eq(users.companyId, companyId),
    eq(users.role, "employer"),
    isNotNull(users.companyJoinedAt),
    isNotNull(users.emailVerifiedAt),
    isNull(users.blockedAt),
    eq(users.isActive, true),
    or(eq(users.domainVerified, true), isNotNull(users.employerVerifiedAt)),
  );

/**
 * Whether a user is a verified employer of a company: a member (approved or founder), e-mail
 * verified, not blocked, and either on the company's domain or verified by an admin. Only they
 * (and admins) answer join requests and change the company's public profile.
 */
export async function isVerifiedEmployer(
  db: DbOrTx,
  userId: string,
  companyId: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), verifiedMemberOf(companyId)))
    .limit(1);
  return !!row;
}

/** The acting admin, or the acting verified employer of `companyId`; 403 for anyone else. */
export async function requireCompanyTrustee(
  ctx: Ctx,
  companyId: string,
  message: string = JOIN_MSG.notApprover,
): Promise<Actor> {
  const a = ctx.actor;
  if (a?.role === "admin") return a;
  if (
    a?.role === "employer" &&
    a.companyId === companyId &&
    (await isVerifiedEmployer(ctx.db, a.id, companyId))
  )
    return a;
  throw new Forbidden(message);
}

const viewColumns = {
  id: employerJoinRequests.id,
  userId: employerJoinRequests.userId,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  emailVerifiedAt: users.emailVerifiedAt,
  companyId: employerJoinRequests.companyId,
  companyName: companies.name,
  status: employerJoinRequests.status,
  createdAt: employerJoinRequests.createdAt,
  expiresAt: employerJoinRequests.expiresAt,
  decidedAt: employerJoinRequests.decidedAt,
};
type ViewRow = Awaited<ReturnType<typeof selectViews>>[number];

function toView(r: ViewRow): JoinRequestView {
  return {
    id: r.id,
    userId: r.userId,
    name: `${r.firstName} ${r.lastName}`.trim(),
    email: r.email,
    isEmailVerified: !!r.emailVerifiedAt,
    companyId: r.companyId,
    companyName: r.companyName,
    status: r.status,
    createdAt: r.createdAt.toISOString(),
    expiresAt: r.expiresAt.toISOString(),
    decidedAt: r.decidedAt?.toISOString() ?? null,
  };
}

const selectViews = (db: DbOrTx) =>
  db
    .select(viewColumns)
    .from(employerJoinRequests)
    .innerJoin(users, eq(users.id, employerJoinRequests.userId))
    .innerJoin(companies, eq(companies.id, employerJoinRequests.companyId));

/**
 * The pending requests the actor may answer: an admin sees every company's (or one company's with
 * `companyId`), a verified employer its own company's; anyone else is refused.
 */
export async function listJoinRequests(
  ctx: Ctx,
  opts: { companyId?: string } = {},
): Promise<JoinRequestView[]> {
  let companyId = opts.companyId;
  if (ctx.actor?.role !== "admin") {
    const own = ctx.actor?.role === "employer" ? ctx.actor.companyId : null;
    if (!own) throw new Forbidden(JOIN_MSG.notApprover);
    companyId = own;
    await requireCompanyTrustee(ctx, own);
  }
  if (companyId !== undefined && !isUuid(companyId)) return [];
  await expireJoinRequests(
    ctx.db,
    companyId ? eq(employerJoinRequests.companyId, companyId) : undefined,
  );
  const rows = await selectViews(ctx.db)
    .where(and(live, companyId ? eq(employerJoinRequests.companyId, companyId) : undefined))
    .orderBy(asc(employerJoinRequests.createdAt), asc(employerJoinRequests.id))
    .limit(500);
  return rows.map(toView);
}

/**
 * The acting employer's own request (the "waiting for approval" screen), or null when it has none
 * (a founder or an invited colleague). Only the company's name: nothing else of it shows.
 */
export async function myJoinRequest(ctx: Ctx): Promise<JoinRequestView | null> {
  const me = ctx.actor;
  if (me?.role !== "employer") return null;
  await expireJoinRequests(ctx.db, eq(employerJoinRequests.userId, me.id));
  const [row] = await selectViews(ctx.db).where(eq(employerJoinRequests.userId, me.id)).limit(1);
  return row ? toView(row) : null;
}

/**
 * Opens the request of a fresh sign-up (inside its transaction) and mails each of the company's
 * verified employers and each active admin once. The mail names the address, never the typed name
 * (the requester's own words stay out of mail to other people).
 */
export async function openJoinRequest(
  tx: Tx,
  config: AuthConfig,
  req: { userId: string; email: string; companyId: string; companyName: string },
): Promise<string> {
  const [row] = await tx
    .insert(employerJoinRequests)
    .values({
      userId: req.userId,
      companyId: req.companyId,
      expiresAt: sql`now() + make_interval(days => ${JOIN_REQUEST_TTL_DAYS})` as unknown as Date,
    })
    .returning({ id: employerJoinRequests.id });
  const employers = await tx
    .select({ email: users.email })
    .from(users)
    .where(verifiedMemberOf(req.companyId));
  const admins = await tx
    .select({ email: users.email })
    .from(users)
    .where(and(eq(users.role, "admin"), eq(users.isActive, true)));
  const seen = new Set<string>();
  for (const { email } of [...employers, ...admins]) {
    if (seen.has(email)) continue;
    seen.add(email);
    const isAdmin = admins.some((a) => a.email === email);
    const link = `${config.publicUrl}${isAdmin ? "/admin/companies/join-requests" : "/employer/team"}`;
    await enqueueMail(tx as never, {
      to: email,
      subject: `Request to join ${req.companyName} on ${config.collegeName} Runway`,
      template: "employer_join_request",
      notice: `join request of ${req.email} for ${req.companyName}: ${link}`,
      text: [
        "Hello,",
        "",
        `A new employer account, ${req.email}, asked to post jobs for ${req.companyName} on ${config.collegeName} Runway.`,
        "It sees nothing of the company and can change nothing until one of you approves it.",
        "",
        `Approve or decline it here (it ends by itself after ${JOIN_REQUEST_TTL_DAYS} days):`,
        link,
        "",
        "If you do not know this address, decline it.",
      ].join("\n"),
    });
  }
  return row.id;
}

/**
 * Approves or declines a pending request. Approval makes the account a member of the company
 * (`company_joined_at`); a decline ends the request for good. The requester is told by mail.
 */
export async function decideJoinRequest(
  ctx: ConfiguredCtx,
  id: string,
  decision: "approve" | "decline",
): Promise<JoinRequestView> {
  if (!isUuid(id)) throw new NotFound(JOIN_MSG.notFound);
  const [found] = await ctx.db
    .select({ companyId: employerJoinRequests.companyId })
    .from(employerJoinRequests)
    .where(eq(employerJoinRequests.id, id));
  // Someone who may not answer it learns nothing about it.
  if (!found) throw new NotFound(JOIN_MSG.notFound);
  const actor = await requireCompanyTrustee(ctx, found.companyId).catch(() => {
    throw new NotFound(JOIN_MSG.notFound);
  });
  return ctx.db.transaction(async (tx) => {
    await tx.execute(sql`select 1 from employer_join_requests where id = ${id} for update`);
    await expireJoinRequests(tx, eq(employerJoinRequests.id, id));
    const [before] = await selectViews(tx).where(eq(employerJoinRequests.id, id));
    if (!before) throw new NotFound(JOIN_MSG.notFound);
    if (before.status !== "pending") throw new Conflict(JOIN_MSG.ended);
    const status = decision === "approve" ? "approved" : "declined";
    const now = new Date();
    await tx
      .update(employerJoinRequests)
      .set({ status, decidedAt: now, decidedBy: actor.id })
      .where(eq(employerJoinRequests.id, id));
    if (status === "approved") await admitToCompany(tx, before.userId, before.companyId, now);
    await audit(tx, actor, {
      action: status === "approved" ? "employer.join.approve" : "employer.join.decline",
      entityType: "user",
      entityId: before.userId,
      before: { status: "pending" },
      after: { status, companyId: before.companyId, requestId: id },
    });
    await enqueueMail(tx as never, {
      to: before.email,
      subject:
        status === "approved"
          ? `You can now post jobs for ${before.companyName} on ${ctx.config.collegeName} Runway`
          : `Your request to join ${before.companyName} on ${ctx.config.collegeName} Runway was declined`,
      template: status === "approved" ? "employer_join_approved" : "employer_join_declined",
      notice: `join request of ${before.email} ${status}`,
      text: [
        "Hello,",
        "",
        status === "approved"
          ? `Your request to post jobs for ${before.companyName} was approved. Sign in to start: ${ctx.config.publicUrl}/employer`
          : `Your request to post jobs for ${before.companyName} was declined. If you think this is a mistake, contact the company or the career office (${ctx.config.collegeInfoEmail}).`,
      ].join("\n"),
    });
    return { ...toView(before), status, decidedAt: now.toISOString() };
  });
}
