/**
 * Reports of bad postings over HTTP: POST /api/jobs/{id}/reports (validation, 401, 404,
 * 201 then 200 for a repeat, 429), auto-hide at the third different reporter on every public door,
 * the admins' queue (GET /api/admin/reports, /admin/reports) with dismiss and uphold, the job
 * page's form without JavaScript, and the 'Stay safe' page and its links.
 */
import { describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { forEachDb, rows } from "../setup/db";
import { postForm, useServer } from "../setup/http";
import { createJob, createUser } from "../factories";

const THANKS = "Thanks — the career office will review this posting.";

describe("job reports over HTTP", () => {
  forEachDb((t) => {
    const app = useServer(t, { mail: false });
    const member = async () => {
      const u = await createUser(t.db, { role: "student" });
      return app.token(u.user.email, u.password);
    };
    const report = (id: string, body: unknown, token?: string) =>
      app.api(`/api/jobs/${id}/reports`, { method: "POST", body, token });
    /** Whether a job shows on the public doors: board, page, /api (list and one), public feed. */
    const publicDoors = async (id: string) => {
      const board = await (await app.fetch("/jobs")).text();
      const page = (await app.fetch(`/jobs/${id}`)).status;
      const one = (await app.api(`/api/jobs/${id}`)).status;
      const list = JSON.stringify((await app.api("/api/jobs")).body);
      const feed = JSON.stringify((await app.api("/api/public/jobs?limit=50")).body);
      const rss = await (await app.fetch("/jobs/feed.xml")).text();
      return {
        board: board.includes(id),
        page,
        one,
        list: list.includes(id),
        feed: feed.includes(id),
        rss: rss.includes(id),
      };
    };
    const shown = { board: true, page: 200, one: 200, list: true, feed: true, rss: true };
    const gone = { board: false, page: 404, one: 404, list: false, feed: false, rss: false };

    it("validates, counts a repeat once, hides at the third reporter, and comes back on dismiss", async () => {
      const job = await createJob(t.db, { title: "Suspicious Cadet Programme" });
      const pending = await createJob(t.db, { isApproved: false });
      const [a, b, c] = [await member(), await member(), await member()];

      expect((await report(job.id, { reason: "scam" })).status).toBe(401);
      const bad = await report(job.id, { reason: "spam" }, a);
      expect(bad.status).toBe(400);
      expect(bad.body.message).toBe(
        "Reason must be one of: scam, misleading, discriminatory, expired, other.",
      );
      expect((await report(job.id, { reason: "scam", details: "x".repeat(2001) }, a)).status).toBe(
        400,
      );
      const other = await report(job.id, { reason: "other" }, a);
      expect(other.status).toBe(400);
      expect(other.body.errors.details).toBeTruthy();
      for (const id of [pending.id, "00000000-0000-4000-8000-000000000000", "not-a-uuid"])
        expect((await report(id, { reason: "scam" }, a)).status).toBe(404);

      const first = await report(job.id, { reason: "scam", details: "asks for a fee" }, a);
      expect(first.status).toBe(201);
      expect(first.body).toEqual({
        message: THANKS,
        jobId: job.id,
        reason: "scam",
        details: "asks for a fee",
      });
      expect((await report(job.id, { reason: "misleading" }, a)).status).toBe(200);
      expect((await report(job.id, { reason: "expired" }, b)).status).toBe(201);
      expect(await publicDoors(job.id)).toEqual(shown);
      expect((await report(job.id, { reason: "scam" }, c)).status).toBe(201);
      expect(await publicDoors(job.id)).toEqual(gone);

      // Admins: the queue, admin-only.
      const admin = await createUser(t.db, { role: "admin" });
      const adminToken = await app.token(admin.user.email, admin.password);
      expect((await app.api(`/api/jobs/${job.id}`, { token: adminToken })).status).toBe(200);
      expect((await app.api("/api/admin/reports")).status).toBe(401);
      expect((await app.api("/api/admin/reports", { token: a })).status).toBe(403);
      expect((await app.api("/api/admin/reports?status=later", { token: adminToken })).status).toBe(
        400,
      );
      const queue = await app.api("/api/admin/reports", { token: adminToken });
      expect(queue.status).toBe(200);
      expect(queue.body.jobs).toHaveLength(1);
      expect(queue.body.jobs[0]).toMatchObject({
        jobId: job.id,
        title: "Suspicious Cadet Programme",
        hidden: true,
        hiddenReason: "reports",
        reporters: 3,
        reasons: { misleading: 1, expired: 1, scam: 1 },
      });
      expect(queue.body.jobs[0].reports[0]).toMatchObject({
        reason: "misleading",
        details: null,
        resolution: null,
        reporter: { email: expect.stringContaining("@") },
      });
      const resolve = (id: string, body: unknown, token?: string) =>
        app.api(`/api/admin/reports/${id}/resolve`, { method: "POST", body, token });
      expect((await resolve(job.id, { resolution: "dismissed" }, a)).status).toBe(403);
      expect((await resolve(job.id, { resolution: "ignore" }, adminToken)).status).toBe(400);
      const dismissed = await resolve(job.id, { resolution: "dismissed" }, adminToken);
      expect(dismissed.status).toBe(200);
      expect(dismissed.body).toMatchObject({ jobId: job.id, resolution: "dismissed", reports: 3 });
      expect(await publicDoors(job.id)).toEqual(shown);
      expect((await resolve(job.id, { resolution: "dismissed" }, adminToken)).status).toBe(409);
      expect((await app.api("/api/admin/reports", { token: adminToken })).body.jobs).toEqual([]);
      const resolved = await app.api("/api/admin/reports?status=resolved", { token: adminToken });
      expect(
        resolved.body.jobs[0].reports.map((r: { resolution: string }) => r.resolution),
      ).toEqual(["dismissed", "dismissed", "dismissed"]);

      // Upheld: the posting leaves the board.
      await report(job.id, { reason: "scam" }, await member());
      const upheld = await resolve(job.id, { resolution: "upheld" }, adminToken);
      expect(upheld.status).toBe(200);
      expect(await publicDoors(job.id)).toEqual(gone);
      const after = await app.api(`/api/jobs/${job.id}`, { token: adminToken });
      expect(after.body).toMatchObject({ isApproved: false, status: "inactive" });
    });

    it("stops a user past the daily limit with 429 and Retry-After", async () => {
      const job = await createJob(t.db);
      const token = await member();
      for (let i = 0; i < 20; i++)
        expect((await report(job.id, { reason: "scam" }, token)).status).toBe(i === 0 ? 201 : 200);
      const over = await report(job.id, { reason: "scam" }, token);
      expect(over.status).toBe(429);
      expect(Number(over.headers.get("Retry-After"))).toBeGreaterThan(0);
    });

    it("reports from the job page without JavaScript, and lets admins review on /admin/reports", async () => {
      const job = await createJob(t.db, { title: "Form Reported Job" });
      const guestPage = await (await app.fetch(`/jobs/${job.id}`)).text();
      expect(guestPage).toContain("Sign in to report this posting");
      expect(guestPage).toContain(
        `/login?redirectTo=${encodeURIComponent(`/jobs/${job.id}/report`)}`,
      );
      expect(guestPage).toContain('href="/stay-safe"');
      expect(guestPage).not.toContain("Send report");

      const s = await createUser(t.db, { role: "alumni" });
      const cookie = await app.cookie(s.user.email, s.password);
      const page = await (
        await app.fetch(`/jobs/${job.id}`, { headers: { Cookie: cookie } })
      ).text();
      for (const text of [
        "Report this posting",
        "Scam or fee requested",
        "Misleading",
        "Discriminatory",
        "Expired",
        "Other",
        "Send report",
        `action="/jobs/${job.id}/report"`,
        'href="/stay-safe"',
      ])
        expect(page).toContain(text);

      const badForm = await postForm(app, `/jobs/${job.id}/report`, { reason: "nope" }, cookie);
      expect(badForm.status).toBe(302);
      expect(badForm.headers.get("location")).toBe(`/jobs/${job.id}#report`);
      const sent = await postForm(
        app,
        `/jobs/${job.id}/report`,
        { reason: "discriminatory", details: "Only applicants under 25" },
        cookie,
      );
      expect(sent.status).toBe(302);
      expect(sent.headers.get("location")).toBe(`/jobs/${job.id}`);
      const flashCookie = sent.headers
        .getSetCookie()
        .map((c) => c.split(";")[0])
        .join("; ");
      const back = await (
        await app.fetch(`/jobs/${job.id}`, {
          headers: { Cookie: [cookie, flashCookie].filter(Boolean).join("; ") },
        })
      ).text();
      expect(back).toContain(THANKS);
      // A guest's post goes to sign in; GET opens the job page at the form.
      const guestPost = await postForm(app, `/jobs/${job.id}/report`, { reason: "scam" });
      expect(guestPost.status).toBe(302);
      expect(guestPost.headers.get("location")).toMatch(/^\/login\?redirectTo=/);
      const open = await app.fetch(`/jobs/${job.id}/report`);
      expect(open.headers.get("location")).toBe(`/jobs/${job.id}#report`);

      const admin = await createUser(t.db, { role: "admin" });
      const adminCookie = await app.cookie(admin.user.email, admin.password);
      expect((await app.fetch("/admin/reports", { headers: { Cookie: cookie } })).status).toBe(302);
      const screen = await (
        await app.fetch("/admin/reports", { headers: { Cookie: adminCookie } })
      ).text();
      for (const text of [
        "<h1>Reports</h1>",
        "Form Reported Job",
        "Only applicants under 25",
        "Discriminatory",
        "Dismiss",
        "Uphold (Remove posting)",
        'href="/admin/reports"',
      ])
        expect(screen).toContain(text);
      const done = await postForm(
        app,
        "/admin/reports",
        { jobId: job.id, resolution: "upheld", status: "open" },
        adminCookie,
      );
      expect(done.status).toBe(302);
      expect(done.headers.get("location")).toBe("/admin/reports?status=open");
      expect((await app.fetch(`/jobs/${job.id}`)).status).toBe(404);
      const empty = await (
        await app.fetch("/admin/reports", { headers: { Cookie: adminCookie } })
      ).text();
      expect(empty).toContain("No open reports. Nothing to review.");
    });

    it("stores a report sent twice from the job page's form once (a double submit adds nothing)", async () => {
      const job = await createJob(t.db, { title: "Twice Reported Job" });
      const s = await createUser(t.db, { role: "student" });
      const cookie = await app.cookie(s.user.email, s.password);
      const body = { reason: "misleading", details: "The allowance is not what the ad says" };
      for (let i = 0; i < 2; i++) {
        const sent = await postForm(app, `/jobs/${job.id}/report`, body, cookie);
        expect(sent.status).toBe(302);
        expect(sent.headers.get("location")).toBe(`/jobs/${job.id}`);
      }
      const stored = await rows<{ reason: string; details: string }>(
        t,
        sql`select reason, details from job_reports where job_id = ${job.id}`,
      );
      expect(stored).toEqual([body]);
    });

    it("serves 'Stay safe', lists it in the sitemap and links it from /alerts", async () => {
      const r = await app.fetch("/stay-safe");
      expect(r.status).toBe(200);
      const html = await r.text();
      for (const text of [
        "Stay safe when you look for a job",
        "Never pay to apply",
        "Check the company",
        "CAAP",
        "Report a suspicious posting",
        "What Runway does",
      ])
        expect(html).toContain(text);
      expect(html).not.toContain("noindex");
      expect(await (await app.fetch("/sitemap.xml")).text()).toContain("/stay-safe</loc>");
      const s = await createUser(t.db, { role: "student" });
      const cookie = await app.cookie(s.user.email, s.password);
      const alerts = await (await app.fetch("/alerts", { headers: { Cookie: cookie } })).text();
      expect(alerts).toContain('href="/stay-safe"');
    });
  });
});
