/**
 * The admin dashboard's numbers agree with the lists they stand for, over HTTP on a seed with a
 * pending job hidden by reports, a declined one, employers and a coordinator: Pending Approval is
 * the approval queue's count (the queue's tab says the same; the reports-hidden job is under
 * Reported Jobs and on /admin/reports, not in the queue), Total Users is the sum of the role chart
 * (every role), and every stat card links to a list that takes its filter (New Users → ?joined=30).
 */
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { forEachDb } from "../setup/db";
import { useServer } from "../setup/http";
import { createJob, createUser } from "../factories";
import { createEmployer } from "../factories/employer-jobs";
import { rowsOf } from "../../db/client";
import { approvalQueueCount } from "../../app/models/employer/queue.server";

describe("admin dashboard numbers over HTTP", () => {
  forEachDb((t) => {
    const app = useServer(t, { mail: false });

    it("Pending Approval is the queue, Total Users the role chart, and every card opens its list", async () => {
      const admin = await createUser(t.db, { role: "admin" });
      for (let i = 0; i < 3; i++) await createUser(t.db, { role: "student" });
      await createUser(t.db, { role: "alumni" });
      const old = await createUser(t.db, {
        role: "alumni",
        createdAt: new Date(Date.now() - 40 * 864e5),
      });
      await createEmployer(t.db);
      await createEmployer(t.db);
      await createUser(t.db, { role: "coordinator" });

      await createJob(t.db, { title: "Approved Line Maintenance Intern" });
      await createJob(t.db, { title: "Pending Avionics Trainee", isApproved: false });
      await createJob(t.db, { title: "Pending Ramp Agent", isApproved: false });
      const declined = await createJob(t.db, { title: "Declined Courier", isApproved: false });
      await t.db.execute(sql`update jobs set declined_at = now() where id = ${declined.id}`);
      // Reported by three members: hidden; then sent back for review (an employer's edit does so).
      const reported = await createJob(t.db, { title: "Reported Cadet Scheme" });
      for (let i = 0; i < 3; i++) {
        const m = await createUser(t.db, { role: "student" });
        const token = await app.token(m.user.email, m.password);
        const r = await app.api(`/api/jobs/${reported.id}/reports`, {
          method: "POST",
          body: { reason: "scam" },
          token,
        });
        expect(r.status).toBe(201);
      }
      await t.db.execute(sql`update jobs set is_approved = false where id = ${reported.id}`);
      const [hidden] = await rowsOf<{ hidden_reason: string }>(
        t.db,
        sql`select hidden_reason from jobs where id = ${reported.id}`,
      );
      expect(hidden.hidden_reason).toBe("reports");

      const token = await app.token(admin.user.email, admin.password);
      const stats = (await app.api("/api/admin/stats", { token })).body;
      // The queue: two pending jobs; not the declined one, not the one hidden by reports.
      expect(stats.pendingApproval).toBe(2);
      expect(stats.pendingApproval).toBe(await approvalQueueCount(t.db));
      expect(stats.reportedJobs).toBe(1);
      // Every role is in the chart, and the chart adds up to Total Users.
      expect(stats.roleCounts).toEqual({
        students: 6,
        alumni: 2,
        admins: 1,
        employers: 2,
        coordinators: 1,
      });
      const chartSum = Object.values(stats.roleCounts as Record<string, number>).reduce(
        (a, b) => a + b,
        0,
      );
      expect(stats.totalUsers).toBe(chartSum);
      expect(stats.newUsers).toBe(chartSum - 1);

      const cookie = await app.cookie(admin.user.email, admin.password);
      const page = async (p: string) => {
        const res = await app.fetch(p, { headers: { Cookie: cookie } });
        expect(res.status, p).toBe(200);
        return res.text();
      };
      const dashboard = await page("/dashboard");
      // The queue's own tab shows the same count as the dashboard's card.
      const queue = await page("/admin/jobs?view=queue");
      expect(queue).toMatch(/Approval queue <span class="badge">2<\/span>/);
      expect(queue).toContain("Pending Avionics Trainee");
      expect(queue).not.toContain("Reported Cadet Scheme");
      expect(await page("/admin/reports")).toContain("Reported Cadet Scheme");

      // Each card is a link to its list; each list takes the card's filter.
      const cards = [
        ...dashboard.matchAll(
          /<a[^>]*class="stat-link"[^>]*href="([^"]+)"[^>]*>([^<]+)<\/a>|<a[^>]*href="([^"]+)"[^>]*class="stat-link"[^>]*>([^<]+)<\/a>/g,
        ),
      ].map((m) => [m[2] ?? m[4], (m[1] ?? m[3]).replace(/&amp;/g, "&")]);
      expect(Object.fromEntries(cards)).toEqual({
        "Total Jobs": "/admin/jobs",
        "Pending Approval": "/admin/jobs?view=queue",
        "Reported Jobs": "/admin/reports",
        "Total Users": "/admin/users",
        "New Users (30d)": "/admin/users?joined=30",
      });
      const fresh = await page("/admin/users?joined=30&size=50");
      expect(fresh).not.toContain(old.user.email);
      expect(fresh).toContain(admin.user.email);
      expect(fresh).toMatch(new RegExp(`${chartSum - 1}(<!-- -->)? total`));
      expect(await page("/admin/users?size=50")).toContain(old.user.email);
    });
  });
});
