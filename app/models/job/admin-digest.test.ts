/**
 * The administrators' weekly digest: what it names, who gets it, nothing when there is nothing to
 * say, and once per admin and week across concurrent runs and restarts.
 */
import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { adminDigests, jobs, mailOutbox, users } from "../../../db/schema";
import { forEachDb, type TestDb } from "../../../tests/setup/db";
import { createCompany, createJob, createUser } from "../../../tests/factories";
import { Forbidden } from "~/lib/errors";
import { adminDigestEnabled, runAdminDigests, setAdminDigest, weekOf } from "./admin-digest.server";

const DAY = 86_400_000;
const config = { publicUrl: "https://runway.test", collegeName: "State Aeronautics College" };

describe("weekOf", () => {
  it("is the Monday (UTC) that starts the week", () => {
    expect(weekOf(new Date("2026-11-24T10:00:00Z"))).toBe("2026-11-23"); // a Tuesday
    expect(weekOf(new Date("2026-11-23T00:00:00Z"))).toBe("2026-11-23"); // the Monday itself
    expect(weekOf(new Date("2026-11-29T23:59:59Z"))).toBe("2026-11-23"); // the Sunday
    expect(weekOf(new Date("2026-11-30T00:00:00Z"))).toBe("2026-11-30");
  });
});

forEachDb((t: TestDb) => {
  const now = new Date();
  const digests = async () =>
    t.db
      .select({ to: mailOutbox.to, subject: mailOutbox.subject, text: mailOutbox.text })
      .from(mailOutbox)
      .where(eq(mailOutbox.template, "admin_digest"));

  async function board() {
    const admin = await createUser(t.db, { role: "admin", firstName: "Ana" });
    const other = await createUser(t.db, { role: "admin", firstName: "Ben" });
    const company = await createCompany(t.db, { name: "Digest Air" });
    const set = (id: string, v: Partial<typeof jobs.$inferInsert>) =>
      t.db.update(jobs).set(v).where(eq(jobs.id, id));
    const soon = await createJob(t.db, { title: "Soon Closing Agent", companyId: company.id });
    await set(soon.id, { createdBy: admin.user.id, applicationDeadline: new Date(+now + 3 * DAY) });
    const far = await createJob(t.db, { title: "Far Closing Agent", companyId: company.id });
    await set(far.id, { createdBy: admin.user.id, applicationDeadline: new Date(+now + 20 * DAY) });
    const closed = await createJob(t.db, { title: "Already Closed Agent", companyId: company.id });
    await set(closed.id, { createdBy: admin.user.id, applicationDeadline: new Date(+now - DAY) });
    const bens = await createJob(t.db, { title: "Ben Closing Agent", companyId: company.id });
    await set(bens.id, { createdBy: other.user.id, applicationDeadline: new Date(+now + 2 * DAY) });
    await createJob(t.db, {
      title: "Old Pending Agent",
      companyId: company.id,
      isApproved: false,
      createdAt: new Date(+now - 5 * DAY),
    });
    await createJob(t.db, {
      title: "New Pending Agent",
      companyId: company.id,
      isApproved: false,
      createdAt: new Date(+now - DAY),
    });
    return { admin, other };
  }

  describe("the weekly digest", () => {
    it("names an admin's own jobs closing within 7 days and every approval waiting over 3 days", async () => {
      const { admin, other } = await board();
      const r = await runAdminDigests(t.db, { config, now });
      expect(r).toEqual({ claimed: 2, sent: 2 });
      const mails = await digests();
      const ana = mails.find((m) => m.to === admin.user.email)!;
      expect(ana.subject).toBe(
        "State Aeronautics College Runway this week: 1 closing soon, 1 waiting for approval",
      );
      expect(ana.text).toContain("Hello Ana,");
      expect(ana.text).toContain("Soon Closing Agent — Digest Air, closes");
      expect(ana.text).toContain("Old Pending Agent");
      for (const absent of ["Far Closing", "Already Closed", "Ben Closing", "New Pending"])
        expect(ana.text).not.toContain(absent);
      expect(ana.text).toContain("https://runway.test/admin/jobs?approval=pending");
      expect(ana.text).toContain("https://runway.test/profile");
      const ben = mails.find((m) => m.to === other.user.email)!;
      expect(ben.text).toContain("Ben Closing Agent");
      expect(ben.text).not.toContain("Soon Closing Agent");
    });

    it("is sent once per admin and week: concurrent runs and a later run send nothing more", async () => {
      await board();
      const runs = await Promise.all([
        runAdminDigests(t.db, { config, now }),
        runAdminDigests(t.db, { config, now }),
      ]);
      expect(runs.reduce((n, r) => n + r.sent, 0)).toBe(2);
      expect(await runAdminDigests(t.db, { config, now })).toEqual({ claimed: 0, sent: 0 });
      expect(await digests()).toHaveLength(2);
      const nextWeek = new Date(+now + 7 * DAY);
      expect((await runAdminDigests(t.db, { config, now: nextWeek })).claimed).toBe(2);
    });

    it("sends nothing when there is nothing to say, or to an admin who turned it off", async () => {
      const quiet = await createUser(t.db, { role: "admin" });
      const r = await runAdminDigests(t.db, { config, now });
      expect(r).toEqual({ claimed: 1, sent: 0 });
      expect(await digests()).toHaveLength(0);
      const rows = await t.db.select().from(adminDigests);
      expect(rows).toMatchObject([{ userId: quiet.user.id, expiring: 0, pending: 0 }]);

      const { admin } = await board();
      const ctx = {
        db: t.db,
        actor: { id: admin.user.id, role: "admin" as const, email: admin.user.email },
      };
      expect(await adminDigestEnabled(ctx)).toBe(true);
      await setAdminDigest(ctx, false);
      expect(await adminDigestEnabled(ctx)).toBe(false);
      const [u] = await t.db.select().from(users).where(eq(users.id, admin.user.id));
      expect(u.adminDigestOptOut).toBe(true);
      await runAdminDigests(t.db, { config, now });
      expect((await digests()).map((m) => m.to)).not.toContain(admin.user.email);
    });

    it("is an administrator's own setting", async () => {
      const student = await createUser(t.db, { role: "student" });
      const ctx = {
        db: t.db,
        actor: { id: student.user.id, role: "student" as const, email: student.user.email },
      };
      await expect(setAdminDigest(ctx, false)).rejects.toBeInstanceOf(Forbidden);
    });
  });
});
