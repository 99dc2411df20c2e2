/**
 * Employer accounts: sign-up with an existing or a new company, the computed
 * domain signal, and the company chooser. The account starts unverified and gets the students'
 * 6-digit code through the same verification module, cooldown and limits (verification.server.ts);
 * verification and sign-in are the existing doors.
 */
import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { DbOrTx } from "#db/client";
import { companies, employerInvitations } from "#db/schema";
import { enforce } from "~/lib/rate-limit.server";
import { Conflict, ValidationError } from "~/lib/errors";
import { isUuid } from "~/lib/ids";
import { audit } from "../audit/audit.server";
import type { AuthCtx } from "../auth/config";
import { findCompanyNameClash, lockCompanyNames } from "../company/names.server";
import { insertFoundedCompany } from "../company/writes.server";
import { assertNewPassword } from "../auth/password-policy.server";
import { REGISTER_LIMIT, TOO_MANY_REGISTRATIONS } from "../auth/register.server";
import { consumeToken, liveTokenWhere } from "../auth/single-use.server";
import { sendVerificationCode, startResendCooldown } from "../auth/verification.server";
import {
  EMAIL_TAKEN,
  mailboxTaken,
  createAccount,
  type PublicUser,
  type User,
} from "../user/user.server";
import { isDomainVerified } from "./domain.server";
import { openJoinRequest } from "./join.server";
import { EMPLOYER_MSG, type EmployerRegisterInput } from "./employer.schema";

/** The companies an employer may join at sign-up: every company not blocked, by name. */
export async function listChooserCompanies(db: DbOrTx) {
  return db
    .select({ id: companies.id, name: companies.name })
    .from(companies)
    .where(isNull(companies.blockedAt))
    .orderBy(asc(sql`lower(${companies.name})`), asc(companies.id))
    .limit(5000);
}

/** A live invitation behind a link's token: its address and company (not blocked), or null. */
export async function readInvitation(
  db: DbOrTx,
  token: string | null | undefined,
): Promise<{ id: string; email: string; companyId: string; companyName: string } | null> {
  const live = liveTokenWhere("invitation", token);
  if (!live) return null;
  const [row] = await db
    .select({
      id: employerInvitations.id,
      email: employerInvitations.email,
      companyId: employerInvitations.companyId,
      companyName: companies.name,
    })
    .from(employerInvitations)
    .innerJoin(companies, eq(companies.id, employerInvitations.companyId))
    .where(and(live, isNull(companies.blockedAt)))
    .limit(1);
  return row ?? null;
}

const companyFieldError = (msg: string) => new ValidationError(msg, { companyId: [msg] });

/** The company of a sign-up: from the invitation, the chosen id, or a name that must be new. */
async function resolveCompany(db: DbOrTx, input: EmployerRegisterInput) {
  if (input.invite) {
    const inv = await readInvitation(db, input.invite);
    if (!inv)
      throw new ValidationError(EMPLOYER_MSG.inviteInvalid, {
        invite: [EMPLOYER_MSG.inviteInvalid],
      });
    if (inv.email !== input.email)
      throw new ValidationError(EMPLOYER_MSG.inviteEmail, { email: [EMPLOYER_MSG.inviteEmail] });
    const [c] = await db.select().from(companies).where(eq(companies.id, inv.companyId));
    return { existing: c, invitationId: inv.id };
  }
  if (input.companyId) {
    if (!isUuid(input.companyId)) throw companyFieldError(EMPLOYER_MSG.companyUnknown);
    const [c] = await db
      .select()
      .from(companies)
      .where(and(eq(companies.id, input.companyId), isNull(companies.blockedAt)))
      .limit(1);
    // A blocked company answers like an unknown one: it is not offered anywhere.
    if (!c) throw companyFieldError(EMPLOYER_MSG.companyUnknown);
    return { existing: c, invitationId: null };
  }
  await assertNewCompanyName(db, input.company!.name);
  return { existing: null, invitationId: null };
}

/** 409 naming the existing company when a new company's name is the same as or looks like it. */
async function assertNewCompanyName(db: DbOrTx, name: string): Promise<void> {
  const clash = await findCompanyNameClash(db, name);
  if (clash) {
    const msg = EMPLOYER_MSG.companyTaken(clash.name);
    throw new Conflict(msg, { "company.name": [msg] }, { companyId: clash.id });
  }
}

/**
 * Creates an unverified employer account (and its new company, when one is given) and mails the
 * verification code; naming an existing company without an invitation opens a request to join it
 * instead of membership (join.server.ts). Otherwise exactly as student registration does: the same per-network limit, password
 * policy, 409 for a taken address, code, cooldown and mail. `domain_verified` is computed here
 * from the address and the company website, never taken from the input.
 */
export async function registerEmployer(
  { db, config }: AuthCtx,
  input: EmployerRegisterInput,
  opts: { ip: string },
): Promise<{ user: User }> {
  await enforce(db, { key: `register-ip:${opts.ip}`, ...REGISTER_LIMIT }, TOO_MANY_REGISTRATIONS);
  await assertNewPassword(input.password, config, {
    ...input,
    other: [input.company?.name],
  });
  // A taken address is told before any company question (createAccount asks again before the hash).
  if (await mailboxTaken(db, input.email))
    throw new Conflict(EMAIL_TAKEN, { email: [EMAIL_TAKEN] });
  const chosen = await resolveCompany(db, input);
  const joining = !!chosen.existing && !chosen.invitationId;
  let company = chosen.existing;
  const account = {
    email: input.email,
    password: input.password,
    role: "employer" as const,
    firstName: input.firstName,
    lastName: input.lastName,
    emailVerifiedAt: null,
    // A founder or an invited colleague is a member at once; naming an existing company is a
    // request to join it, and the account acts for no company until it is approved (ADR 109).
    companyJoinedAt: joining ? null : new Date(),
  };
  const user = await createAccount(
    db,
    account,
    async (tx, u) => {
      if (!company) throw new Error("The company is chosen before the account is inserted");
      const actor = { id: u.id, role: u.role, email: u.email, companyId: company.id };
      if (!chosen.existing)
        await audit(tx, actor, {
          action: "company.create",
          entityType: "company",
          entityId: company.id,
          after: {
            name: company.name,
            website: company.website,
            location: company.location,
            by: "employer",
          },
        });
      // Of two sign-ups with one invitation at once, only one gets through.
      if (chosen.invitationId && !(await consumeToken(tx, "invitation", chosen.invitationId)))
        throw new ValidationError(EMPLOYER_MSG.inviteInvalid, {
          invite: [EMPLOYER_MSG.inviteInvalid],
        });
      await audit(tx, actor, {
        action: "employer.register",
        entityType: "user",
        entityId: u.id,
        after: {
          email: u.email,
          companyId: company.id,
          domainVerified: u.domainVerified,
          invitationId: chosen.invitationId,
          joinRequest: joining,
        },
      });
      if (joining)
        await openJoinRequest(tx, config, {
          userId: u.id,
          email: u.email,
          companyId: company.id,
          companyName: company.name,
        });
      await startResendCooldown(tx, u);
      await sendVerificationCode({ db: tx, config }, u);
      return u;
    },
    async (tx) => {
      if (!company) {
        const c = input.company!;
        // Again under the lock: two look-alike sign-ups at once cannot both add their company.
        await lockCompanyNames(tx);
        await assertNewCompanyName(tx, c.name);
        company = await insertFoundedCompany(tx, {
          name: c.name,
          website: c.website,
          location: c.location,
        });
      }
      return {
        companyId: company.id,
        domainVerified: isDomainVerified(input.email, company.website),
      };
    },
  );
  return { user };
}

/** Company names of employer accounts, for the admin list (one query for the page). */
export async function companyNamesOf(
  db: DbOrTx,
  ids: Array<string | null | undefined>,
): Promise<Map<string, { name: string; blocked: boolean }>> {
  const wanted = [...new Set(ids.filter((x): x is string => !!x))];
  if (!wanted.length) return new Map();
  const rows = await db
    .select({ id: companies.id, name: companies.name, blockedAt: companies.blockedAt })
    .from(companies)
    .where(inArray(companies.id, wanted));
  return new Map(rows.map((r) => [r.id, { name: r.name, blocked: !!r.blockedAt }]));
}

/** Adds employers' company names (and whether the company is blocked) to serialized users. */
export async function withCompanyNames(db: DbOrTx, list: PublicUser[]): Promise<PublicUser[]> {
  const names = await companyNamesOf(
    db,
    list.map((u) => u.companyId),
  );
  if (!names.size) return list;
  return list.map((u) => {
    const c = u.companyId ? names.get(u.companyId) : undefined;
    return c ? { ...u, companyName: c.name, companyBlocked: c.blocked } : u;
  });
}
