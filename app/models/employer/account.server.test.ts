/**
 * Employer accounts on both databases: sign-up with an existing or a new company, the
 * computed domain signal, the college address refused, the students' code flow reused, sign-in
 * with the role; invitations (same domain, free mail refused, exact address, expiry, cap); admin
 * verify / block / unblock of employers and companies (audited; sessions ended; jobs hidden and
 * shown back exactly); the signal recomputed when a company's website changes.
 */
import { describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { companies, employerInvitations, jobs, users } from "../../../db/schema";
import { forEachDb, rows, type TestDb } from "../../../tests/setup/db";
import { authCtx } from "../../../tests/setup/auth-config";
import { createCompany, createJob, createUser, DEFAULT_PASSWORD } from "../../../tests/factories";
import { Conflict, Forbidden, NotFound, ValidationError } from "~/lib/errors";
import { authenticate } from "../auth/auth.server";
import { createSession, resolveSession } from "../auth/session.server";
import { codeHash } from "../auth/verification.server";
import { updateCompany } from "../company/company.server";
import { listCompanies, getCompany } from "../company/company.server";
import { listUsers } from "../user/admin.server";
import { readUserListQuery } from "../user/admin.schema";
import { hashPassword } from "../auth/password.server";
import { insertUser } from "../user/user.server";
import type { Actor } from "../context";
import { configured } from "../../../tests/setup/auth-config";
import { listChooserCompanies, readInvitation, registerEmployer } from "./account.server";
import { employerRegisterSchema, EMPLOYER_MSG, MAX_PENDING_INVITATIONS } from "./employer.schema";
import {
  blockCompany,
  blockEmployer,
  unblockCompany,
  unblockEmployer,
  verifyEmployer,
} from "./moderation.server";
import { getTeam, inviteColleague } from "./team.server";

const PW = "Employer-pass-2026";
const schema = employerRegisterSchema("example.edu");
const input = (o: Record<string, unknown>) =>
  schema.parse({
    firstName: "Erin",
    lastName: "Employer",
    password: PW,
    acceptTerms: true,
    ...o,
  });

forEachDb((t: TestDb) => {
  const ax = () => authCtx(t.db);
  const ip = { ip: "203.0.113.9" };
  const admin = async (): Promise<Actor> => {
    const { user } = await createUser(t.db, { role: "admin" });
    return { id: user.id, role: "admin", email: user.email };
  };
  const employer = async (companyId: string, email: string) => {
    const u = await insertUser(t.db, {
      email,
      passwordHash: await hashPassword(DEFAULT_PASSWORD),
      role: "employer",
      firstName: "Pat",
      lastName: "Hiring",
      companyId,
      domainVerified: false,
      emailVerifiedAt: new Date(),
    });
    return { user: u, actor: { id: u.id, role: "employer" as const, email, companyId } };
  };
  const auditActions = async () =>
    (
      await rows<{ action: string }>(t, sql`select action from audit_log order by created_at, id`)
    ).map((r) => r.action);

  describe("employer sign-up", () => {
    it("joins an existing company; the domain signal is computed (subdomain too), never typed", async () => {
      const pal = await createCompany(t.db, {
        name: "Philippine Air",
        website: "https://www.pal.com.ph",
      });
      const { user } = await registerEmployer(
        ax(),
        input({ email: "HR@pal.com.ph", companyId: pal.id, domainVerified: false }),
        ip,
      );
      expect(user).toMatchObject({
        role: "employer",
        companyId: pal.id,
        domainVerified: true,
        emailVerifiedAt: null,
        email: "hr@pal.com.ph",
      });
      const sub = await registerEmployer(
        ax(),
        input({ email: "ops@careers.pal.com.ph", companyId: pal.id }),
        ip,
      );
      expect(sub.user.domainVerified).toBe(true);
      const other = await registerEmployer(
        ax(),
        input({ email: "x@other.ph", companyId: pal.id }),
        ip,
      );
      expect(other.user.domainVerified).toBe(false);
      const gmail = await registerEmployer(
        ax(),
        input({ email: "pal.hr@gmail.com", companyId: pal.id }),
        ip,
      );
      expect(gmail.user.domainVerified).toBe(false);
      // The students' code: one live code for the address, its mail queued in the same transaction.
      const [code] = await rows<{ n: number }>(
        t,
        sql`select count(*)::int as n from verification_codes where email = 'hr@pal.com.ph' and purpose = 'verify_email'`,
      );
      expect(code.n).toBe(1);
      const [mail] = await rows<{ subject: string }>(
        t,
        sql`select subject from mail_outbox where "to" = 'hr@pal.com.ph'`,
      );
      expect(mail.subject).toMatch(/verification code/);
      expect(await auditActions()).toContain("employer.register");
    });

    it("adds a new company (website required), and a taken name case-blind is a 409 naming it", async () => {
      const { user } = await registerEmployer(
        ax(),
        input({
          email: "chief@cebu-air.example",
          company: { name: "Cebu Skies", website: "cebu-air.example", location: "Cebu" },
        }),
        ip,
      );
      const [c] = await t.db.select().from(companies).where(eq(companies.id, user.companyId!));
      expect(c).toMatchObject({
        name: "Cebu Skies",
        website: "https://cebu-air.example/",
        location: "Cebu",
      });
      expect(user.domainVerified).toBe(true);
      const dup = registerEmployer(
        ax(),
        input({
          email: "other@cebu-air.example",
          company: { name: "  cebu SKIES ", website: "cebu-air.example", location: "Cebu" },
        }),
        ip,
      );
      await expect(dup).rejects.toBeInstanceOf(Conflict);
      await expect(dup).rejects.toMatchObject({ extra: { companyId: c.id } });
      const r = schema.safeParse({
        firstName: "A",
        lastName: "B",
        email: "a@b.example",
        password: PW,
        acceptTerms: true,
        company: { name: "No Site", location: "Manila" },
      });
      expect(r.success).toBe(false);
      expect(r.error!.issues.map((i) => i.message)).toContain(EMPLOYER_MSG.websiteRequired);
    });

    it("refuses the college's address, missing terms, no company, a blocked or unknown company, a taken address", async () => {
      const bad = (o: Record<string, unknown>) =>
        schema.safeParse({ firstName: "A", lastName: "B", password: PW, acceptTerms: true, ...o });
      const college = bad({ email: "me@example.edu", companyId: crypto.randomUUID() });
      expect(college.error!.issues[0].message).toBe(EMPLOYER_MSG.collegeAddress);
      expect(bad({ email: "me@sub.example.edu", companyId: crypto.randomUUID() }).success).toBe(
        false,
      );
      expect(
        bad({ email: "a@b.example", companyId: crypto.randomUUID(), acceptTerms: false }).success,
      ).toBe(false);
      expect(bad({ email: "a@b.example" }).error!.issues[0].message).toBe(
        EMPLOYER_MSG.companyRequired,
      );
      expect(bad({ email: "Name <a@b.example>", companyId: crypto.randomUUID() }).success).toBe(
        false,
      );

      const blocked = await createCompany(t.db, { name: "Gone Air" });
      await t.db
        .update(companies)
        .set({ blockedAt: new Date() })
        .where(eq(companies.id, blocked.id));
      await expect(
        registerEmployer(ax(), input({ email: "x@gone.example", companyId: blocked.id }), ip),
      ).rejects.toBeInstanceOf(ValidationError);
      await expect(
        registerEmployer(
          ax(),
          input({ email: "x@gone.example", companyId: crypto.randomUUID() }),
          ip,
        ),
      ).rejects.toBeInstanceOf(ValidationError);
      expect((await listChooserCompanies(t.db)).map((c) => c.id)).not.toContain(blocked.id);
      const { user: student } = await createUser(t.db, { email: "taken@works.example" });
      const ok = await createCompany(t.db);
      await expect(
        registerEmployer(ax(), input({ email: student.email, companyId: ok.id }), ip),
      ).rejects.toBeInstanceOf(Conflict);
    });

    it("signs in after the code with role employer; /dashboard-only data is not theirs", async () => {
      const c = await createCompany(t.db, { website: "https://jets.example" });
      const { user } = await registerEmployer(
        ax(),
        input({ email: "a@jets.example", companyId: c.id }),
        ip,
      );
      await expect(
        authenticate(ax(), { email: user.email, password: PW, ip: "1.1.1.1" }),
      ).rejects.toMatchObject({ extra: { requiresVerification: true } });
      // Set a known code the way the module stores it and verify through the same function.
      const { verifyEmailCode } = await import("../auth/verification.server");
      await t.db.execute(
        sql`update verification_codes set code_hash = ${codeHash(ax().config.secret, user.email, "123456")} where email = ${user.email}`,
      );
      const verified = await verifyEmailCode(ax(), {
        email: user.email,
        otp: "123456",
        ip: "1.1.1.1",
      });
      expect(verified.emailVerifiedAt).not.toBeNull();
      const signedIn = await authenticate(ax(), { email: user.email, password: PW, ip: "1.1.1.1" });
      expect(signedIn).toMatchObject({ role: "employer", companyId: c.id, domainVerified: true });
    });
  });

  describe("invitations", () => {
    it("an inviter on a free-mail address is told that their own address is the reason", async () => {
      const c = await createCompany(t.db, {
        name: "Gmail Air",
        website: "https://gmail-air.example",
      });
      const boss = await employer(c.id, "gmail.air.hr@gmail.com");
      const ctx = configured({ db: t.db, actor: boss.actor });
      const reason = EMPLOYER_MSG.inviteOwnFreeMail("gmail.com");
      // Whatever the colleague's address, the reason is the inviter's own.
      for (const colleague of ["mate@gmail-air.example", "mate2@gmail.com"])
        await expect(inviteColleague(ctx, colleague)).rejects.toMatchObject({
          message: reason,
          fields: { email: [reason] },
        });
      expect((await getTeam(ctx)).inviteBlockedBy).toBe(reason);
      const work = await employer(c.id, "hr@gmail-air.example");
      const workCtx = configured({ db: t.db, actor: work.actor });
      expect((await getTeam(workCtx)).inviteBlockedBy).toBeNull();
    });

    it("same domain only, never free mail, registers exactly the invited address, expires", async () => {
      const c = await createCompany(t.db, {
        name: "Invite Air",
        website: "https://invite-air.example",
      });
      const boss = await employer(c.id, "boss@invite-air.example");
      const ctx = configured({ db: t.db, actor: boss.actor });
      await expect(inviteColleague(ctx, "friend@gmail.com")).rejects.toMatchObject({
        message: EMPLOYER_MSG.inviteFreeMail,
      });
      await expect(inviteColleague(ctx, "x@elsewhere.example")).rejects.toBeInstanceOf(
        ValidationError,
      );
      await expect(inviteColleague(ctx, boss.user.email)).rejects.toBeInstanceOf(Conflict);
      const inv = await inviteColleague(ctx, "Mate@Invite-Air.example");
      expect(inv.email).toBe("mate@invite-air.example");
      const [mail] = await rows<{ body_text: string; subject: string }>(
        t,
        sql`select * from mail_outbox where "to" = 'mate@invite-air.example'`,
      );
      const token = /\/employers\?invite=([A-Za-z0-9_-]+)/.exec(JSON.stringify(mail))![1];
      const [stored] = await t.db.select().from(employerInvitations);
      expect(stored.tokenHash).not.toContain(token);
      expect(stored.tokenHash).toHaveLength(64);
      expect(await readInvitation(t.db, token)).toMatchObject({
        email: "mate@invite-air.example",
        companyId: c.id,
      });
      expect((await getTeam({ db: t.db, actor: boss.actor })).invitations).toHaveLength(1);

      // Another address with the token is refused; the invited one joins the company.
      await expect(
        registerEmployer(ax(), input({ email: "other@invite-air.example", invite: token }), ip),
      ).rejects.toMatchObject({ message: EMPLOYER_MSG.inviteEmail });
      const { user } = await registerEmployer(
        ax(),
        input({ email: "mate@invite-air.example", invite: token }),
        ip,
      );
      expect(user.companyId).toBe(c.id);
      expect(await readInvitation(t.db, token)).toBeNull();

      // An expired link is refused.
      const inv2 = await inviteColleague(ctx, "late@invite-air.example");
      await t.db
        .update(employerInvitations)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(employerInvitations.id, inv2.id));
      const [mail2] = await rows(
        t,
        sql`select * from mail_outbox where "to" = 'late@invite-air.example'`,
      );
      const token2 = /\/employers\?invite=([A-Za-z0-9_-]+)/.exec(JSON.stringify(mail2))![1];
      await expect(
        registerEmployer(ax(), input({ email: "late@invite-air.example", invite: token2 }), ip),
      ).rejects.toMatchObject({ message: EMPLOYER_MSG.inviteInvalid });
      expect(await auditActions()).toContain("employer.invite");
      // Students cannot invite.
      const { user: s } = await createUser(t.db);
      await expect(
        inviteColleague(
          configured({ db: t.db, actor: { id: s.id, role: "student", email: s.email } }),
          "a@b.example",
        ),
      ).rejects.toBeInstanceOf(Forbidden);
    });

    it(`caps pending invitations at ${MAX_PENDING_INVITATIONS} per company`, async () => {
      const c = await createCompany(t.db, { website: "https://many.example" });
      const boss = await employer(c.id, "boss@many.example");
      const ctx = configured({ db: t.db, actor: boss.actor });
      for (let i = 0; i < MAX_PENDING_INVITATIONS; i++)
        await inviteColleague(ctx, `p${i}@many.example`);
      // Re-inviting a pending address replaces it (no new slot used).
      await inviteColleague(ctx, "p0@many.example");
      await expect(inviteColleague(ctx, "one-more@many.example")).rejects.toMatchObject({
        message: EMPLOYER_MSG.inviteLimit(MAX_PENDING_INVITATIONS),
      });
    });
  });

  describe("admin trust actions", () => {
    it("verify, block and unblock an employer: audited, sessions ended, own jobs hidden and back", async () => {
      const a = await admin();
      const c = await createCompany(t.db, { website: "https://block.example" });
      const e = await employer(c.id, "e@block.example");
      const own = await createJob(t.db, { companyId: c.id });
      await t.db.update(jobs).set({ createdBy: e.user.id }).where(eq(jobs.id, own.id));
      const reported = await createJob(t.db, { companyId: c.id });
      await t.db
        .update(jobs)
        .set({ createdBy: e.user.id, hiddenReason: "reports" })
        .where(eq(jobs.id, reported.id));
      const other = await createJob(t.db, { companyId: c.id });
      const web = await createSession(t.db, e.user.id, "web", { remember: true });
      const api = await createSession(t.db, e.user.id, "api");

      await expect(verifyEmployer({ db: t.db, actor: e.actor }, e.user.id)).rejects.toBeInstanceOf(
        Forbidden,
      );
      await expect(
        verifyEmployer({ db: t.db, actor: a }, crypto.randomUUID()),
      ).rejects.toBeInstanceOf(NotFound);
      expect((await verifyEmployer({ db: t.db, actor: a }, e.user.id)).employerVerified).toBe(true);
      expect((await blockEmployer({ db: t.db, actor: a }, e.user.id)).isBlocked).toBe(true);
      expect(await resolveSession(t.db, web.token, "web")).toBeNull();
      expect(await resolveSession(t.db, api.token, "api")).toBeNull();
      await expect(
        authenticate(ax(), { email: e.user.email, password: DEFAULT_PASSWORD, ip: "2.2.2.2" }),
      ).rejects.toMatchObject({ status: 403, message: EMPLOYER_MSG.blocked });
      const reasons = async () =>
        Object.fromEntries(
          (await t.db.select({ id: jobs.id, r: jobs.hiddenReason }).from(jobs)).map((j) => [
            j.id,
            j.r,
          ]),
        );
      expect(await reasons()).toEqual({
        [own.id]: "blocked",
        [reported.id]: "reports",
        [other.id]: null,
      });
      // Any session created while blocked resolves to nobody.
      const late = await createSession(t.db, e.user.id, "api");
      expect(await resolveSession(t.db, late.token, "api")).toBeNull();

      await unblockEmployer({ db: t.db, actor: a }, e.user.id);
      expect(await reasons()).toEqual({
        [own.id]: null,
        [reported.id]: "reports",
        [other.id]: null,
      });
      expect(await resolveSession(t.db, late.token, "api")).not.toBeNull();
      expect(await auditActions()).toEqual(
        expect.arrayContaining(["employer.verify", "employer.block", "employer.unblock"]),
      );
    });

    it("block a company: every job hidden, its employers refused; unblock keeps a blocked employer's jobs hidden", async () => {
      const a = await admin();
      const c = await createCompany(t.db, { name: "Blocked Co", website: "https://bco.example" });
      const e1 = await employer(c.id, "one@bco.example");
      const e2 = await employer(c.id, "two@bco.example");
      const j1 = await createJob(t.db, { companyId: c.id });
      const j2 = await createJob(t.db, { companyId: c.id });
      await t.db.update(jobs).set({ createdBy: e2.user.id }).where(eq(jobs.id, j2.id));
      const tok = await createSession(t.db, e1.user.id, "api");
      await blockCompany({ db: t.db, actor: a }, c.id);
      expect(await resolveSession(t.db, tok.token, "api")).toBeNull();
      await expect(
        authenticate(ax(), { email: e1.user.email, password: DEFAULT_PASSWORD, ip: "3.3.3.3" }),
      ).rejects.toMatchObject({ status: 403, message: EMPLOYER_MSG.companyBlocked });
      const hidden = await t.db.select({ r: jobs.hiddenReason }).from(jobs);
      expect(hidden.every((j) => j.r === "blocked")).toBe(true);
      // Public company data leaves it out; admins see it marked.
      const { user: s } = await createUser(t.db);
      const student = { db: t.db, actor: { id: s.id, role: "student" as const, email: s.email } };
      expect((await listCompanies(student)).companies.map((x) => x.id)).not.toContain(c.id);
      await expect(getCompany(student, c.id)).rejects.toBeInstanceOf(NotFound);
      expect((await getCompany({ db: t.db, actor: a }, c.id)).isBlocked).toBe(true);
      // Employer two is blocked on their own too: the company's unblock leaves their job hidden.
      await blockEmployer({ db: t.db, actor: a }, e2.user.id);
      await unblockCompany({ db: t.db, actor: a }, c.id);
      const after = Object.fromEntries(
        (await t.db.select({ id: jobs.id, r: jobs.hiddenReason }).from(jobs)).map((j) => [
          j.id,
          j.r,
        ]),
      );
      expect(after).toEqual({ [j1.id]: null, [j2.id]: "blocked" });
      // And an employer's unblock never shows a job of a still-blocked company.
      await blockCompany({ db: t.db, actor: a }, c.id);
      await unblockEmployer({ db: t.db, actor: a }, e2.user.id);
      expect(
        (await t.db.select({ r: jobs.hiddenReason }).from(jobs).where(eq(jobs.id, j2.id)))[0].r,
      ).toBe("blocked");
      expect(await auditActions()).toEqual(
        expect.arrayContaining(["company.block", "company.unblock"]),
      );
    });

    it("lists employers with ?role=employer and their company; a new website recomputes the signal", async () => {
      const a = await admin();
      const c = await createCompany(t.db, { name: "Signal Air", website: "https://old.example" });
      const e = await employer(c.id, "pat@new.example");
      await createUser(t.db);
      const page = await listUsers(
        { db: t.db, actor: a },
        readUserListQuery(new URLSearchParams("role=employer")),
      );
      expect(page.users.map((u) => [u.email, u.companyName, u.domainVerified])).toEqual([
        ["pat@new.example", "Signal Air", false],
      ]);
      await updateCompany({ db: t.db, actor: a }, c.id, { website: "https://www.new.example" });
      const [u] = await t.db.select().from(users).where(eq(users.id, e.user.id));
      expect(u.domainVerified).toBe(true);
    });
  });
});
