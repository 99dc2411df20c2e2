/**
 * An employer's team: the company's employer accounts and the colleague invitations.
 * An invitation goes to an address on the inviter's own e-mail domain (never free mail), at most
 * MAX_PENDING_INVITATIONS wait per company, the link's token is random and only its SHA-256 is
 * stored, it works INVITATION_TTL_DAYS and registers exactly the invited address.
 */
import { and, asc, count, eq, isNotNull, isNull, sql } from "drizzle-orm";
import { companies, employerInvitations, users } from "#db/schema";
import { Conflict, Forbidden, ValidationError } from "~/lib/errors";
import { audit } from "../audit/audit.server";
import type { ConfiguredCtx } from "../auth/config";
import { hashToken, randomToken } from "../auth/tokens.server";
import { requireEmployer, type Ctx } from "../context";
import { enqueueMail } from "../mail/mail.server";
import { findUserForLogin } from "../user/user.server";
import { emailDomain, isFreeMailAddress, sameEmailDomain } from "./domain.server";
import { isVerifiedEmployer, listJoinRequests } from "./join.server";
import { EMPLOYER_MSG, INVITATION_TTL_DAYS, MAX_PENDING_INVITATIONS } from "./employer.schema";

/**
 * The employer's company, its member accounts, its pending invitations and — for a verified
 * employer of it — the requests to join it waiting for an answer (join.server.ts).
 */
export async function getTeam(ctx: Ctx) {
  const me = requireEmployer(ctx);
  const [company] = await ctx.db
    .select({ id: companies.id, name: companies.name })
    .from(companies)
    .where(eq(companies.id, me.companyId));
  const members = await ctx.db
    .select()
    .from(users)
    .where(
      and(
        eq(users.companyId, me.companyId),
        eq(users.role, "employer"),
        isNotNull(users.companyJoinedAt),
      ),
    )
    .orderBy(asc(sql`lower(${users.lastName})`), asc(sql`lower(${users.firstName})`));
  const inviter = sql<
    string | null
  >`(select trim(u.first_name || ' ' || u.last_name) from users u where u.id = ${employerInvitations.invitedBy})`;
  const invitations = await ctx.db
    .select({
      id: employerInvitations.id,
      email: employerInvitations.email,
      invitedBy: inviter,
      expiresAt: employerInvitations.expiresAt,
    })
    .from(employerInvitations)
    .where(pendingOf(me.companyId))
    .orderBy(asc(employerInvitations.createdAt));
  const canAnswerRequests = await isVerifiedEmployer(ctx.db, me.id, me.companyId);
  return {
    company,
    canAnswerRequests,
    joinRequests: canAnswerRequests ? await listJoinRequests(ctx) : [],
    members: members.map((u) => ({
      id: u.id,
      name: `${u.firstName} ${u.lastName}`.trim(),
      email: u.email,
      isEmailVerified: !!u.emailVerifiedAt,
      domainVerified: u.domainVerified,
      employerVerified: !!u.employerVerifiedAt,
      isBlocked: !!u.blockedAt,
    })),
    invitations: invitations.map((i) => ({ ...i, expiresAt: i.expiresAt.toISOString() })),
    /** The viewer's own address is free mail, so invitations cannot go out (the reason, in words). */
    inviteBlockedBy: ownFreeMailReason(me.email),
  };
}

/** Why nobody can be invited from this address, when it is a free-mail one (else null). */
function ownFreeMailReason(inviterEmail: string | null): string | null {
  return isFreeMailAddress(inviterEmail)
    ? EMPLOYER_MSG.inviteOwnFreeMail(emailDomain(inviterEmail) ?? "")
    : null;
}

const pendingOf = (companyId: string) =>
  and(
    eq(employerInvitations.companyId, companyId),
    isNull(employerInvitations.acceptedAt),
    sql`${employerInvitations.expiresAt} > now()`,
  );

const emailError = (msg: string) => new ValidationError(msg, { email: [msg] });

/**
 * Invites a colleague: same company, an address on the inviter's own domain and not free mail,
 * not already an account, within the company's pending cap. A second invitation to the same
 * address replaces the first (a new link; the old one stops working). Mail and audit in the
 * same transaction.
 */
export async function inviteColleague(
  ctx: ConfiguredCtx,
  email: string,
): Promise<{ id: string; email: string; expiresAt: string }> {
  const me = requireEmployer(ctx);
  const address = email.trim().toLowerCase();
  const [inviter] = await ctx.db.select().from(users).where(eq(users.id, me.id));
  const [company] = await ctx.db.select().from(companies).where(eq(companies.id, me.companyId));
  if (!inviter || !company || inviter.blockedAt || company.blockedAt)
    throw new Forbidden(EMPLOYER_MSG.blocked);
  // The inviter's own free-mail address is the reason first: no address could be invited from it.
  const ownReason = ownFreeMailReason(inviter.email);
  if (ownReason) throw emailError(ownReason);
  if (isFreeMailAddress(address)) throw emailError(EMPLOYER_MSG.inviteFreeMail);
  if (!sameEmailDomain(inviter.email, address))
    throw emailError(EMPLOYER_MSG.inviteDomain(emailDomain(inviter.email) ?? ""));
  if (await findUserForLogin(ctx.db, address))
    throw new Conflict(EMPLOYER_MSG.inviteTaken, { email: [EMPLOYER_MSG.inviteTaken] });
  const token = randomToken();
  return ctx.db.transaction(async (tx) => {
    // Serialises invitations of one company so the cap holds under parallel requests.
    await tx.execute(sql`select 1 from companies where id = ${company.id} for update`);
    await tx
      .delete(employerInvitations)
      .where(and(pendingOf(company.id), eq(employerInvitations.email, address)));
    const [{ n }] = await tx
      .select({ n: count() })
      .from(employerInvitations)
      .where(pendingOf(company.id));
    if (n >= MAX_PENDING_INVITATIONS)
      throw new Conflict(EMPLOYER_MSG.inviteLimit(MAX_PENDING_INVITATIONS));
    const [inv] = await tx
      .insert(employerInvitations)
      .values({
        companyId: company.id,
        email: address,
        invitedBy: me.id,
        tokenHash: hashToken(token),
        expiresAt: sql`now() + make_interval(days => ${INVITATION_TTL_DAYS})` as unknown as Date,
      })
      .returning();
    const link = `${ctx.config.publicUrl}/employers?invite=${token}`;
    const who = `${inviter.firstName} ${inviter.lastName}`.trim();
    await enqueueMail(tx as never, {
      to: address,
      subject: `${who} invited you to post jobs for ${company.name} on ${ctx.config.collegeName} Runway`,
      template: "employer_invite",
      notice: `employer invitation for ${address}: ${link}`,
      text: [
        "Hello,",
        "",
        `${who} (${inviter.email}) invited you to join ${company.name} on ${ctx.config.collegeName} Runway, the college's job board, to post openings for its students and alumni.`,
        "",
        `Create your employer account here (the link works for ${INVITATION_TTL_DAYS} days and only for ${address}):`,
        link,
        "",
        "If you do not know this person, you can ignore this email.",
      ].join("\n"),
    });
    await audit(tx, me, {
      action: "employer.invite",
      entityType: "employer_invitation",
      entityId: inv.id,
      after: { email: address, companyId: company.id, expiresAt: inv.expiresAt },
    });
    return { id: inv.id, email: inv.email, expiresAt: inv.expiresAt.toISOString() };
  });
}
