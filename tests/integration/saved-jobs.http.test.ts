/**
 * Saved jobs and applications over HTTP: /api/saved-jobs and /api/applications (bearer or cookie),
 * their refusals, and the bookmark's plain form post without JavaScript.
 */
import { describe, expect, it } from "vitest";
import { forEachDb } from "../setup/db";
import { useServer } from "../setup/http";
import { createCompany, createJob, createUser } from "../factories";

describe("saved jobs over HTTP", () => {
  forEachDb((t) => {
    const app = useServer(t, { mail: false });

    it("saves, lists and removes through /api, with the right statuses", async () => {
      const student = await createUser(t.db, { role: "student" });
      const token = await app.token(student.user.email, student.password);
      const company = await createCompany(t.db, { website: "https://saved.example" });
      const job = await createJob(t.db, { title: "API Saved Job", companyId: company.id });
      const hidden = await createJob(t.db, { isApproved: false });

      expect((await app.api("/api/saved-jobs")).status).toBe(401);
      expect((await app.api(`/api/saved-jobs/${job.id}`, { method: "PUT" })).status).toBe(401);
      const first = await app.api(`/api/saved-jobs/${job.id}`, { method: "PUT", token });
      expect(first.status).toBe(201);
      expect(first.body).toEqual({ jobId: job.id, saved: true });
      expect((await app.api(`/api/saved-jobs/${job.id}`, { method: "PUT", token })).status).toBe(
        200,
      );
      for (const bad of [hidden.id, "00000000-0000-4000-8000-000000000000", "not-a-uuid"])
        expect((await app.api(`/api/saved-jobs/${bad}`, { method: "PUT", token })).status).toBe(
          404,
        );
      expect((await app.api(`/api/saved-jobs/${job.id}`, { token })).status).toBe(405);

      const list = await app.api("/api/saved-jobs", { token });
      expect(list.status).toBe(200);
      expect(list.body).toMatchObject([
        { jobId: job.id, title: "API Saved Job", state: "open", companyName: company.name },
      ]);
      const gone = await app.api(`/api/saved-jobs/${job.id}`, { method: "DELETE", token });
      expect(gone.status).toBe(200);
      expect(gone.body).toEqual({ jobId: job.id, saved: false });
      expect((await app.api("/api/saved-jobs", { token })).body).toEqual([]);

      // Applications: the Apply Now clicks, with the job's state.
      const cookie = await app.cookie(student.user.email, student.password);
      await app.fetch(`/jobs/${job.id}/apply`, {
        method: "POST",
        body: new URLSearchParams({ back: "/jobs" }),
        headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie },
      });
      const applied = await app.api("/api/applications", { token });
      expect(applied.status).toBe(200);
      expect(applied.body).toMatchObject([{ jobId: job.id, state: "open" }]);

      const admin = await createUser(t.db, { role: "admin" });
      const adminToken = await app.token(admin.user.email, admin.password);
      expect((await app.api("/api/saved-jobs", { token: adminToken })).status).toBe(403);
      expect((await app.api("/api/applications")).status).toBe(401);
    });

    it("saves from a plain form (no JavaScript) and lists it on /saved-jobs", async () => {
      const alumnus = await createUser(t.db, { role: "alumni" });
      const cookie = await app.cookie(alumnus.user.email, alumnus.password);
      const job = await createJob(t.db, { title: "Form Saved Job" });
      const board = await (await app.fetch("/jobs", { headers: { Cookie: cookie } })).text();
      expect(board).toContain('action="/saved-jobs"');
      const r = await app.fetch("/saved-jobs", {
        method: "POST",
        body: new URLSearchParams({ jobId: job.id, intent: "save", back: "/jobs?q=form" }),
        headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie },
      });
      expect(r.status).toBe(302);
      expect(r.headers.get("location")).toBe("/jobs?q=form");
      const page = await (await app.fetch("/saved-jobs", { headers: { Cookie: cookie } })).text();
      expect(page).toContain("Form Saved Job");
      const jobPage = await (
        await app.fetch(`/jobs/${job.id}`, { headers: { Cookie: cookie } })
      ).text();
      expect(jobPage).toContain('aria-pressed="true"');
      // Guests see a sign-in link instead of the bookmark.
      expect(await (await app.fetch(`/jobs/${job.id}`)).text()).toContain("Sign in to save");
    });
  });
});
