/**
 * Requests to join an existing company (ADR 109) on both databases: a free-mail sign-up naming a
 * company acts for no company — every employer function refuses it — until a verified employer of
 * the company or an admin approves; declined and expired requests end; one mail per request to each
 * verified employer and admin; the public profile changes only through verified employers.
 */
import { describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { employerJoinRequests, users } from "../../../db/schema";
import { forEachDb, rows, type TestDb } from "../../../tests/setup/db";
import { authCtx, configured } from "../../../tests/setup/auth-config";
import { createCompany, createJob, createUser } from "../../../tests/factories";
import { createEmployer } from "../../../tests/factories/employer-jobs";
import { Conflict, Forbidden, NotFound } from "~/lib/errors";
import { getOwnCompany, updateOwnCompany } from "../company/company.server";
import { ctxOf, type Actor } from "../context";
import { jobUpdateSchema } from "../job/job.schema";
import { registerEmployer } from "./account.server";
import { employerRegisterSchema } from "./employer.schema";
import { employerUpdateJob, findEmployerJob, listEmployerJobs } from "./jobs.server";
import {
  decideJoinRequest,
  expireJoinRequests,
  listJoinRequests,
  myJoinRequest,
} from "./join.server";
import { getTeam, inviteColleague } from "./team.server";

const schema = employerRegisterSchema("example.edu");
const LIMITS = { maxPending: 50, maxDaily: 50 };

forEachDb((t: TestDb) => {
  const ip = { ip: "203.0.113.77" };
  async function world() {
    const company = await createCompany(t.db, { name: "Pacific Wings", website: "https://pw.ph" });
    const owner = await createEmployer(t.db, {
      companyId: company.id,
      email: "hr@pw.ph",
      domainVerified: true,
    });
    const { user: adminUser } = await createUser(t.db, { role: "admin" });
    const job = await createJob(t.db, { companyId: company.id, status: "closed" });
    return { company, owner, adminUser, job };
  }
  async function request(companyId: string, email = "pw.hiring@gmail.com") {
    const { user } = await registerEmployer(
      authCtx(t.db),
      schema.parse({
        firstName: "Mallory",
        lastName: "Outsider",
        email,
        password: "Employer-pass-2026",
        acceptTerms: true,
        companyId,
      }),
      ip,
    );
    // Verified at once: the attack does not need to wait.
    const [verified] = await t.db
      .update(users)
      .set({ emailVerifiedAt: new Date() })
      .where(eq(users.id, user.id))
      .returning();
    return verified;
  }
  const c = (e: { actor: Actor }) => ({ db: t.db, actor: e.actor });
  const mailTo = async (to: string) =>
    rows<{ subject: string; template: string }>(
      t,
      sql`select subject, template from mail_outbox where "to" = ${to} order by created_at`,
    );

  describe("a sign-up naming an existing company", () => {
    it("acts for no company until approved: every employer function refuses it", async () => {
      const { company, job } = await world();
      const me = await request(company.id);
      expect(me.companyId).toBe(company.id);
      expect(me.companyJoinedAt).toBeNull();
      const ctx = configured(ctxOf(t.db, me));
      expect(ctx.actor.companyId).toBeNull();
      await expect(listEmployerJobs(ctx, {}, { offset: 0, limit: 10 })).rejects.toThrow(Forbidden);
      await expect(findEmployerJob(ctx, job.id)).rejects.toThrow(Forbidden);
      await expect(getTeam(ctx)).rejects.toThrow(Forbidden);
      await expect(getOwnCompany(ctx)).rejects.toThrow(Forbidden);
      await expect(updateOwnCompany(ctx, { description: "Send fees to…" })).rejects.toThrow(
        Forbidden,
      );
      await expect(
        employerUpdateJob(ctx, job.id, jobUpdateSchema.parse({ status: "active" }), LIMITS),
      ).rejects.toThrow(Forbidden);
      await expect(inviteColleague(ctx, "friend@pw.ph")).rejects.toThrow(Forbidden);
      await expect(listJoinRequests(ctx)).rejects.toThrow(Forbidden);
      const [after] = await rows<{ status: string; description: string | null }>(
        t,
        sql`select j.status, c.description from jobs j join companies c on c.id = j.company_id where j.id = ${job.id}`,
      );
      expect(after).toEqual({ status: "closed", description: null });
      // Its own request is what it sees: the company's name and the state.
      expect(await myJoinRequest(ctx)).toMatchObject({
        companyName: "Pacific Wings",
        status: "pending",
      });
    });

    it("mails each verified employer and each admin once; an unverified colleague is not asked", async () => {
      const { company, owner, adminUser } = await world();
      const unverified = await createEmployer(t.db, { companyId: company.id, email: "x@other.ph" });
      await request(company.id);
      expect(await mailTo(owner.user.email)).toEqual([
        {
          subject: expect.stringContaining("Request to join Pacific Wings"),
          template: "employer_join_request",
        },
      ]);
      expect((await mailTo(adminUser.email)).map((m) => m.template)).toEqual([
        "employer_join_request",
      ]);
      expect(await mailTo(unverified.user.email)).toEqual([]);
      // The requester's typed name stays out of mail to other people.
      const [body] = await rows<{ text: string }>(
        t,
        sql`select text from mail_outbox where "to" = ${owner.user.email}`,
      );
      expect(body.text).toContain("pw.hiring@gmail.com");
      expect(body.text).not.toContain("Mallory");
    });

    it("a verified employer approves: the account becomes a member and is told", async () => {
      const { company, owner, job } = await world();
      const me = await request(company.id);
      const [r] = await listJoinRequests(c(owner));
      expect(r).toMatchObject({ email: me.email, status: "pending", companyId: company.id });
      const decided = await decideJoinRequest(configured(c(owner)), r.id, "approve");
      expect(decided.status).toBe("approved");
      const [row] = await t.db.select().from(users).where(eq(users.id, me.id));
      expect(row.companyJoinedAt).not.toBeNull();
      const ctx = ctxOf(t.db, row);
      expect(ctx.actor.companyId).toBe(company.id);
      expect((await listEmployerJobs(ctx, {}, { offset: 0, limit: 10 })).total).toBe(1);
      expect((await findEmployerJob(ctx, job.id))?.id).toBe(job.id);
      expect((await mailTo(me.email)).map((m) => m.template)).toContain("employer_join_approved");
      // Answered once: a second answer is a conflict.
      await expect(decideJoinRequest(configured(c(owner)), r.id, "decline")).rejects.toThrow(
        Conflict,
      );
      const actions = await rows<{ action: string }>(
        t,
        sql`select action from audit_log where action like 'employer.join.%'`,
      );
      expect(actions.map((a) => a.action)).toEqual(["employer.join.approve"]);
    });

    it("an admin declines: the request ends and the account stays outside", async () => {
      const { company, adminUser } = await world();
      const me = await request(company.id);
      const adminCtx = configured(ctxOf(t.db, adminUser));
      const [r] = await listJoinRequests(adminCtx, { companyId: company.id });
      await decideJoinRequest(adminCtx, r.id, "decline");
      expect(await listJoinRequests(adminCtx)).toEqual([]);
      const [row] = await t.db.select().from(users).where(eq(users.id, me.id));
      expect(row.companyJoinedAt).toBeNull();
      const ctx = ctxOf(t.db, row);
      await expect(getOwnCompany(ctx)).rejects.toThrow(Forbidden);
      expect((await myJoinRequest(ctx))?.status).toBe("declined");
      expect((await mailTo(me.email)).map((m) => m.template)).toContain("employer_join_declined");
      await expect(decideJoinRequest(adminCtx, r.id, "approve")).rejects.toThrow(Conflict);
    });

    it("only a verified employer of that company (or an admin) may answer", async () => {
      const { company } = await world();
      const me = await request(company.id);
      const unverified = await createEmployer(t.db, { companyId: company.id, email: "y@other.ph" });
      const stranger = await createEmployer(t.db, {
        email: "hr@elsewhere.ph",
        domainVerified: true,
      });
      const [{ id }] = await t.db.select().from(employerJoinRequests);
      await expect(listJoinRequests(c(unverified))).rejects.toThrow(Forbidden);
      await expect(decideJoinRequest(configured(c(unverified)), id, "approve")).rejects.toThrow(
        NotFound,
      );
      expect(await listJoinRequests(c(stranger))).toEqual([]);
      await expect(decideJoinRequest(configured(c(stranger)), id, "approve")).rejects.toThrow(
        NotFound,
      );
      // Nor can the requester approve itself.
      await expect(decideJoinRequest(configured(ctxOf(t.db, me)), id, "approve")).rejects.toThrow(
        NotFound,
      );
      const [row] = await t.db.select().from(users).where(eq(users.id, me.id));
      expect(row.companyJoinedAt).toBeNull();
    });

    it("an ignored request ends after its 14 days: judged on read, and by the timer", async () => {
      const { company, owner } = await world();
      const me = await request(company.id);
      const other = await request(company.id, "another.hr@yahoo.com");
      const [r] = await t.db
        .select()
        .from(employerJoinRequests)
        .where(eq(employerJoinRequests.userId, me.id));
      expect(r.expiresAt.getTime() - r.createdAt.getTime()).toBe(14 * 86400_000);
      await t.db
        .update(employerJoinRequests)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(employerJoinRequests.id, r.id));
      // On read: no longer offered, and it cannot be approved any more.
      expect((await listJoinRequests(c(owner))).map((x) => x.email)).toEqual([other.email]);
      await expect(decideJoinRequest(configured(c(owner)), r.id, "approve")).rejects.toThrow(
        Conflict,
      );
      expect((await myJoinRequest(ctxOf(t.db, me)))?.status).toBe("expired");
      // The timer ends the rest once they are due.
      await t.db.update(employerJoinRequests).set({ expiresAt: new Date(Date.now() - 1000) });
      expect(await expireJoinRequests(t.db)).toBe(1);
      const statuses = await rows<{ status: string }>(
        t,
        sql`select status from employer_join_requests order by status`,
      );
      expect(statuses.map((s) => s.status)).toEqual(["expired", "expired"]);
    });

    it("the public profile changes only through a verified employer", async () => {
      const { company, owner } = await world();
      const member = await createEmployer(t.db, { companyId: company.id, email: "z@other.ph" });
      await expect(updateOwnCompany(c(member), { phone: "+63 2 0000" })).rejects.toThrow(Forbidden);
      const saved = await updateOwnCompany(c(owner), { phone: "+63 2 1234" });
      expect(saved.phone).toBe("+63 2 1234");
    });

    it("a founder of a new company is a member at once (no request)", async () => {
      const { user } = await registerEmployer(
        authCtx(t.db),
        schema.parse({
          firstName: "Fay",
          lastName: "Founder",
          email: "fay@newair.ph",
          password: "Employer-pass-2026",
          acceptTerms: true,
          company: { name: "New Air", website: "https://newair.ph", location: "Clark" },
        }),
        ip,
      );
      expect(user.companyJoinedAt).not.toBeNull();
      expect(await t.db.select().from(employerJoinRequests)).toEqual([]);
    });
  });
});
