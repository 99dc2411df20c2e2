/**
 * Reports of bad postings: one report per user and job, auto-hide at the third
 * different reporter (not before, employers not counted), the public doors lose the job, admins
 * dismiss (it comes back) or uphold (it leaves the board), the daily limit, admin-only queue.
 */
import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { auditLog, jobs, users } from "../../../db/schema";
import { forEachDb, type TestDb } from "../../../tests/setup/db";
import { createCompany, createJob, createUser } from "../../../tests/factories";
import { Conflict, Forbidden, NotFound, TooManyRequests, Unauthorized } from "~/lib/errors";
import type { Role } from "#db/constants";
import { createJob as createJobAsAdmin, getJob, listJobs, searchPublicJobs } from "./job.server";
import { blockCompany, unblockCompany } from "../employer/moderation.server";
import { listReportedJobs, reportJob, resolveReports } from "./report.server";
import { reportInputSchema } from "./report.schema";
import { jobCreateSchema } from "./job.schema";

forEachDb((t: TestDb) => {
  const as = async (role: Role) => {
    if (role === "employer") {
      // The factory knows no company yet: insert the row here.
      const companyId = (await createCompany(t.db)).id;
      const [u] = await t.db
        .insert(users)
        .values({
          email: `boss.${crypto.randomUUID().slice(0, 8)}@example.com`,
          passwordHash: null,
          role,
          firstName: "Boss",
          lastName: "Employer",
          companyId,
        })
        .returning();
      return { db: t.db, actor: { id: u.id, role, email: u.email, companyId } };
    }
    const u = await createUser(t.db, { role });
    return { db: t.db, actor: { id: u.user.id, role, email: u.user.email } };
  };
  const guest = () => ({ db: t.db, actor: null });

  describe("job reports", () => {
    it("validates the input: reason, details length, details required for other", () => {
      expect(reportInputSchema.safeParse({ reason: "spam" }).success).toBe(false);
      expect(
        reportInputSchema.safeParse({ reason: "scam", details: "x".repeat(2001) }).success,
      ).toBe(false);
      expect(reportInputSchema.safeParse({ reason: "other", details: "  " }).success).toBe(false);
      expect(reportInputSchema.parse({ reason: "scam", details: "  " })).toEqual({
        reason: "scam",
        details: null,
      });
      expect(reportInputSchema.parse({ reason: "other", details: "asks for a fee" }).details).toBe(
        "asks for a fee",
      );
    });

    it("counts one user's repeat once and hides at exactly the third different reporter", async () => {
      const job = await createJob(t.db, { title: "Reported Job" });
      const [a, b, c] = [await as("student"), await as("alumni"), await as("student")];
      expect(await reportJob(a, job.id, { reason: "scam", details: null })).toEqual({
        created: true,
        reporters: 1,
        hidden: false,
      });
      expect(
        await reportJob(a, job.id, { reason: "misleading", details: "changed my mind" }),
      ).toEqual({
        created: false,
        reporters: 1,
        hidden: false,
      });
      expect((await reportJob(b, job.id, { reason: "scam" })).reporters).toBe(2);
      // An employer's report is kept but does not count towards hiding.
      const boss = await as("employer");
      expect((await reportJob(boss, job.id, { reason: "scam" })).hidden).toBe(false);
      expect(await getJob(guest(), job.id)).toBeTruthy();
      const third = await reportJob(c, job.id, { reason: "expired" });
      expect(third).toEqual({ created: true, reporters: 3, hidden: true });
      const [row] = await t.db.select().from(jobs).where(eq(jobs.id, job.id));
      expect(row.hiddenReason).toBe("reports");
      expect(row.hiddenAt).toBeInstanceOf(Date);
      const hides = await t.db.select().from(auditLog).where(eq(auditLog.action, "job.hide"));
      expect(hides).toHaveLength(1);
      // Gone from every public door; admins still see it.
      await expect(getJob(guest(), job.id)).rejects.toBeInstanceOf(NotFound);
      await expect(getJob(a, job.id)).rejects.toBeInstanceOf(NotFound);
      expect((await searchPublicJobs(t.db, {}, { offset: 0, limit: 10 })).rows).toHaveLength(0);
      const admin = await as("admin");
      expect((await getJob(admin, job.id)).hiddenReason).toBe("reports");
      expect((await listJobs(admin, {}, { offset: 0, limit: 10 })).rows).toHaveLength(1);
      // A fourth reporter cannot report a hidden job (it is not visible to them).
      await expect(
        reportJob(await as("alumni"), job.id, { reason: "scam" }),
      ).rejects.toBeInstanceOf(NotFound);

      // The queue: grouped by job, hidden first, reasons counted, each report with its reporter.
      const other = await createJob(t.db, { title: "Other Reported" });
      await reportJob(a, other.id, { reason: "discriminatory", details: "only men" });
      const queue = await listReportedJobs(admin);
      expect(queue.map((g) => [g.title, g.hidden, g.reporters])).toEqual([
        ["Reported Job", true, 4],
        ["Other Reported", false, 1],
      ]);
      expect(queue[0].reasons).toEqual({ misleading: 1, scam: 2, expired: 1 });
      expect(queue[0].reports[0]).toMatchObject({
        reason: "misleading",
        details: "changed my mind",
      });

      // Dismissed: the job comes back, the reports are closed, nothing is open any more.
      expect(await resolveReports(admin, job.id, "dismissed")).toMatchObject({ reports: 4 });
      expect((await getJob(guest(), job.id)).hiddenReason).toBeNull();
      expect((await listReportedJobs(admin)).map((g) => g.title)).toEqual(["Other Reported"]);
      expect((await listReportedJobs(admin, "resolved"))[0].reports[0].resolution).toBe(
        "dismissed",
      );
      await expect(resolveReports(admin, job.id, "dismissed")).rejects.toBeInstanceOf(Conflict);
      // A dismissed reporter's repeat stays dismissed: the same users cannot hide it again.
      await reportJob(a, job.id, { reason: "scam" });
      await reportJob(b, job.id, { reason: "scam" });
      expect((await reportJob(c, job.id, { reason: "scam" })).hidden).toBe(false);
      expect(await getJob(guest(), job.id)).toBeTruthy();
    });

    it("upheld takes the job off the board and keeps a company block", async () => {
      const admin = await as("admin");
      const job = await createJob(t.db, { title: "Upheld Job" });
      await reportJob(await as("student"), job.id, { reason: "scam" });
      await resolveReports(admin, job.id, "upheld");
      const [row] = await t.db.select().from(jobs).where(eq(jobs.id, job.id));
      expect([row.isApproved, row.status, row.hiddenReason]).toEqual([false, "inactive", null]);
      expect(row.reviewedBy).toBe(admin.actor.id);
      await expect(getJob(guest(), job.id)).rejects.toBeInstanceOf(NotFound);
      const audits = await t.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.action, "job.reports_resolve"));
      expect(audits).toHaveLength(1);

      const blocked = await createJob(t.db);
      const s = await as("student");
      await reportJob(s, blocked.id, { reason: "scam" });
      await t.db.update(jobs).set({ hiddenReason: "blocked" }).where(eq(jobs.id, blocked.id));
      await resolveReports(admin, blocked.id, "dismissed");
      const [still] = await t.db.select().from(jobs).where(eq(jobs.id, blocked.id));
      expect(still.hiddenReason).toBe("blocked");
    });

    it("dismissing the reports of a job whose company was blocked meanwhile keeps it hidden", async () => {
      const job = await createJob(t.db);
      for (let i = 0; i < 3; i++) await reportJob(await as("student"), job.id, { reason: "scam" });
      const admin = await as("admin");
      // Blocking leaves a job hidden by reports as it is …
      await blockCompany(admin, job.companyId);
      const [during] = await t.db.select().from(jobs).where(eq(jobs.id, job.id));
      expect(during.hiddenReason).toBe("reports");
      // … so dismissing its reports must hand the job to the block, not to the board.
      await resolveReports(admin, job.id, "dismissed");
      const [after] = await t.db.select().from(jobs).where(eq(jobs.id, job.id));
      expect(after.hiddenReason).toBe("blocked");
      await expect(getJob(guest(), job.id)).rejects.toBeInstanceOf(NotFound);
      // Unblocking the company then shows it.
      await unblockCompany(admin, job.companyId);
      expect((await getJob(guest(), job.id)).id).toBe(job.id);
    });

    it("an admin's new job for a blocked company is hidden like its others", async () => {
      const company = await createCompany(t.db);
      const admin = await as("admin");
      await blockCompany(admin, company.id);
      const created = await createJobAsAdmin(
        admin,
        jobCreateSchema.parse({ title: "Ramp Agent", company: company.id, isApproved: true }),
      );
      expect(created.hiddenReason).toBe("blocked");
      await expect(getJob(guest(), created.id)).rejects.toBeInstanceOf(NotFound);
    });

    it("does not overwrite a block when the third report arrives", async () => {
      const job = await createJob(t.db);
      const users = [await as("student"), await as("student"), await as("student")];
      await reportJob(users[0], job.id, { reason: "scam" });
      await reportJob(users[1], job.id, { reason: "scam" });
      await t.db.update(jobs).set({ hiddenReason: "blocked" }).where(eq(jobs.id, job.id));
      await expect(reportJob(users[2], job.id, { reason: "scam" })).rejects.toBeInstanceOf(
        NotFound,
      );
      const [row] = await t.db.select().from(jobs).where(eq(jobs.id, job.id));
      expect(row.hiddenReason).toBe("blocked");
    });

    it("hides once when the last reports arrive together", async () => {
      const job = await createJob(t.db);
      const users = await Promise.all([1, 2, 3, 4, 5].map(() => as("student")));
      const out = await Promise.all(
        users.map((u) => reportJob(u, job.id, { reason: "scam" }).catch((e) => e)),
      );
      const hid = out.filter((o) => o && o.hidden === true);
      expect(hid).toHaveLength(1);
      const hides = await t.db.select().from(auditLog).where(eq(auditLog.action, "job.hide"));
      expect(hides.filter((h) => h.entityId === job.id)).toHaveLength(1);
    });

    it("refuses guests, unknown and pending jobs, non-admin reviewers, and past the daily limit", async () => {
      const s = await as("student");
      const job = await createJob(t.db);
      const pending = await createJob(t.db, { isApproved: false });
      await expect(reportJob(guest(), job.id, { reason: "scam" })).rejects.toBeInstanceOf(
        Unauthorized,
      );
      await expect(reportJob(s, pending.id, { reason: "scam" })).rejects.toBeInstanceOf(NotFound);
      await expect(reportJob(s, "not-a-uuid", { reason: "scam" })).rejects.toBeInstanceOf(NotFound);
      await expect(listReportedJobs(s)).rejects.toBeInstanceOf(Forbidden);
      await expect(resolveReports(s, job.id, "upheld")).rejects.toBeInstanceOf(Forbidden);
      const admin = await as("admin");
      await expect(
        resolveReports(admin, "00000000-0000-4000-8000-000000000000", "upheld"),
      ).rejects.toBeInstanceOf(NotFound);
      const limited = await as("alumni");
      await reportJob(limited, job.id, { reason: "scam" }, { perDay: 2 });
      await reportJob(limited, job.id, { reason: "scam" }, { perDay: 2 });
      await expect(
        reportJob(limited, job.id, { reason: "scam" }, { perDay: 2 }),
      ).rejects.toBeInstanceOf(TooManyRequests);
    });
  });
});
