/** /api/companies over HTTP (shapes, statuses) and the /admin/companies screen's guard and actions. */
import { describe, expect, it } from "vitest";
import sharp from "sharp";
import { COMPANY_MSG } from "../../app/models/company/company.schema";
import { createCompany, createJob, createUser } from "../factories";
import { forEachDb } from "../setup/db";
import { useServer } from "../setup/http";

describe("companies over HTTP", () => {
  forEachDb((t) => {
    const app = useServer(t, { mail: false });
    const adminToken = async () => {
      const { user, password } = await createUser(t.db, { role: "admin" });
      return app.token(user.email, password);
    };
    const studentToken = async () => {
      const { user, password } = await createUser(t.db, { role: "student" });
      return app.token(user.email, password);
    };

    it("GET /api/companies: 401 for guests, an array for signed-in users, jobsCount for admins only", async () => {
      const c = await createCompany(t.db, { name: "Cebu Pacific", email: "hr@cebu.example" });
      await createJob(t.db, { companyId: c.id, isApproved: false });
      expect((await app.api("/api/companies")).status).toBe(401);
      const student = await app.api("/api/companies", { token: await studentToken() });
      expect(student.status).toBe(200);
      expect(Array.isArray(student.body)).toBe(true);
      expect(student.body[0]).toEqual({
        _id: c.id,
        id: c.id,
        name: "Cebu Pacific",
        location: "Pasay City",
        website: "https://example.com",
        email: "hr@cebu.example",
        phone: null,
        description: null,
        logoUrl: null,
        // Made in Runway, not imported from AeroJob (ADR 115).
        legacyId: null,
        createdAt: c.createdAt.toISOString(),
        updatedAt: c.updatedAt.toISOString(),
      });
      const admin = await app.api("/api/companies", { token: await adminToken() });
      expect(admin.body[0].jobsCount).toBe(1);
      expect(admin.headers.get("x-total-count")).toBe("1");
    });

    it("GET /api/companies supports q and page/limit; bad paging is a 400", async () => {
      const token = await adminToken();
      for (const n of ["Alpha Air", "Beta Aviation", "Gamma Air", "Delta Air"])
        await createCompany(t.db, { name: n });
      const air = await app.api("/api/companies?q=air&sort=name&dir=asc", { token });
      expect(air.body.map((c: { name: string }) => c.name)).toEqual([
        "Alpha Air",
        "Delta Air",
        "Gamma Air",
      ]);
      const page2 = await app.api("/api/companies?page=2&limit=2", { token });
      expect(page2.body.map((c: { name: string }) => c.name)).toEqual(["Delta Air", "Gamma Air"]);
      expect(page2.headers.get("x-total-count")).toBe("4");
      const bad = await app.api("/api/companies?limit=-3", { token });
      expect(bad.status).toBe(400);
      expect(bad.body.message).toMatch(/limit/);
    });

    it("GET /api/companies/{id}: the company, 404 for unknown or malformed ids", async () => {
      const token = await studentToken();
      const c = await createCompany(t.db, { name: "One Air" });
      const r = await app.api(`/api/companies/${c.id}`, { token });
      expect(r.status).toBe(200);
      expect(r.body).toMatchObject({ _id: c.id, name: "One Air" });
      expect(r.body.jobsCount).toBeUndefined();
      expect(
        (await app.api("/api/companies/00000000-0000-4000-8000-000000000000", { token })).status,
      ).toBe(404);
      const bad = await app.api("/api/companies/not-an-id", { token });
      expect(bad.status).toBe(404);
      expect(bad.body).toEqual({ message: COMPANY_MSG.notFound });
    });

    it("writes are admin-only: 401 signed out, 403 for students", async () => {
      const c = await createCompany(t.db);
      const student = await studentToken();
      expect((await app.api("/api/companies", { body: { name: "X" } })).status).toBe(401);
      expect(
        (await app.api("/api/companies", { body: { name: "X" }, token: student })).status,
      ).toBe(403);
      expect(
        (
          await app.api(`/api/companies/${c.id}`, {
            method: "PUT",
            body: { name: "X" },
            token: student,
          })
        ).status,
      ).toBe(403);
      expect(
        (await app.api(`/api/companies/${c.id}`, { method: "DELETE", token: student })).status,
      ).toBe(403);
      expect((await app.api(`/api/companies/${c.id}`, { method: "DELETE" })).status).toBe(401);
    });

    it("POST creates (201 with _id and timestamps), validates with clear 400s, refuses duplicates with 409", async () => {
      const token = await adminToken();
      const created = await app.api("/api/companies", {
        token,
        body: {
          name: "  PAL Technik ",
          website: "paltechnik.example",
          email: "Jobs@PALTechnik.example",
          phone: "",
        },
      });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({
        name: "PAL Technik",
        website: "https://paltechnik.example/",
        email: "jobs@paltechnik.example",
        phone: null,
        logoUrl: null,
        jobsCount: 0,
      });
      expect(created.body._id).toMatch(/^[0-9a-f-]{36}$/);
      expect(Date.parse(created.body.createdAt)).not.toBeNaN();
      expect(Date.parse(created.body.updatedAt)).not.toBeNaN();

      const missing = await app.api("/api/companies", { token, body: { location: "Manila" } });
      expect(missing.status).toBe(400);
      expect(missing.body.message).toBe("Company name is required.");
      expect(missing.body.errors.name).toEqual(["Company name is required."]);
      const badSite = await app.api("/api/companies", {
        token,
        body: { name: "Y", website: "javascript:alert(1)" },
      });
      expect(badSite.status).toBe(400);
      expect(badSite.body.message).toBe(COMPANY_MSG.websiteInvalid);
      expect((await app.api("/api/companies", { token, body: "[1,2" })).status).toBe(400);
      expect((await app.api("/api/companies", { token, body: [1, 2] })).status).toBe(400);
      const dup = await app.api("/api/companies", { token, body: { name: "pal technik" } });
      expect(dup.status).toBe(409);
      expect(dup.body.message).toContain("already exists");
    });

    it("PUT updates only the given fields; 404 unknown; 400 for an empty name", async () => {
      const token = await adminToken();
      const c = await createCompany(t.db, { name: "Part Air", location: "Clark", phone: "111" });
      const r = await app.api(`/api/companies/${c.id}`, {
        method: "PUT",
        token,
        body: { phone: "+63 45 123 4567" },
      });
      expect(r.status).toBe(200);
      expect(r.body).toMatchObject({
        _id: c.id,
        name: "Part Air",
        location: "Clark",
        phone: "+63 45 123 4567",
      });
      expect(Date.parse(r.body.updatedAt)).toBeGreaterThanOrEqual(
        Date.parse(c.updatedAt.toISOString()),
      );
      const empty = await app.api(`/api/companies/${c.id}`, {
        method: "PUT",
        token,
        body: { name: "" },
      });
      expect(empty.status).toBe(400);
      expect(empty.body.message).toBe("Company name is required.");
      const unknown = await app.api("/api/companies/00000000-0000-4000-8000-000000000000", {
        method: "PUT",
        token,
        body: { name: "Z" },
      });
      expect(unknown.status).toBe(404);
      const foreignLogo = await app.api(`/api/companies/${c.id}`, {
        method: "PUT",
        token,
        body: { logoUrl: "https://evil.example/a.png" },
      });
      expect(foreignLogo.status).toBe(400);
    });

    it("DELETE: 409 with a clear message while the company has jobs, 200 without, 404 after", async () => {
      const token = await adminToken();
      const busy = await createCompany(t.db, { name: "Busy Air" });
      await createJob(t.db, { companyId: busy.id });
      const refused = await app.api(`/api/companies/${busy.id}`, { method: "DELETE", token });
      expect(refused.status).toBe(409);
      expect(refused.body.message).toContain("“Busy Air” still has 1 job and cannot be deleted");
      expect(refused.body.jobsCount).toBe(1);
      const idle = await createCompany(t.db, { name: "Idle Air" });
      const ok = await app.api(`/api/companies/${idle.id}`, { method: "DELETE", token });
      expect(ok.status).toBe(200);
      expect((await app.api(`/api/companies/${idle.id}`, { token })).status).toBe(404);
      expect((await app.api(`/api/companies/${idle.id}`, { method: "DELETE", token })).status).toBe(
        404,
      );
    });

    it("a logo uploaded at /api/upload/logo can be attached with logoUrl (relative or absolute)", async () => {
      const token = await adminToken();
      const png = await sharp({
        create: { width: 30, height: 30, channels: 4, background: "#f00" },
      })
        .png()
        .toBuffer();
      const form = new FormData();
      form.append("logo", new Blob([png], { type: "image/png" }), "logo.png");
      const up = await app.fetch("/api/upload/logo", {
        method: "POST",
        body: form,
        headers: { Authorization: `Bearer ${token}` },
      });
      expect(up.status).toBe(201);
      const { url } = (await up.json()) as { url: string };
      expect(url).toMatch(/^\/files\/[0-9a-f-]{36}$/);
      const c = await app.api("/api/companies", {
        token,
        body: { name: "Logo Air", logoUrl: `${app.url}${url}` },
      });
      expect(c.status).toBe(201);
      expect(new URL(c.body.logoUrl).pathname).toBe(url); // /api answers absolute URLs on PUBLIC_URL
    });

    describe("the /admin/companies screen", () => {
      it("sends signed-out users to /login and non-admins to /dashboard", async () => {
        const anon = await app.fetch("/admin/companies");
        expect(anon.status).toBe(302);
        expect(anon.headers.get("location")).toMatch(/^\/login/);
        const { user, password } = await createUser(t.db, { role: "alumni" });
        const cookie = await app.cookie(user.email, password);
        const r = await app.fetch("/admin/companies", { headers: { Cookie: cookie } });
        expect(r.status).toBe(302);
        expect(r.headers.get("location")).toBe("/dashboard");
        const post = await app.fetch("/admin/companies", {
          method: "POST",
          headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams({ intent: "save", name: "Sneaky" }),
        });
        expect(post.status).toBe(302);
        expect(post.headers.get("location")).toBe("/dashboard");
      });

      it("lists and searches companies, and shows the empty text", async () => {
        const { user, password } = await createUser(t.db, { role: "admin" });
        const cookie = await app.cookie(user.email, password);
        await createCompany(t.db, {
          name: "Searchable Aviation",
          location: "Iloilo",
          phone: "+63 33 000",
        });
        const html = await (
          await app.fetch("/admin/companies", { headers: { Cookie: cookie } })
        ).text();
        for (const h of ["Company", "Location", "Website", "Email", "Phone", "Jobs", "Actions"])
          expect(html).toContain(`>${h}`);
        expect(html).toContain("Searchable Aviation");
        const none = await (
          await app.fetch("/admin/companies?q=nothing-like-this", { headers: { Cookie: cookie } })
        ).text();
        expect(none).toContain("No companies found.");
        expect(none).not.toContain("Searchable Aviation");
      });

      it("adds a company with a logo without JavaScript (multipart form), then refuses to delete it once it has a job", async () => {
        const { user, password } = await createUser(t.db, { role: "admin" });
        const cookie = await app.cookie(user.email, password);
        const form = new FormData();
        form.append("intent", "save");
        form.append("name", "Form Air");
        form.append("website", "formair.example");
        form.append("logoUrl", "");
        const png = await sharp({
          create: { width: 50, height: 25, channels: 3, background: "#0a0" },
        })
          .png()
          .toBuffer();
        form.append("logo", new Blob([png], { type: "image/png" }), "logo.png");
        const r = await app.fetch("/admin/companies?new=1&q=", {
          method: "POST",
          body: form,
          headers: { Cookie: cookie },
        });
        expect(r.status).toBe(302);
        expect(r.headers.get("location")).toBe("/admin/companies?q=");
        const list = await app.api("/api/companies?q=form", { cookie });
        expect(list.body).toHaveLength(1);
        expect(list.body[0].logoUrl).toMatch(/^https?:\/\/[^/]+\/files\//);
        expect(list.body[0].website).toBe("https://formair.example/");

        const invalid = await app.fetch("/admin/companies?new=1", {
          method: "POST",
          headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams({ intent: "save", name: "  " }),
        });
        expect(invalid.status).toBe(400);
        expect(await invalid.text()).toContain("Company name is required.");

        await createJob(t.db, { companyId: list.body[0]._id });
        const del = await app.fetch(`/admin/companies?delete=${list.body[0]._id}`, {
          method: "POST",
          headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams({ intent: "delete", id: list.body[0]._id }),
        });
        expect(del.status).toBe(409);
        expect(await del.text()).toContain("still has 1 job");
      });
    });
  });
});
