/**
 * Jobs over HTTP against the built server: /api/jobs statuses and shapes, the visibility rule on
 * every route and parameter, analytics, the board, the job page (JSON-LD, views), Apply Now, and
 * the admin screen's actions.
 */
import { describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { auditLog, jobInteractions, jobs, searchEvents } from "../../db/schema";
import { forEachDb, type TestDb } from "../setup/db";
import { useServer } from "../setup/http";
import { createCompany, createJob, createUser } from "../factories";

async function fixture(t: TestDb) {
  const company = await createCompany(t.db, {
    name: "Luzon Aero Services",
    website: "https://luzon-aero.example",
  });
  const visible = await createJob(t.db, {
    title: "Aeronautical Engineer Trainee",
    companyId: company.id,
    categories: ["Engineering"],
  });
  const hidden = [
    await createJob(t.db, {
      title: "Pending Aero Job",
      companyId: company.id,
      isApproved: false,
      categories: ["SecretCat"],
    }),
    await createJob(t.db, {
      title: "Inactive Aero Job",
      companyId: company.id,
      status: "inactive",
    }),
    await createJob(t.db, { title: "Closed Aero Job", companyId: company.id, status: "closed" }),
    await createJob(t.db, { title: "Draft Aero Job", companyId: company.id, status: "draft" }),
  ];
  const a = await createUser(t.db, { role: "admin" });
  const s = await createUser(t.db, { role: "student" });
  return { company, visible, hidden, admin: a, student: s };
}

/** A real browser's User-Agent: searches count only from people (isbot flags Node's "node"). */
const BROWSER_UA =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36";

const count = async (t: TestDb, table: typeof jobInteractions | typeof searchEvents) =>
  (await t.handle.rows<{ n: number }>(sql`select count(*)::int as n from ${table}`))[0].n;

describe("jobs over HTTP", () => {
  forEachDb((t) => {
    const app = useServer(t, { mail: false });

    describe("/api/jobs", () => {
      it("gives guests and students approved active jobs only, whatever they ask, in the spec's shape", async () => {
        const f = await fixture(t);
        const token = await app.token(f.student.user.email, f.student.password);
        for (const auth of [{}, { token }]) {
          for (const qs of [
            "",
            "?approvedOnly=false&status=all",
            "?status=draft",
            "?status=inactive&approvedOnly=false",
            "?q=aero",
            "?includeCompany=true&page=1&limit=100",
          ]) {
            const r = await app.api(`/api/jobs${qs}`, auth);
            expect(r.status).toBe(200);
            expect(r.body.map((j: { _id: string }) => j._id)).toEqual([f.visible.id]);
            expect(r.headers.get("x-total-count")).toBe("1");
          }
          for (const h of f.hidden)
            expect((await app.api(`/api/jobs/${h.id}`, auth)).status).toBe(404);
        }
        const one = (await app.api(`/api/jobs/${f.visible.id}`)).body;
        expect(one).toMatchObject({
          _id: f.visible.id,
          title: "Aeronautical Engineer Trainee",
          company: {
            _id: f.company.id,
            name: "Luzon Aero Services",
            website: "https://luzon-aero.example",
            logoUrl: null,
          },
          jobType: "internship",
          categories: ["Engineering"],
          status: "active",
          isApproved: true,
        });
        expect(new Date(one.createdAt).toISOString()).toBe(one.createdAt);
        expect(new Date(one.updatedAt).toISOString()).toBe(one.updatedAt);
        const bare = await app.api(`/api/jobs?includeCompany=false`);
        expect(bare.body[0].company).toBe(f.company.id);
      });

      it("lets admins see and filter every job", async () => {
        const f = await fixture(t);
        const token = await app.token(f.admin.user.email, f.admin.password);
        expect((await app.api("/api/jobs", { token })).body).toHaveLength(5);
        expect(
          (await app.api("/api/jobs?approvedOnly=true&status=active", { token })).body.map(
            (j: { _id: string }) => j._id,
          ),
        ).toEqual([f.visible.id]);
        expect(
          (await app.api("/api/jobs?status=draft", { token })).body.map(
            (j: { title: string }) => j.title,
          ),
        ).toEqual(["Draft Aero Job"]);
        for (const h of f.hidden)
          expect((await app.api(`/api/jobs/${h.id}`, { token })).status).toBe(200);
        const paged = await app.api("/api/jobs?limit=2&page=3", { token });
        expect(paged.body).toHaveLength(1);
        expect(paged.headers.get("x-total-count")).toBe("5");
      });

      it("answers bad parameters and ids with 400/404, never 500", async () => {
        await fixture(t);
        for (const qs of [
          "limit=abc",
          "page=0",
          "page=-1",
          "jobType=gig",
          "status=open",
          "approvedOnly=maybe",
          `q=${"x".repeat(201)}`,
          `location=${"x".repeat(101)}`,
        ])
          expect((await app.api(`/api/jobs?${qs}`)).status, qs).toBe(400);
        expect((await app.api("/api/jobs?limit=0")).status).toBe(200);
        for (const q of ["%CC%81", "%C5%89", "a%27b%5C", "%26%7C!()%3A*"])
          expect((await app.api(`/api/jobs?q=${q}`)).status, q).toBe(200);
        // A NUL in the address is refused at the door (400 {message}), not searched for.
        const nul = await app.api("/api/jobs?q=%00");
        expect(nul.status).toBe(400);
        expect(nul.body.message).toBeTruthy();
        expect((await app.fetch("/jobs?q=%CC%81")).status).toBe(200);
        expect((await app.api("/api/public/jobs?q=%CC%81")).status).toBe(200);
        for (const id of [
          "nope",
          "123",
          "00000000-0000-0000-0000-000000000000",
          "%27%20or%201=1",
          "zzzzzzzz-zzzz-zzzz-zzzz-zzzzzzzzzzzz",
        ]) {
          const r = await app.api(`/api/jobs/${id}`);
          expect(r.status, id).toBe(404);
          expect(r.body).toEqual({ message: "Job not found" });
        }
      });

      it("lets only admins write: 401 without a token, 403 for students, 400 naming the problem, 201/200 for admins", async () => {
        const f = await fixture(t);
        const student = await app.token(f.student.user.email, f.student.password);
        const admin = await app.token(f.admin.user.email, f.admin.password);
        const body = { title: "Ramp Agent", company: f.company.id };
        expect((await app.api("/api/jobs", { body })).status).toBe(401);
        expect((await app.api("/api/jobs", { body, token: student })).status).toBe(403);
        expect(
          (
            await app.api(`/api/jobs/${f.visible.id}`, {
              method: "PUT",
              body: { isApproved: false },
              token: student,
            })
          ).status,
        ).toBe(403);
        expect(
          (await app.api(`/api/jobs/${f.visible.id}`, { method: "DELETE", token: student })).status,
        ).toBe(403);

        const bad = async (b: unknown) => app.api("/api/jobs", { body: b, token: admin });
        expect((await bad({ company: f.company.id })).body.message).toBe("Title is required.");
        expect((await bad({ title: "x" })).body.message).toBe("Company is required.");
        expect((await bad({ title: "x", company: f.company.id, jobType: "gig" })).status).toBe(400);
        expect(
          (await bad({ title: "x", company: "00000000-0000-0000-0000-000000000000" })).body,
        ).toMatchObject({ message: "Company not found." });
        expect((await bad("{not json")).status).toBe(400);

        const created = await app.api("/api/jobs", {
          body: { ...body, categories: ["Ground"] },
          token: admin,
        });
        expect(created.status).toBe(201);
        expect(created.body).toMatchObject({
          title: "Ramp Agent",
          jobType: "internship",
          status: "active",
          isApproved: false,
          company: { name: "Luzon Aero Services" },
        });
        const id = created.body._id;

        const approve = await app.api(`/api/jobs/${id}`, {
          method: "PUT",
          body: { isApproved: true },
          token: admin,
        });
        expect(approve.body).toMatchObject({
          isApproved: true,
          status: "active",
          title: "Ramp Agent",
          categories: ["Ground"],
        });
        const toggle = await app.api(`/api/jobs/${id}`, {
          method: "PUT",
          body: { status: "inactive" },
          token: admin,
        });
        expect(toggle.body).toMatchObject({ isApproved: true, status: "inactive" });
        expect(
          (
            await app.api(`/api/jobs/${id}`, {
              method: "PUT",
              body: { status: "paused" },
              token: admin,
            })
          ).status,
        ).toBe(400);
        expect(
          (await app.api(`/api/jobs/${id}`, { method: "PUT", body: {}, token: admin })).status,
        ).toBe(400);
        expect(
          (
            await app.api(`/api/jobs/nope`, {
              method: "PUT",
              body: { status: "active" },
              token: admin,
            })
          ).status,
        ).toBe(404);

        const del = await app.api(`/api/jobs/${id}`, { method: "DELETE", token: admin });
        expect(del).toMatchObject({ status: 200, body: { message: "Job deleted", _id: id } });
        expect((await app.api(`/api/jobs/${id}`, { method: "DELETE", token: admin })).status).toBe(
          404,
        );
        expect(
          (await app.api("/api/jobs", { method: "PATCH", body: {}, token: admin })).status,
        ).toBe(405);
      });

      it("lists categories of the jobs the caller may see", async () => {
        const f = await fixture(t);
        expect((await app.api("/api/jobs/categories")).body).toEqual(["Engineering"]); // hidden jobs' categories stay hidden
        const admin = await app.token(f.admin.user.email, f.admin.password);
        expect((await app.api("/api/jobs/categories", { token: admin })).body).toContain(
          "SecretCat",
        );
      });
    });

    describe("/api/analytics/search", () => {
      it("records a term once per user per day, and guests by a hashed address", async () => {
        const f = await fixture(t);
        const token = await app.token(f.student.user.email, f.student.password);
        const first = await app.api("/api/analytics/search", { body: { term: "Avionics" }, token });
        expect(first).toMatchObject({ status: 200, body: { recorded: true, term: "avionics" } });
        expect(
          (await app.api("/api/analytics/search", { body: { term: "avionics " }, token })).body
            .recorded,
        ).toBe(false);
        // docs/security.md, "Search analytics": guests count only as browsers on Runway (Node's fetch says "node", which isbot flags).
        expect(
          (
            await app.api("/api/analytics/search", {
              body: { term: "avionics" },
              headers: { "User-Agent": BROWSER_UA },
            })
          ).body.recorded,
        ).toBe(true);
        expect(
          (await app.api("/api/analytics/search", { body: { term: "a" }, token })).status,
        ).toBe(400);
        expect((await app.api("/api/analytics/search", { body: {}, token })).status).toBe(400);
        const keys = await t.db.select().from(searchEvents);
        expect(keys).toHaveLength(2);
        expect(keys.some((k) => k.actorKey === `u:${f.student.user.id}`)).toBe(true);
        expect(keys.every((k) => !k.actorKey.includes("127.0.0.1"))).toBe(true);
      });
    });

    describe("screens", () => {
      it("shows the board publicly with only approved active jobs, and counts the search", async () => {
        const f = await fixture(t);
        const res = await app.fetch("/jobs?q=aero", { headers: { "User-Agent": BROWSER_UA } });
        expect(res.status).toBe(200);
        const html = await res.text();
        expect(html).toContain("Internships and Jobs Available:");
        expect(html).toContain("Aeronautical Engineer Trainee");
        for (const h of [
          "Pending Aero Job",
          "Inactive Aero Job",
          "Closed Aero Job",
          "Draft Aero Job",
          "SecretCat",
        ])
          expect(html).not.toContain(h);
        expect(await count(t, searchEvents)).toBe(1);
        await app.fetch("/jobs?q=AERO", { headers: { "User-Agent": BROWSER_UA } });
        expect(await count(t, searchEvents)).toBe(1); // same guest, same term, same day
        const empty = await (await app.fetch("/jobs?q=zeppelin&type=bogus&page=abc")).text();
        expect(empty).toContain("No matching active jobs.");
        const cookie = await app.cookie(f.student.user.email, f.student.password);
        const asStudent = await (
          await app.fetch("/jobs?status=draft&approvedOnly=false", { headers: { Cookie: cookie } })
        ).text();
        expect(asStudent).not.toContain("Draft Aero Job");
      });

      it("serves the job page with JobPosting JSON-LD, 404 for hidden jobs, and records views of signed-in users", async () => {
        const f = await fixture(t);
        const res = await app.fetch(`/jobs/${f.visible.id}`);
        expect(res.status).toBe(200);
        const html = await res.text();
        const ld = JSON.parse(
          html.match(/<script type="application\/ld\+json">(.*?)<\/script>/s)![1],
        );
        expect(ld).toMatchObject({
          "@context": "https://schema.org",
          "@type": "JobPosting",
          title: "Aeronautical Engineer Trainee",
          employmentType: "INTERN",
          hiringOrganization: { "@type": "Organization", name: "Luzon Aero Services" },
          jobLocation: { "@type": "Place", address: { addressLocality: "Manila" } },
        });
        expect(ld.datePosted).toBe(new Date(f.visible.createdAt).toISOString());
        expect(ld.validThrough).toBeUndefined();
        const studentCookie = await app.cookie(f.student.user.email, f.student.password);
        for (const h of f.hidden) {
          expect((await app.fetch(`/jobs/${h.id}`)).status).toBe(404);
          expect(
            (await app.fetch(`/jobs/${h.id}`, { headers: { Cookie: studentCookie } })).status,
          ).toBe(404);
        }
        expect((await app.fetch("/jobs/not-a-uuid")).status).toBe(404);
        expect(await count(t, jobInteractions)).toBe(0);
        await app.fetch(`/jobs/${f.visible.id}`, { headers: { Cookie: studentCookie } });
        await app.fetch(`/jobs/${f.visible.id}`, { headers: { Cookie: studentCookie } });
        expect(await count(t, jobInteractions)).toBe(1);
        const adminCookie = await app.cookie(f.admin.user.email, f.admin.password);
        const preview = await app.fetch(`/jobs/${f.hidden[0].id}`, {
          headers: { Cookie: adminCookie },
        });
        expect(preview.status).toBe(200);
        const previewHtml = await preview.text();
        expect(previewHtml).toContain("noindex");
        expect(previewHtml).not.toContain("application/ld+json");
      });

      it("escapes job text inside the JSON-LD script", async () => {
        const c = await createCompany(t.db, { name: "</script><script>alert(1)</script>" });
        const j = await createJob(t.db, { title: "Evil </script> title", companyId: c.id });
        const html = await (await app.fetch(`/jobs/${j.id}`)).text();
        const script = html.match(/<script type="application\/ld\+json">(.*?)<\/script>/s)![1];
        expect(script).not.toContain("<");
        expect(JSON.parse(script).title).toBe("Evil </script> title");
      });

      it("sends Apply Now to the company website, records it for signed-in users, and explains when there is none", async () => {
        const f = await fixture(t);
        const cookie = await app.cookie(f.student.user.email, f.student.password);
        const post = (id: string, headers: Record<string, string> = {}) =>
          app.fetch(`/jobs/${id}/apply`, {
            method: "POST",
            body: new URLSearchParams({ back: "/jobs" }),
            headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers },
          });
        const r = await post(f.visible.id, { Cookie: cookie });
        expect(r.status).toBe(303);
        expect(r.headers.get("location")).toBe("https://luzon-aero.example/");
        const rows = await t.db.select().from(jobInteractions);
        expect(rows).toMatchObject([
          { userId: f.student.user.id, jobId: f.visible.id, kind: "apply" },
        ]);
        expect((await post(f.visible.id)).status).toBe(303); // guests go too, unrecorded
        expect(await count(t, jobInteractions)).toBe(1);
        expect((await post(f.hidden[0].id, { Cookie: cookie })).status).toBe(404);
        const noSite = await createCompany(t.db, { website: null });
        const j = await createJob(t.db, { companyId: noSite.id });
        const n = await post(j.id);
        expect(n.status).toBe(302);
        expect(n.headers.get("location")).toBe("/jobs");
        const bad = await createCompany(t.db, { website: "javascript:alert(1)" });
        const j2 = await createJob(t.db, { companyId: bad.id });
        expect((await post(j2.id)).headers.get("location")).toBe("/jobs");
      });

      it("guards /admin/jobs and runs its actions with the spec's notices", async () => {
        const f = await fixture(t);
        expect((await app.fetch("/admin/jobs")).headers.get("location")).toMatch(/^\/login/);
        const studentCookie = await app.cookie(f.student.user.email, f.student.password);
        expect(
          (await app.fetch("/admin/jobs", { headers: { Cookie: studentCookie } })).headers.get(
            "location",
          ),
        ).toBe("/dashboard");
        const cookie = await app.cookie(f.admin.user.email, f.admin.password);
        const page = await app.fetch("/admin/jobs?sort=title&dir=asc&size=10", {
          headers: { Cookie: cookie },
        });
        expect(page.status).toBe(200);
        const html = await page.text();
        for (const title of ["Aeronautical Engineer Trainee", "Pending Aero Job", "Draft Aero Job"])
          expect(html).toContain(title);

        const act = (fields: Record<string, string>, c = cookie) =>
          app.fetch("/admin/jobs", {
            method: "POST",
            body: new URLSearchParams({ back: "/admin/jobs?page=1", ...fields }),
            headers: { Cookie: c, "Content-Type": "application/x-www-form-urlencoded" },
          });
        // The notice travels in the flash cookie to the next page, where the root loader hands it over.
        const notice = async (r: Response) => {
          const f = r.headers
            .getSetCookie()
            .find((x) => x.startsWith("runway_flash="))!
            .split(";")[0];
          return (
            await app.fetch(r.headers.get("location")!, { headers: { Cookie: `${cookie}; ${f}` } })
          ).text();
        };
        const pending = f.hidden[0];
        // A student posting is turned away and nothing changes.
        expect(
          (
            await act({ intent: "approve", id: pending.id, isApproved: "true" }, studentCookie)
          ).headers.get("location"),
        ).toBe("/dashboard");
        const approved = await act({ intent: "approve", id: pending.id, isApproved: "true" });
        expect(approved.status).toBe(302);
        expect(approved.headers.get("location")).toBe("/admin/jobs?page=1");
        expect(await notice(approved)).toContain("Job approved");
        const [row] = await t.db
          .select()
          .from(jobs)
          .where(sql`${jobs.id} = ${pending.id}`);
        expect(row.isApproved).toBe(true);
        expect(await notice(await act({ intent: "toggle", id: f.visible.id }))).toContain(
          "Job set to inactive",
        );
        const [toggled] = await t.db
          .select()
          .from(jobs)
          .where(sql`${jobs.id} = ${f.visible.id}`);
        expect(toggled.status).toBe("inactive");
        const failed = await act({ intent: "delete", id: "00000000-0000-0000-0000-000000000000" });
        expect(failed.status).toBe(302);
        expect(await notice(failed)).toContain("Failed to delete");

        const invalid = await act({ intent: "create", title: "", company: "" });
        expect(invalid.status).toBe(400);
        const created = await act({
          intent: "create",
          title: "Cadet Pilot",
          company: f.company.id,
          jobType: "full-time",
          status: "active",
          categories: "Flight, Flight Ops",
        });
        expect(await notice(created)).toContain("Job created");
        const made = await t.db
          .select()
          .from(jobs)
          .where(sql`${jobs.title} = 'Cadet Pilot'`);
        expect(made[0]).toMatchObject({
          jobType: "full-time",
          isApproved: false,
          categories: ["Flight", "Flight Ops"],
        });
        const log = await t.db
          .select()
          .from(auditLog)
          .where(sql`${auditLog.entityId} = ${made[0].id}`);
        expect(log[0]).toMatchObject({ action: "job.create", actorId: f.admin.user.id });
        expect(await notice(await act({ intent: "delete", id: made[0].id }))).toContain(
          "Job deleted",
        );
        expect(
          await t.db
            .select()
            .from(jobs)
            .where(sql`${jobs.id} = ${made[0].id}`),
        ).toEqual([]);
      });
    });
  });
});
