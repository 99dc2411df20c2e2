/**
 * Employer job submission and review over HTTP (ADR 104): the /api doors for employers
 * (ownership across two companies, no self-approval, pending after edit, closing keeps approval,
 * delete rules, both limits incl. concurrency), the decline door, the decision e-mails through a
 * real SMTP sink (approve via PUT and via the old admin toggle, decline with the reason), the admin
 * approval queue and Decline dialog, decline templates (admin only), and the /employer screens.
 */
import { describe, expect, it } from "vitest";
import sharp from "sharp";
import { sql } from "drizzle-orm";
import { createCompany, createJob, createUser } from "../factories";
import { createEmployer } from "../factories/employer-jobs";
import { forEachDb, rows } from "../setup/db";
import { postForm, useServer } from "../setup/http";

const PUBLIC_URL = "https://runway.test";
// The built server reads its configuration from the environment on first use (each test file runs
// in its own process), so the links' origin and the limits are set here, before it starts.
process.env.PUBLIC_URL = PUBLIC_URL;
process.env.EMPLOYER_MAX_PENDING = "2";
process.env.EMPLOYER_MAX_DAILY = "4";

describe("employer jobs over HTTP", () => {
  forEachDb((t) => {
    const app = useServer(t);
    const employer = async (o: Parameters<typeof createEmployer>[1] = {}) => {
      const e = await createEmployer(t.db, o);
      return { ...e, token: await app.token(e.user.email, e.password) };
    };
    const admin = async () => {
      const { user, password } = await createUser(t.db, { role: "admin" });
      return { user, password, token: await app.token(user.email, password) };
    };
    const post = (token: string, body: Record<string, unknown>) =>
      app.api("/api/jobs", { body, token });
    const job = (o: Record<string, unknown> = {}) => ({
      title: "Aircraft Mechanic Trainee",
      jobType: "internship",
      description: "Hangar work on ATR 72s.",
      ...o,
    });
    /** The flash notice the redirect carries, as the next page shows it. */
    const notice = async (r: Response, cookie: string) => {
      const f = r.headers
        .getSetCookie()
        .find((x) => x.startsWith("runway_flash="))!
        .split(";")[0];
      return (
        await app.fetch(r.headers.get("location")!, { headers: { Cookie: `${cookie}; ${f}` } })
      ).text();
    };

    it("employers create, read and change only their own company's jobs, and never approve", async () => {
      const a = await employer();
      const b = await employer();
      const { user: student, password } = await createUser(t.db, { role: "student" });
      const studentToken = await app.token(student.email, password);

      const created = await post(a.token, job({ companyId: a.companyId }));
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({
        companyId: a.companyId,
        isApproved: false,
        // The interface's name for it.
        approved: false,
        reviewStatus: "pending",
        declineReason: null,
        views: 0,
        applyClicks: 0,
      });
      expect(created.body.submittedAt).toBeTruthy();
      const mine = created.body._id as string;

      const other = await post(a.token, job({ companyId: b.companyId }));
      expect(other.status).toBe(403);
      const approve = await post(a.token, job({ companyId: a.companyId, isApproved: true }));
      expect(approve.status).toBe(403);
      expect(approve.body.message).toBe("Only administrators can approve jobs");
      expect((await post(studentToken, job({ companyId: a.companyId }))).status).toBe(403);
      expect((await post(a.token, { companyId: a.companyId })).status).toBe(400);
      // The company may be left out: it is the account's own.
      const implicit = await post(a.token, job({ title: "No company given" }));
      expect(implicit.status).toBe(201);
      expect(implicit.body.companyId).toBe(a.companyId);
      await app.api(`/api/jobs/${implicit.body._id}`, { method: "DELETE", token: a.token });

      const theirs = (await post(b.token, job({ companyId: b.companyId, title: "B pending" }))).body
        ._id as string;
      const theirsPublic = await createJob(t.db, { companyId: b.companyId, title: "B public" });

      // Reads: own in any state with review fields; another company's pending job does not exist.
      const list = await app.api("/api/jobs", { token: a.token });
      expect(list.status).toBe(200);
      expect(list.body.map((j: { _id: string }) => j._id)).toEqual([mine]);
      expect(list.headers.get("X-Total-Count")).toBe("1");
      expect((await app.api(`/api/jobs/${mine}`, { token: a.token })).body.reviewStatus).toBe(
        "pending",
      );
      expect((await app.api(`/api/jobs/${theirs}`, { token: a.token })).status).toBe(404);
      const pub = await app.api(`/api/jobs/${theirsPublic.id}`, { token: a.token });
      expect(pub.status).toBe(200);
      expect(pub.body.reviewStatus).toBeUndefined();

      // Writes on another company's jobs: 404, nothing changes.
      for (const id of [theirs, theirsPublic.id]) {
        expect(
          (
            await app.api(`/api/jobs/${id}`, {
              method: "PUT",
              body: { title: "X" },
              token: a.token,
            })
          ).status,
        ).toBe(404);
        expect(
          (
            await app.api(`/api/jobs/${id}`, {
              method: "PUT",
              body: { status: "closed" },
              token: a.token,
            })
          ).status,
        ).toBe(404);
        expect(
          (await app.api(`/api/jobs/${id}`, { method: "DELETE", token: a.token })).status,
        ).toBe(404);
      }
      const [still] = await rows<{ title: string; status: string }>(
        t,
        sql`select title, status from jobs where id = ${theirsPublic.id}`,
      );
      expect(still).toEqual({ title: "B public", status: "active" });

      // No door approves for an employer: PUT isApproved, the decline door, the admin screen.
      const self = await app.api(`/api/jobs/${mine}`, {
        method: "PUT",
        body: { isApproved: true },
        token: a.token,
      });
      expect(self.status).toBe(403);
      expect(
        (await app.api(`/api/jobs/${mine}/decline`, { body: { reason: "x" }, token: a.token }))
          .status,
      ).toBe(403);
      const cookie = await app.cookie(a.user.email, a.password);
      const toggle = await postForm(
        app,
        "/admin/jobs",
        { intent: "approve", id: mine, isApproved: "true" },
        cookie,
      );
      expect(toggle.headers.get("location")).toBe("/dashboard");
      const [r] = await rows<{ is_approved: boolean }>(
        t,
        sql`select is_approved from jobs where id = ${mine}`,
      );
      expect(r.is_approved).toBe(false);

      // Delete: a pending own job goes; an approved one is closed instead (409).
      expect(
        (await app.api(`/api/jobs/${mine}`, { method: "DELETE", token: a.token })).status,
      ).toBe(200);
      const live = await createJob(t.db, { companyId: a.companyId });
      const refused = await app.api(`/api/jobs/${live.id}`, { method: "DELETE", token: a.token });
      expect(refused.status).toBe(409);
      expect(refused.body.message).toMatch(/close it instead/);
    });

    it("approval by PUT mails the public link; an edit sends the job back to review; closing keeps approval, reopening is reviewed", async () => {
      const e = await employer({ firstName: "Erin" });
      const ad = await admin();
      const id = (await post(e.token, job({ companyId: e.companyId, title: "Ramp Agent" }))).body
        ._id as string;
      expect((await app.api(`/api/jobs/${id}`)).status).toBe(404);
      const ok = await app.api(`/api/jobs/${id}`, {
        method: "PUT",
        body: { isApproved: true },
        token: ad.token,
      });
      expect(ok.status).toBe(200);
      expect(ok.body.isApproved).toBe(true);
      const mail = await app.smtp.waitFor(e.user.email, (m) => m.subject.includes("Ramp Agent"));
      expect(mail.subject).toBe("Your job “Ramp Agent” is approved and live on Runway");
      expect(mail.text).toContain(`${PUBLIC_URL}/jobs/${id}`);
      expect((await app.api(`/api/jobs/${id}`)).status).toBe(200);

      // Closing keeps the approval; reopening goes back through review (off the board until then).
      const closed = await app.api(`/api/jobs/${id}`, {
        method: "PUT",
        body: { status: "closed" },
        token: e.token,
      });
      expect(closed.body).toMatchObject({ isApproved: true, reviewStatus: "closed" });
      const reopened = await app.api(`/api/jobs/${id}`, {
        method: "PUT",
        body: { status: "active" },
        token: e.token,
      });
      expect(reopened.body).toMatchObject({ isApproved: false, reviewStatus: "pending" });
      expect((await app.api(`/api/jobs/${id}`)).status).toBe(404);
      const again = await app.api(`/api/jobs/${id}`, {
        method: "PUT",
        body: { isApproved: true },
        token: ad.token,
      });
      expect(again.status).toBe(200);
      expect((await app.api(`/api/jobs/${id}`)).status).toBe(200);

      // A content edit: pending, off the board for everyone else.
      const edited = await app.api(`/api/jobs/${id}`, {
        method: "PUT",
        body: { description: "Now with night shifts." },
        token: e.token,
      });
      expect(edited.body).toMatchObject({
        isApproved: false,
        approved: false,
        reviewStatus: "pending",
      });
      expect((await app.api(`/api/jobs/${id}`)).status).toBe(404);
      expect((await app.api("/api/jobs")).body.map((j: { _id: string }) => j._id)).not.toContain(
        id,
      );
    });

    it("limits: pending per company and submissions per day answer 429 naming the limit; concurrent submissions cannot both pass", async () => {
      const e = await employer();
      expect((await post(e.token, job({ companyId: e.companyId }))).status).toBe(201);
      const second = await post(e.token, job({ companyId: e.companyId }));
      expect(second.status).toBe(201);
      const third = await post(e.token, job({ companyId: e.companyId }));
      expect(third.status).toBe(429);
      expect(third.body.message).toMatch(/the limit is 2/);
      expect(Number(third.headers.get("Retry-After"))).toBeGreaterThan(0);
      // Two edits reach the daily limit of 4 submissions; the next is refused.
      const id = second.body._id as string;
      for (const title of ["Edit 1", "Edit 2"])
        expect(
          (await app.api(`/api/jobs/${id}`, { method: "PUT", body: { title }, token: e.token }))
            .status,
        ).toBe(200);
      const over = await app.api(`/api/jobs/${id}`, {
        method: "PUT",
        body: { title: "Edit 3" },
        token: e.token,
      });
      expect(over.status).toBe(429);
      expect(over.body.message).toMatch(/4 job submissions in the last 24 hours/);
      // A status change is still allowed.
      expect(
        (
          await app.api(`/api/jobs/${id}`, {
            method: "PUT",
            body: { status: "closed" },
            token: e.token,
          })
        ).status,
      ).toBe(200);

      // Concurrency: one place left, two colleagues submit at once.
      const c1 = await employer();
      const c2 = await employer({ companyId: c1.companyId });
      await post(c1.token, job({ companyId: c1.companyId }));
      const both = await Promise.all([
        post(c1.token, job({ companyId: c1.companyId, title: "Race 1" })),
        post(c2.token, job({ companyId: c1.companyId, title: "Race 2" })),
      ]);
      expect(both.map((r) => r.status).sort()).toEqual([201, 429]);
      const [n] = await rows<{ n: number }>(
        t,
        sql`select count(*)::int as n from jobs where company_id = ${c1.companyId}`,
      );
      expect(n.n).toBe(2);
    });

    it("POST /api/jobs/{id}/decline: admin only, reason 1–2000 characters, 404 unknown; mails the reason with the edit link", async () => {
      const e = await employer();
      const ad = await admin();
      const id = (await post(e.token, job({ companyId: e.companyId, title: "Cabin Crew" }))).body
        ._id as string;
      const path = `/api/jobs/${id}/decline`;
      expect((await app.api(path, { body: { reason: "x" } })).status).toBe(401);
      expect((await app.api(path, { body: {}, token: ad.token })).status).toBe(400);
      expect((await app.api(path, { body: { reason: "   " }, token: ad.token })).status).toBe(400);
      const long = await app.api(path, { body: { reason: "x".repeat(2001) }, token: ad.token });
      expect(long.status).toBe(400);
      expect(long.body.message).toMatch(/2000/);
      expect(
        (
          await app.api("/api/jobs/00000000-0000-4000-8000-000000000000/decline", {
            body: { reason: "x" },
            token: ad.token,
          })
        ).status,
      ).toBe(404);
      const done = await app.api(path, {
        body: { reason: "Please state the monthly allowance." },
        token: ad.token,
      });
      expect(done.status).toBe(200);
      const mail = await app.smtp.waitFor(e.user.email, (m) => m.subject.includes("Cabin Crew"));
      expect(mail.subject).toBe("Your job “Cabin Crew” was not approved");
      expect(mail.text).toContain("Please state the monthly allowance.");
      expect(mail.text).toContain(`${PUBLIC_URL}/employer/jobs/${id}/edit`);
      const seen = await app.api(`/api/jobs/${id}`, { token: e.token });
      expect(seen.body).toMatchObject({
        reviewStatus: "declined",
        declineReason: "Please state the monthly allowance.",
        isApproved: false,
      });
    });

    it("the admin approval queue: oldest first with the trust signal; the old toggle approves and mails; Decline with a template and free text", async () => {
      const ad = await admin();
      const cookie = await app.cookie(ad.user.email, ad.password);
      const older = await employer({ email: `jobs.${Date.now()}@gmail.com` });
      const newer = await employer({ domainVerified: true });
      const first = (await post(older.token, job({ companyId: older.companyId, title: "Old One" })))
        .body._id as string;
      const second = (
        await post(newer.token, job({ companyId: newer.companyId, title: "New One" }))
      ).body._id as string;
      await t.db.execute(
        sql`update jobs set submitted_at = now() - interval '2 days' where id = ${first}`,
      );
      const html = await (
        await app.fetch("/admin/jobs?view=queue", { headers: { Cookie: cookie } })
      ).text();
      expect(html).toContain("Approval queue");
      const a = html.indexOf("Old One");
      const b = html.indexOf("New One");
      expect(a).toBeGreaterThan(0);
      expect(b).toBeGreaterThan(a);
      expect(html.slice(a, b)).toContain("Free mail");
      expect(html.slice(b)).toContain("Domain verified");

      // The old Approve toggle (intent approve) goes through the same approval: the mail is sent.
      const approved = await postForm(
        app,
        "/admin/jobs",
        { intent: "approve", id: second, isApproved: "true", back: "/admin/jobs?view=queue" },
        cookie,
      );
      expect(approved.status).toBe(302);
      expect(await notice(approved, cookie)).toContain("Job approved");
      const mail = await app.smtp.waitFor(newer.user.email, (m) => m.subject.includes("New One"));
      expect(mail.text).toContain(`${PUBLIC_URL}/jobs/${second}`);

      // The Decline dialog renders in the page without JavaScript, with the templates.
      await t.db.execute(
        sql`insert into decline_templates (title, body, position) values ('Fee requested', 'Runway never lists jobs that ask applicants to pay.', 1)`,
      );
      const [tpl] = await rows<{ id: string }>(t, sql`select id from decline_templates`);
      const dialog = await (
        await app.fetch(`/admin/jobs?view=queue&decline=${first}`, { headers: { Cookie: cookie } })
      ).text();
      expect(dialog).toContain("Decline job");
      expect(dialog).toContain("Reason template");
      expect(dialog).toContain("Fee requested");
      // An empty reason without a template is refused (400), nothing is mailed.
      const empty = await postForm(
        app,
        "/admin/jobs?view=queue&decline=" + first,
        {
          intent: "decline",
          id: first,
          reason: "",
          templateId: "",
          back: "/admin/jobs?view=queue",
        },
        cookie,
      );
      expect(empty.status).toBe(400);
      const declined = await postForm(
        app,
        "/admin/jobs",
        {
          intent: "decline",
          id: first,
          templateId: tpl.id,
          reason: "Also: add the location.",
          back: "/admin/jobs?view=queue",
        },
        cookie,
      );
      expect(declined.status).toBe(302);
      expect(declined.headers.get("location")).toBe("/admin/jobs?view=queue");
      expect(await notice(declined, cookie)).toContain("Job declined");
      const no = await app.smtp.waitFor(older.user.email, (m) => m.subject.includes("Old One"));
      expect(no.text).toContain("Runway never lists jobs that ask applicants to pay.");
      expect(no.text).toContain("Also: add the location.");
      const queue = await (
        await app.fetch("/admin/jobs?view=queue", { headers: { Cookie: cookie } })
      ).text();
      expect(queue).not.toContain("Old One");
      expect(queue).not.toContain("New One");
    });

    it("decline templates: admin-only API and screen, CRUD and reorder", async () => {
      const ad = await admin();
      const e = await employer();
      const base = "/api/admin/decline-templates";
      expect((await app.api(base, { token: e.token })).status).toBe(403);
      expect(
        (await app.api(base, { body: { title: "x", body: "y" }, token: e.token })).status,
      ).toBe(403);
      expect(
        (await app.api(base, { body: { title: "", body: "y" }, token: ad.token })).status,
      ).toBe(400);
      const one = await app.api(base, {
        body: { title: "Vague", body: "Too vague." },
        token: ad.token,
      });
      expect(one.status).toBe(201);
      const two = await app.api(base, {
        body: { title: "Fee", body: "Asks a fee." },
        token: ad.token,
      });
      const put = await app.api(`${base}/${one.body.id}`, {
        method: "PUT",
        body: { title: "Vague text", body: "Say what the job is." },
        token: ad.token,
      });
      expect(put.status).toBe(200);
      expect(
        (
          await app.api(`${base}/${two.body.id}`, {
            method: "PUT",
            body: { title: "x", body: "y" },
            token: e.token,
          })
        ).status,
      ).toBe(403);
      const list = await app.api(base, { token: ad.token });
      expect(list.body.map((x: { title: string }) => x.title)).toEqual(["Vague text", "Fee"]);

      // The screen: employers are sent away; the admin moves and deletes.
      const ec = await app.cookie(e.user.email, e.password);
      expect(
        (await app.fetch("/admin/jobs/decline-templates", { headers: { Cookie: ec } })).headers.get(
          "location",
        ),
      ).toBe("/dashboard");
      const cookie = await app.cookie(ad.user.email, ad.password);
      const page = await (
        await app.fetch("/admin/jobs/decline-templates", { headers: { Cookie: cookie } })
      ).text();
      expect(page).toContain("Decline templates");
      expect(page).toContain("Vague text");
      const moved = await postForm(
        app,
        "/admin/jobs/decline-templates",
        { intent: "up", id: two.body.id },
        cookie,
      );
      expect(moved.status).toBe(302);
      expect(
        (await app.api(base, { token: ad.token })).body.map((x: { title: string }) => x.title),
      ).toEqual(["Fee", "Vague text"]);
      await postForm(
        app,
        "/admin/jobs/decline-templates",
        { intent: "delete", id: two.body.id },
        cookie,
      );
      expect(
        (await app.api(`${base}/${two.body.id}`, { method: "DELETE", token: ad.token })).status,
      ).toBe(404);
      const [{ n }] = await rows<{ n: number }>(
        t,
        sql`select count(*)::int as n from audit_log where entity_type = 'decline_template'`,
      );
      expect(n).toBe(5);
    });

    it("/employer shows the company's jobs with status, reason and counts; the forms submit for review; the profile cannot change name or website", async () => {
      // A verified employer (on the company's domain): only such may change the public profile.
      const e = await employer({ domainVerified: true });
      const other = await employer();
      const ad = await admin();
      const cookie = await app.cookie(e.user.email, e.password);
      // Guests to /login, other roles to /dashboard.
      expect((await app.fetch("/employer")).headers.get("location")).toMatch(/^\/login/);
      const adminCookie = await app.cookie(ad.user.email, ad.password);
      expect(
        (await app.fetch("/employer", { headers: { Cookie: adminCookie } })).headers.get(
          "location",
        ),
      ).toBe("/dashboard");

      // Post a job through the form (no JavaScript).
      const page = await (
        await app.fetch("/employer/jobs/new", { headers: { Cookie: cookie } })
      ).text();
      expect(page).toContain("Submit for review");
      expect(page).not.toContain("Choose a company");
      expect(page).not.toContain("Approved (visible");
      const created = await postForm(
        app,
        "/employer/jobs/new",
        {
          intent: "create",
          title: "Avionics Technician",
          company: e.companyId,
          jobType: "full-time",
          status: "active",
          description: "Bench testing.",
        },
        cookie,
      );
      expect(created.status).toBe(302);
      expect(await notice(created, cookie)).toContain("Submitted for review");
      // Another company in a tampered form is refused.
      const tampered = await postForm(
        app,
        "/employer/jobs/new",
        { intent: "create", title: "Tampered", company: other.companyId, status: "active" },
        cookie,
      );
      expect(tampered.status).toBe(403);

      const [{ id }] = await rows<{ id: string }>(
        t,
        sql`select id from jobs where title = 'Avionics Technician'`,
      );
      const declinedJob = (
        await post(e.token, job({ companyId: e.companyId, title: "Declined Job" }))
      ).body._id as string;
      await app.api(`/api/jobs/${declinedJob}/decline`, {
        body: { reason: "Missing allowance." },
        token: ad.token,
      });
      await app.api(`/api/jobs/${id}`, {
        method: "PUT",
        body: { isApproved: true },
        token: ad.token,
      });
      for (let i = 0; i < 2; i++) {
        const { user } = await createUser(t.db, { role: "student" });
        await t.db.execute(
          sql`insert into job_interactions (user_id, job_id, kind) values (${user.id}, ${id}, 'view')`,
        );
        if (i === 0)
          await t.db.execute(
            sql`insert into job_interactions (user_id, job_id, kind) values (${user.id}, ${id}, 'apply')`,
          );
      }
      const theirs = (
        await post(other.token, job({ companyId: other.companyId, title: "Not Mine" }))
      ).body._id as string;

      const html = await (await app.fetch("/employer", { headers: { Cookie: cookie } })).text();
      expect(html).toContain("Your jobs");
      expect(html).toContain("Post a job");
      expect(html).toContain("Avionics Technician");
      expect(html).toContain("Approved");
      expect(html).toContain("Declined");
      expect(html).toContain("Missing allowance.");
      expect(html).not.toContain("Not Mine");
      const row = html.slice(html.indexOf("Avionics Technician"));
      expect(row).toMatch(/<td data-label="Views">2<\/td><td data-label="Apply clicks">1<\/td>/);

      // Another company's job cannot be edited through the screen.
      expect(
        (await app.fetch(`/employer/jobs/${theirs}/edit`, { headers: { Cookie: cookie } })).status,
      ).toBe(404);
      // Editing the approved job: back to review; Close keeps approval.
      const edit = await postForm(
        app,
        `/employer/jobs/${id}/edit`,
        {
          intent: "update",
          id,
          title: "Avionics Technician II",
          company: e.companyId,
          jobType: "full-time",
          status: "active",
          description: "Bench testing.",
        },
        cookie,
      );
      expect(await notice(edit, cookie)).toContain("Submitted for review");
      const [j] = await rows<{ is_approved: boolean }>(
        t,
        sql`select is_approved from jobs where id = ${id}`,
      );
      expect(j.is_approved).toBe(false);
      const close = await postForm(app, "/employer", { intent: "close", id: theirs }, cookie);
      expect(await notice(close, cookie)).toContain("Job not found");

      // The company profile: description and phone change; a posted name or website is ignored.
      const profile = await (
        await app.fetch("/employer/company", { headers: { Cookie: cookie } })
      ).text();
      expect(profile).toContain("Contact the career office to change the name or website");
      const saved = await postForm(
        app,
        "/employer/company",
        {
          description: "MRO in Clark.",
          phone: "+63 45 123 4567",
          location: "Clark",
          email: "",
          name: "Renamed Air",
          website: "https://evil.example",
        },
        cookie,
      );
      expect(saved.status).toBe(302);
      const [c] = await rows<{ name: string; website: string; description: string; phone: string }>(
        t,
        sql`select name, website, description, phone from companies where id = ${e.companyId}`,
      );
      expect(c.description).toBe("MRO in Clark.");
      expect(c.phone).toBe("+63 45 123 4567");
      expect(c.name).not.toBe("Renamed Air");
      expect(c.website).toBe("https://example.com");
      void createCompany;
    });

    it("the company form takes a logo up to the 2 MB it announces (a 1.5 MB image is not a 413)", async () => {
      const e = await employer({ domainVerified: true });
      const cookie = await app.cookie(e.user.email, e.password);
      // Noise does not compress: a PNG of ≈1.5 MB, over the 1 MB cap of forms, under 2 MB.
      const side = 720;
      const noise = Buffer.alloc(side * side * 3);
      for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761) >>> 24;
      const png = await sharp(noise, { raw: { width: side, height: side, channels: 3 } })
        .png({ compressionLevel: 0 })
        .toBuffer();
      expect(png.length).toBeGreaterThan(1024 * 1024);
      expect(png.length).toBeLessThan(2 * 1024 * 1024);
      const form = new FormData();
      for (const [k, v] of Object.entries({
        description: "MRO",
        email: "",
        phone: "",
        location: "",
      }))
        form.set(k, v);
      form.set("logo", new Blob([new Uint8Array(png)], { type: "image/png" }), "logo.png");
      const r = await app.fetch("/employer/company", {
        method: "POST",
        body: form,
        headers: { Cookie: cookie },
      });
      expect(r.status).toBe(302);
      const [c] = await rows<{ logo_file_id: string | null }>(
        t,
        sql`select logo_file_id from companies where id = ${e.companyId}`,
      );
      expect(c.logo_file_id).not.toBeNull();
    });
  });
});
