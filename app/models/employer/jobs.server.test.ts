/**
 * Employers' jobs (ADR 104) on real databases: ownership across two companies, no
 * self-approval, pending after a content edit, closing keeps approval, delete rules, both limits
 * (with concurrency), the review (approve/decline) with its outbox mail, the approval queue's order
 * and trust signal, the decline templates and the per-job counts.
 */
import { describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { forEachDb, rows, type TestDb } from "../../../tests/setup/db";
import { createCompany, createJob, createUser } from "../../../tests/factories";
import { createEmployer } from "../../../tests/factories/employer-jobs";
import { Conflict, Forbidden, NotFound, TooManyRequests } from "~/lib/errors";
import { jobCreateSchema, jobUpdateSchema } from "../job/job.schema";
import { getJob, recordJobInteraction, setJobApproval, updateJob } from "../job/job.server";
import {
  EMPLOYER_JOB_MSG,
  employerCreateJob,
  employerDeleteJob,
  employerUpdateJob,
  findEmployerJob,
  getJobForActor,
  listEmployerJobs,
  reviewStatusOf,
} from "./jobs.server";
import { declineJob } from "./review.server";
import { listApprovalQueue, trustSignal } from "./queue.server";
import {
  createDeclineTemplate,
  deleteDeclineTemplate,
  listDeclineTemplates,
  moveDeclineTemplate,
  updateDeclineTemplate,
} from "./decline-templates.server";

const LIMITS = { maxPending: 5, maxDaily: 10 };
const CFG = { publicUrl: "https://runway.example.edu" };

forEachDb((t: TestDb) => {
  const ctxOf = (actor: { id: string; role: string; email: string; companyId?: string | null }) =>
    ({ db: t.db, actor }) as Parameters<typeof getJob>[0];
  const admin = async () => {
    const { user } = await createUser(t.db, { role: "admin" });
    return ctxOf({ id: user.id, role: "admin", email: user.email });
  };
  const student = async () => {
    const { user } = await createUser(t.db, { role: "student" });
    return ctxOf({ id: user.id, role: "student", email: user.email });
  };
  const employer = async (o: Parameters<typeof createEmployer>[1] = {}) => {
    const e = await createEmployer(t.db, o);
    return { ...e, ctx: ctxOf(e.actor) };
  };
  const input = (o: Record<string, unknown> = {}) =>
    jobCreateSchema.parse({ title: "Line Maintenance Trainee", company: "x", ...o });
  const create = (e: Awaited<ReturnType<typeof employer>>, o: Record<string, unknown> = {}) =>
    employerCreateJob(e.ctx, input({ company: e.companyId, ...o }), LIMITS);
  const outbox = () =>
    rows<{ to: string; subject: string; text: string; template: string }>(
      t,
      sql`select "to", subject, text, template from mail_outbox order by created_at, id`,
    );

  describe("employer jobs: create and ownership", () => {
    it("creates a pending job for the own company; another company or isApproved:true is a 403", async () => {
      const e = await employer();
      const job = await create(e);
      expect(job.companyId).toBe(e.companyId);
      expect(job.isApproved).toBe(false);
      expect(job.createdBy).toBe(e.user.id);
      expect(job.submittedAt).not.toBeNull();
      expect(reviewStatusOf(job)).toBe("pending");
      // The company in the input defaults to nothing: the actor's is used when it matches.
      const other = await createCompany(t.db);
      await expect(create(e, { company: other.id })).rejects.toThrow(Forbidden);
      await expect(create(e, { isApproved: true })).rejects.toThrow(EMPLOYER_JOB_MSG.noApproval);
      // Not on the board, not visible to a student.
      await expect(getJob(await student(), job.id)).rejects.toThrow(NotFound);
      // A student or an admin cannot use the employer functions.
      await expect(
        employerCreateJob(await student(), input({ company: e.companyId }), LIMITS),
      ).rejects.toThrow(Forbidden);
      const audits = await rows<{ action: string }>(
        t,
        sql`select action from audit_log where entity_id = ${job.id}`,
      );
      expect(audits.map((a) => a.action)).toEqual(["job.submit"]);
    });

    it("another company's jobs do not exist for an employer: read, edit, close, delete, list", async () => {
      const a = await employer();
      const b = await employer();
      const mine = await create(a, { title: "Mine" });
      const theirs = await create(b, { title: "Theirs pending" });
      const theirsPublic = await createJob(t.db, {
        companyId: b.companyId,
        title: "Theirs public",
      });
      expect(await findEmployerJob(a.ctx, theirs.id)).toBeNull();
      await expect(getJobForActor(a.ctx, theirs.id)).rejects.toThrow(NotFound);
      // Public jobs of another company are readable as everyone reads them (not as own).
      expect((await getJobForActor(a.ctx, theirsPublic.id)).own).toBe(false);
      expect((await getJobForActor(a.ctx, mine.id)).own).toBe(true);
      const edit = jobUpdateSchema.parse({ title: "Hijacked" });
      await expect(employerUpdateJob(a.ctx, theirs.id, edit, LIMITS)).rejects.toThrow(NotFound);
      await expect(employerUpdateJob(a.ctx, theirsPublic.id, edit, LIMITS)).rejects.toThrow(
        NotFound,
      );
      await expect(
        employerUpdateJob(a.ctx, theirsPublic.id, { status: "closed" }, LIMITS),
      ).rejects.toThrow(NotFound);
      await expect(employerDeleteJob(a.ctx, theirs.id)).rejects.toThrow(NotFound);
      await expect(employerDeleteJob(a.ctx, "not-a-uuid")).rejects.toThrow(NotFound);
      // Moving an own job to another company is refused.
      await expect(
        employerUpdateJob(a.ctx, mine.id, jobUpdateSchema.parse({ company: b.companyId }), LIMITS),
      ).rejects.toThrow(Forbidden);
      const list = await listEmployerJobs(a.ctx);
      expect(list.rows.map((r) => r.title)).toEqual(["Mine"]);
      expect(list.total).toBe(1);
      const [still] = await rows<{ title: string }>(
        t,
        sql`select title from jobs where id = ${theirs.id}`,
      );
      expect(still.title).toBe("Theirs pending");
    });
  });

  describe("employer jobs: review state", () => {
    it("an approved job edited by its employer leaves the board until re-approved; closing keeps approval", async () => {
      const e = await employer();
      const ad = await admin();
      const job = await create(e);
      await setJobApproval(ad, job.id, true, CFG);
      const s = await student();
      expect((await getJob(s, job.id)).id).toBe(job.id);
      // Closing keeps the approval (no review, no submission counted) …
      const closed = await employerUpdateJob(e.ctx, job.id, { status: "closed" }, LIMITS);
      expect(closed.submitted).toBe(false);
      expect(closed.row.isApproved).toBe(true);
      expect(reviewStatusOf(closed.row)).toBe("closed");
      // … but reopening goes back through review like a change of content.
      const reopened = await employerUpdateJob(
        e.ctx,
        job.id,
        jobUpdateSchema.parse({ status: "active" }),
        LIMITS,
      );
      expect(reopened.submitted).toBe(true);
      expect(reopened.row.isApproved).toBe(false);
      expect(reviewStatusOf(reopened.row)).toBe("pending");
      await expect(getJob(s, job.id)).rejects.toThrow(NotFound);
      await setJobApproval(ad, job.id, true, CFG);
      // Saving the same content again is no submission.
      const same = await employerUpdateJob(
        e.ctx,
        job.id,
        jobUpdateSchema.parse({ title: job.title }),
        LIMITS,
      );
      expect(same.submitted).toBe(false);
      expect(same.row.isApproved).toBe(true);
      // A content edit: pending again, off the board.
      const edited = await employerUpdateJob(
        e.ctx,
        job.id,
        jobUpdateSchema.parse({ description: "Now with night shifts." }),
        LIMITS,
      );
      expect(edited.submitted).toBe(true);
      expect(edited.row.isApproved).toBe(false);
      expect(reviewStatusOf(edited.row)).toBe("pending");
      await expect(getJob(s, job.id)).rejects.toThrow(NotFound);
      // isApproved:true on an edit is refused; false is ignored.
      await expect(
        employerUpdateJob(e.ctx, job.id, jobUpdateSchema.parse({ isApproved: true }), LIMITS),
      ).rejects.toThrow(Forbidden);
    });

    it("a declined job resubmitted is pending again with the decline cleared", async () => {
      const e = await employer();
      const job = await create(e);
      await declineJob(await admin(), job.id, "Please add the salary range.", CFG);
      const declined = (await findEmployerJob(e.ctx, job.id))!;
      expect(reviewStatusOf(declined)).toBe("declined");
      expect(declined.declineReason).toBe("Please add the salary range.");
      const { row } = await employerUpdateJob(
        e.ctx,
        job.id,
        jobUpdateSchema.parse({ shortDescription: "PHP 25,000 a month" }),
        LIMITS,
      );
      expect(reviewStatusOf(row)).toBe("pending");
      expect(row.declineReason).toBeNull();
      expect(row.declinedAt).toBeNull();
    });

    it("deletes pending or declined own jobs; an approved job is closed instead (409)", async () => {
      const e = await employer();
      const pending = await create(e);
      const approved = await create(e);
      await setJobApproval(await admin(), approved.id, true, CFG);
      await expect(employerDeleteJob(e.ctx, approved.id)).rejects.toThrow(Conflict);
      expect(await employerDeleteJob(e.ctx, pending.id)).toMatchObject({ id: pending.id });
      expect(await rows(t, sql`select id from jobs where id = ${pending.id}`)).toHaveLength(0);
    });

    it("reports views and Apply Now clicks per job, and expired past the deadline", async () => {
      const e = await employer();
      const job = await create(e);
      await setJobApproval(await admin(), job.id, true, CFG);
      for (let i = 0; i < 3; i++) {
        const { user } = await createUser(t.db, { role: "student" });
        await recordJobInteraction(t.db, user.id, job.id, "view");
        if (i < 2) await recordJobInteraction(t.db, user.id, job.id, "apply");
      }
      const row = (await findEmployerJob(e.ctx, job.id))!;
      expect([row.views, row.applyClicks]).toEqual([3, 2]);
      expect(reviewStatusOf({ ...row, applicationDeadline: new Date(Date.now() - 1000) })).toBe(
        "expired",
      );
    });
  });

  describe("employer jobs: limits", () => {
    it("at most maxPending pending jobs per company (429 naming the limit); closing frees a place", async () => {
      const e = await employer();
      const colleague = await employer({ companyId: e.companyId });
      const limits = { maxPending: 2, maxDaily: 10 };
      const a = await employerCreateJob(e.ctx, input({ company: e.companyId }), limits);
      await employerCreateJob(colleague.ctx, input({ company: e.companyId }), limits);
      const err = await employerCreateJob(e.ctx, input({ company: e.companyId }), limits).catch(
        (x) => x,
      );
      expect(err).toBeInstanceOf(TooManyRequests);
      expect(err.message).toBe(EMPLOYER_JOB_MSG.pendingLimit(2));
      // Editing a job that is already pending is allowed (it adds no pending job).
      await employerUpdateJob(e.ctx, a.id, jobUpdateSchema.parse({ title: "Renamed" }), limits);
      await employerUpdateJob(e.ctx, a.id, { status: "closed" }, limits);
      await employerCreateJob(e.ctx, input({ company: e.companyId }), limits);
      // Another company is not affected.
      const other = await employer();
      await employerCreateJob(other.ctx, input({ company: other.companyId }), limits);
    });

    it("at most maxDaily submissions (creates and content edits) per account in 24 hours", async () => {
      const e = await employer();
      const limits = { maxPending: 100, maxDaily: 3 };
      const job = await employerCreateJob(e.ctx, input({ company: e.companyId }), limits);
      await employerUpdateJob(e.ctx, job.id, jobUpdateSchema.parse({ title: "Two" }), limits);
      // A status change is not a submission.
      await employerUpdateJob(e.ctx, job.id, { status: "closed" }, limits);
      await employerUpdateJob(e.ctx, job.id, jobUpdateSchema.parse({ title: "Three" }), limits);
      const err = await employerUpdateJob(
        e.ctx,
        job.id,
        jobUpdateSchema.parse({ title: "Four" }),
        limits,
      ).catch((x) => x);
      expect(err).toBeInstanceOf(TooManyRequests);
      expect(err.message).toBe(EMPLOYER_JOB_MSG.dailyLimit(3));
      expect(err.retryAfterSeconds).toBeGreaterThan(80_000);
      // Older than 24 hours no longer counts.
      await t.db.execute(
        sql`update audit_log set created_at = now() - interval '25 hours' where actor_id = ${e.user.id}`,
      );
      await employerUpdateJob(e.ctx, job.id, jobUpdateSchema.parse({ title: "Four" }), limits);
    });

    it("two concurrent submissions at the limit: exactly one passes", async () => {
      const e = await employer();
      const colleague = await employer({ companyId: e.companyId });
      const limits = { maxPending: 1, maxDaily: 10 };
      const results = await Promise.allSettled([
        employerCreateJob(e.ctx, input({ company: e.companyId, title: "Race A" }), limits),
        employerCreateJob(colleague.ctx, input({ company: e.companyId, title: "Race B" }), limits),
        employerCreateJob(e.ctx, input({ company: e.companyId, title: "Race C" }), limits),
      ]);
      expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
      for (const r of results.filter((r) => r.status === "rejected"))
        expect((r as PromiseRejectedResult).reason).toBeInstanceOf(TooManyRequests);
      const [n] = await rows<{ n: number }>(
        t,
        sql`select count(*)::int as n from jobs where company_id = ${e.companyId}`,
      );
      expect(n.n).toBe(1);
    });
  });

  describe("review: approve and decline", () => {
    it("two approvals at the same time record one review and mail the employer once", async () => {
      const e = await employer();
      const ad = await admin();
      const job = await create(e, { title: "Twice Approved" });
      // Each approval locks the row and decides on it: the second one finds it approved already.
      await Promise.all([
        setJobApproval(ad, job.id, true, CFG),
        setJobApproval(ad, job.id, true, CFG),
      ]);
      const mails = await outbox();
      expect(mails.map((m) => m.template)).toEqual(["job_approved"]);
    });

    it("approving by any door records the review and mails the employer the public link", async () => {
      const e = await employer({ firstName: "Erin" });
      const ad = await admin();
      const viaToggle = await create(e, { title: "Toggle Job" });
      const viaUpdate = await create(e, { title: "Update Job" });
      await setJobApproval(ad, viaToggle.id, true, CFG);
      await updateJob(ad, viaUpdate.id, { isApproved: true, title: "Update Job" }, CFG);
      const mails = await outbox();
      expect(mails.map((m) => [m.to, m.subject, m.template])).toEqual([
        [e.user.email, "Your job “Toggle Job” is approved and live on Runway", "job_approved"],
        [e.user.email, "Your job “Update Job” is approved and live on Runway", "job_approved"],
      ]);
      expect(mails[0].text).toContain(`https://runway.example.edu/jobs/${viaToggle.id}`);
      const [r] = await rows<{ reviewed_by: string; reviewed_at: Date | null }>(
        t,
        sql`select reviewed_by, reviewed_at from jobs where id = ${viaToggle.id}`,
      );
      expect(r.reviewed_by).toBe(ad.actor!.id);
      // Approving an approved job again, or removing approval, mails nothing (not a decline).
      await setJobApproval(ad, viaToggle.id, true, CFG);
      await setJobApproval(ad, viaToggle.id, false, CFG);
      expect(await outbox()).toHaveLength(2);
      const after = (await findEmployerJob(e.ctx, viaToggle.id))!;
      expect(reviewStatusOf(after)).toBe("pending");
      // A job created by staff mails nobody.
      const staffJob = await createJob(t.db, { isApproved: false });
      await setJobApproval(ad, staffJob.id, true, CFG);
      expect(await outbox()).toHaveLength(2);
    });

    it("declining stores the reason, audits and mails it with the edit link; admins only", async () => {
      const e = await employer();
      const ad = await admin();
      const job = await create(e, { title: "Ramp Agent" });
      await expect(declineJob(e.ctx, job.id, "x", CFG)).rejects.toThrow(Forbidden);
      await expect(
        declineJob(ad, "00000000-0000-4000-8000-000000000000", "x", CFG),
      ).rejects.toThrow(NotFound);
      await declineJob(ad, job.id, "The job asks applicants for a fee.", CFG);
      const [m] = await outbox();
      expect(m.subject).toBe("Your job “Ramp Agent” was not approved");
      expect(m.text).toContain("The job asks applicants for a fee.");
      expect(m.text).toContain(`https://runway.example.edu/employer/jobs/${job.id}/edit`);
      const [a] = await rows<{ action: string; after: { declineReason: string } }>(
        t,
        sql`select action, after from audit_log where action = 'job.decline'`,
      );
      expect(a.after.declineReason).toBe("The job asks applicants for a fee.");
      // Approving later clears the decline.
      await setJobApproval(ad, job.id, true, CFG);
      const row = (await findEmployerJob(e.ctx, job.id))!;
      expect([row.declinedAt, row.declineReason, reviewStatusOf(row)]).toEqual([
        null,
        null,
        "approved",
      ]);
    });
  });

  describe("approval queue", () => {
    it("lists pending jobs oldest submission first, with the company, submitter and trust signal", async () => {
      const ad = await admin();
      const domain = await employer({ domainVerified: true });
      const verified = await employer({ employerVerified: true });
      const free = await employer({ email: `someone.${Date.now()}@gmail.com` });
      const plain = await employer();
      const j1 = await create(domain, { title: "Q1" });
      const j2 = await create(verified, { title: "Q2" });
      const j3 = await create(free, { title: "Q3" });
      const j4 = await create(plain, { title: "Q4" });
      const staff = await createJob(t.db, { isApproved: false, title: "Q0" });
      await createJob(t.db, { isApproved: true, title: "Approved, not queued" });
      // Order by submission: make j3 the oldest, then the staff job by creation time.
      await t.db.execute(
        sql`update jobs set submitted_at = now() - interval '3 days' where id = ${j3.id}`,
      );
      await t.db.execute(
        sql`update jobs set created_at = now() - interval '2 days' where id = ${staff.id}`,
      );
      // Declined and closed jobs leave the queue.
      const declined = await create(plain, { title: "Declined" });
      await declineJob(ad, declined.id, "No.", CFG);
      const q = await listApprovalQueue(ad);
      expect(q.items.map((i) => [i.title, i.signal])).toEqual([
        ["Q3", "Free mail"],
        ["Q0", "Staff"],
        ["Q1", "Domain verified"],
        ["Q2", "Verified"],
        ["Q4", "Unverified"],
      ]);
      expect(q.total).toBe(5);
      expect(q.items[2].submitter?.email).toBe(domain.user.email);
      expect(q.items[0].companyId).toBe(free.companyId);
      await expect(listApprovalQueue(domain.ctx)).rejects.toThrow(Forbidden);
      void j1;
      void j2;
      void j4;
    });

    it("trustSignal: manual verification, then domain, then free mail", () => {
      const base = { role: "employer", employer_verified_at: null, domain_verified: false };
      expect(trustSignal({ ...base, email: "a@yahoo.com" })).toBe("Free mail");
      expect(trustSignal({ ...base, email: "a@pal.example" })).toBe("Unverified");
      expect(trustSignal({ ...base, email: "a@pal.example", domain_verified: true })).toBe(
        "Domain verified",
      );
      expect(trustSignal({ ...base, email: "a@gmail.com", employer_verified_at: new Date() })).toBe(
        "Verified",
      );
    });
  });

  describe("decline templates", () => {
    it("admins list, add, edit, reorder and delete them (audited); others get 403", async () => {
      const ad = await admin();
      const e = await employer();
      const a = await createDeclineTemplate(ad, { title: "Fee", body: "Asks for a fee." });
      const b = await createDeclineTemplate(ad, { title: "Vague", body: "Too vague." });
      expect((await listDeclineTemplates(ad)).map((x) => x.title)).toEqual(["Fee", "Vague"]);
      await moveDeclineTemplate(ad, b.id, "up");
      expect((await listDeclineTemplates(ad)).map((x) => x.title)).toEqual(["Vague", "Fee"]);
      await updateDeclineTemplate(ad, a.id, { title: "Fee requested", body: "Never ask a fee." });
      await deleteDeclineTemplate(ad, b.id);
      expect(await listDeclineTemplates(ad)).toEqual([
        expect.objectContaining({ title: "Fee requested", body: "Never ask a fee." }),
      ]);
      await expect(deleteDeclineTemplate(ad, b.id)).rejects.toThrow(NotFound);
      await expect(listDeclineTemplates(e.ctx)).rejects.toThrow(Forbidden);
      await expect(createDeclineTemplate(e.ctx, { title: "x", body: "y" })).rejects.toThrow(
        Forbidden,
      );
      const audits = await rows<{ action: string }>(
        t,
        sql`select action from audit_log where entity_type = 'decline_template' order by created_at, id`,
      );
      expect(audits.map((x) => x.action)).toEqual([
        "decline_template.create",
        "decline_template.create",
        "decline_template.move",
        "decline_template.update",
        "decline_template.delete",
      ]);
    });
  });
});
