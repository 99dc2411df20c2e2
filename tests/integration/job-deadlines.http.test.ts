/**
 * Application deadlines over HTTP: /api takes and gives `applicationDeadline`, a job past it leaves
 * the board, /api, the public feed, RSS/JSON feeds and the sitemap, and its page stays up (200, not
 * indexed, no JobPosting data) saying applications are closed, while Apply Now sends the visitor back.
 */
import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { jobs } from "../../db/schema";
import { forEachDb } from "../setup/db";
import { useServer } from "../setup/http";
import { createCompany, createJob, createUser } from "../factories";
import { JOB_MSG } from "../../app/models/job/job.schema";

describe("job deadlines over HTTP", () => {
  forEachDb((t) => {
    const app = useServer(t, { mail: false });

    it("takes applicationDeadline on /api (date or zoned date-time), refuses a bad one, and gives it back", async () => {
      const admin = await createUser(t.db, { role: "admin" });
      const token = await app.token(admin.user.email, admin.password);
      const company = await createCompany(t.db);
      const created = await app.api("/api/jobs", {
        token,
        method: "POST",
        body: { title: "Dispatcher", company: company.id, applicationDeadline: "2030-01-15" },
      });
      expect(created.status).toBe(201);
      expect(created.body.applicationDeadline).toBe("2030-01-16T12:00:00.000Z");
      const bad = await app.api(`/api/jobs/${created.body._id}`, {
        token,
        method: "PUT",
        body: { applicationDeadline: "2030-01-15T10:00" },
      });
      expect(bad.status).toBe(400);
      expect(bad.body.message).toBe(JOB_MSG.deadline);
      const cleared = await app.api(`/api/jobs/${created.body._id}`, {
        token,
        method: "PUT",
        body: { applicationDeadline: null },
      });
      expect(cleared.status).toBe(200);
      expect(cleared.body.applicationDeadline).toBeNull();
    });

    it("a job past its deadline leaves every list but keeps its page, closed", async () => {
      const company = await createCompany(t.db, { website: "https://deadline.example" });
      const open = await createJob(t.db, { title: "Open Fueler", companyId: company.id });
      const past = await createJob(t.db, { title: "Past Fueler", companyId: company.id });
      await t.db
        .update(jobs)
        .set({ applicationDeadline: new Date(Date.now() - 60_000) })
        .where(eq(jobs.id, past.id));
      await t.db
        .update(jobs)
        .set({ applicationDeadline: new Date(Date.now() + 2 * 86_400_000) })
        .where(eq(jobs.id, open.id));

      const list = (await app.api("/api/jobs")).body as Array<{ title: string }>;
      expect(list.map((j) => j.title)).toEqual(["Open Fueler"]);
      const feed = (await app.api("/api/public/jobs")).body as { jobs: Array<{ title: string }> };
      expect(feed.jobs.map((j) => j.title)).toEqual(["Open Fueler"]);
      for (const path of [
        "/jobs",
        "/jobs?sort=deadline",
        "/jobs/feed.xml",
        "/jobs/feed.json",
        "/sitemap.xml",
      ]) {
        const body = await (await app.fetch(path)).text();
        expect(body, path).toContain(open.id);
        expect(body, path).not.toContain(past.id);
      }
      expect(await (await app.fetch("/jobs")).text()).toContain("Closing soon");

      const page = await app.fetch(`/jobs/${past.id}`);
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain("Applications closed");
      expect(html).toContain('name="robots" content="noindex"');
      expect(html).not.toContain("application/ld+json");
      expect(html).not.toContain(`/jobs/${past.id}/apply`);

      const openHtml = await (await app.fetch(`/jobs/${open.id}`)).text();
      expect(openHtml).toContain('"validThrough"');
      expect(openHtml).toContain("Apply by");

      const student = await createUser(t.db, { role: "student" });
      const cookie = await app.cookie(student.user.email, student.password);
      const apply = await app.fetch(`/jobs/${past.id}/apply`, {
        method: "POST",
        body: new URLSearchParams({ back: "/jobs" }),
        headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie },
      });
      expect(apply.status).toBe(302);
      expect(apply.headers.get("location")).toBe(`/jobs/${past.id}`);
    });
  });
});
