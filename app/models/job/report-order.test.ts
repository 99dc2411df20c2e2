/**
 * The reports queue (/admin/reports) under each status it offers: the queue is one list, not paged,
 * grouped by job in the model — hidden jobs first, then most reporters, then the oldest first
 * report. The same order from one SQL query that groups and orders in the database (ties on the
 * first report's time decided by that report's id, as the model's stable sort over the rows does).
 */
import { describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { jobReports, jobs, users } from "#db/schema";
import { REPORT_STATUSES } from "./report.rules";
import { forEachDb, rows } from "../../../tests/setup/db";
import { actingAs, createJob } from "../../../tests/factories";
import { listReportedJobs } from "./report.server";

describe("reports queue order", () => {
  forEachDb((t) => {
    it("orders every status's queue as one grouped SQL query does", async () => {
      const ctx = await actingAs(t.db, "admin");
      const reporters = await t.db
        .insert(users)
        .values(
          Array.from({ length: 5 }, (_, i) => ({
            email: `reporter${i}@example.edu`,
            passwordHash: null,
            role: "student" as const,
            firstName: "R",
            lastName: String(i),
          })),
        )
        .returning();
      // Three report times only, so first-report ties are common; some jobs hidden, some resolved.
      const base = Date.UTC(2025, 0, 1);
      for (let i = 0; i < 14; i++) {
        const job = await createJob(t.db, { title: `Reported ${i}` });
        if (i % 5 === 0)
          await t.db.update(jobs).set({ hiddenReason: "reports" }).where(eq(jobs.id, job.id));
        const n = (i % 4) + 1;
        await t.db.insert(jobReports).values(
          reporters.slice(0, n).map((u, k) => ({
            jobId: job.id,
            userId: u.id,
            reason: (["scam", "other"] as const)[k % 2],
            createdAt: new Date(base + ((i + k) % 3) * 1000),
            ...(i % 3 === 2 && k === 0
              ? { resolvedAt: new Date(base + 5000), resolution: "dismissed" }
              : {}),
          })),
        );
      }
      for (const status of REPORT_STATUSES) {
        const where = {
          open: sql`r.resolved_at is null`,
          resolved: sql`r.resolved_at is not null`,
          all: sql`true`,
        }[status];
        const expected = await rows<{ job_id: string; n: number }>(
          t,
          sql`select r.job_id, count(distinct runway_mailbox(u.email))::int as n
            from job_reports r join users u on u.id = r.user_id join jobs j on j.id = r.job_id
            where ${where}
            group by r.job_id, j.hidden_reason
            order by (j.hidden_reason is not null) desc, count(distinct runway_mailbox(u.email)) desc,
              min(r.created_at) asc, (array_agg(r.id order by r.created_at, r.id))[1] asc`,
        );
        const queue = await listReportedJobs(ctx, status);
        expect(queue.length, status).toBeGreaterThan(3);
        expect(
          queue.map((g) => `${g.jobId}:${g.reporters}`),
          status,
        ).toEqual(expected.map((r) => `${r.job_id}:${r.n}`));
      }
    }, 120_000);
  });
});
