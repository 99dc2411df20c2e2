/**
 * Employer accounts over HTTP: POST /api/employers/register (both ways) with the code
 * read from the real SMTP sink, verification and sign-in through /api/auth/verify-otp and
 * /api/auth/login (role, companyId, domainVerified); the /employers form without JavaScript;
 * employers refused by the college's own doors; invitations by mail; the admin list and the
 * verify / block / unblock doors with their audit rows; a blocked company's jobs gone from every
 * public door and back after unblock; a blocked employer's sign-in refused and old tokens dead.
 */
import { describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { createCompany, createJob, createUser } from "../factories";
import { forEachDb, rows } from "../setup/db";
import { postForm, useServer } from "../setup/http";
import { codeFrom } from "../setup/smtp-sink";
import { EMPLOYER_MSG } from "~/models/employer/employer.schema";

const PW = "Hangar-door-2026";

describe("employer accounts over HTTP", () => {
  forEachDb((t) => {
    const app = useServer(t);

    /** Registers through /api, reads the code from the mail, verifies, signs in: the token and user. */
    const signUp = async (body: Record<string, unknown>) => {
      const r = await app.api("/api/employers/register", {
        body: { firstName: "Erin", lastName: "Hiring", password: PW, acceptTerms: true, ...body },
      });
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      expect(r.body).toMatchObject({ requiresVerification: true });
      const email = String(body.email).toLowerCase();
      const mail = await app.smtp.waitFor(email, (m) => /verification code/i.test(m.subject));
      const v = await app.api("/api/auth/verify-otp", { body: { email, otp: codeFrom(mail) } });
      expect(v.status).toBe(200);
      const login = await app.api("/api/auth/login", { body: { email, password: PW } });
      expect(login.status).toBe(200);
      return { token: login.body.token as string, user: login.body.user };
    };
    const adminToken = async () => {
      const { user, password } = await createUser(t.db, { role: "admin" });
      return app.token(user.email, password);
    };
    /** An admin approves the request to join of `email` (a sign-up naming an existing company). */
    const approveJoin = async (email: string) => {
      const token = await adminToken();
      const list = await app.api("/api/employers/join-requests", { token });
      const r = list.body.requests.find((x: { email: string }) => x.email === email);
      const ok = await app.api(`/api/employers/join-requests/${r.id}/approve`, {
        method: "POST",
        token,
      });
      expect(ok.status).toBe(200);
    };

    it("registers with a new company or an existing one, verifies by mailed code, signs in as employer", async () => {
      const fresh = await signUp({
        email: "Chief@Skyhigh.example",
        company: {
          name: "Skyhigh Aviation",
          website: "https://www.skyhigh.example",
          location: "Clark",
        },
      });
      expect(fresh.user).toMatchObject({
        role: "employer",
        domainVerified: true,
        employerVerified: false,
        isBlocked: false,
      });
      expect(fresh.user.companyId).toMatch(/^[0-9a-f-]{36}$/);
      const me = await app.api("/api/auth/me", { token: fresh.token });
      expect(me.body.user ?? me.body).toMatchObject({ role: "employer" });

      const existing = await createCompany(t.db, {
        name: "Old Air",
        website: "https://oldair.example",
      });
      const free = await signUp({ email: "oldair.hr@gmail.com", companyId: existing.id });
      expect(free.user).toMatchObject({ companyId: existing.id, domainVerified: false });

      // A taken address answers as /api/auth/register does (409); the college's address is refused.
      const again = await app.api("/api/employers/register", {
        body: {
          firstName: "A",
          lastName: "B",
          password: PW,
          acceptTerms: true,
          email: "oldair.hr@gmail.com",
          companyId: existing.id,
        },
      });
      expect(again.status).toBe(409);
      const college = await app.api("/api/employers/register", {
        body: {
          firstName: "A",
          lastName: "B",
          password: PW,
          acceptTerms: true,
          email: "me@example.edu",
          companyId: existing.id,
        },
      });
      expect(college.status).toBe(400);
      expect(college.body.message).toBe("Use your work e-mail address, not a college address");
      const dup = await app.api("/api/employers/register", {
        body: {
          firstName: "A",
          lastName: "B",
          password: PW,
          acceptTerms: true,
          email: "x@oldair.example",
          company: { name: "old AIR", website: "oldair.example", location: "Manila" },
        },
      });
      expect(dup.status).toBe(409);
      expect(dup.body.companyId).toBe(existing.id);
      const noTerms = await app.api("/api/employers/register", {
        body: {
          firstName: "A",
          lastName: "B",
          password: PW,
          email: "y@oldair.example",
          companyId: existing.id,
        },
      });
      expect(noTerms.status).toBe(400);
    });

    it("the /employers form works without JavaScript and goes to the code screen, then /employer", async () => {
      const c = await createCompany(t.db, { name: "Form Air", website: "https://formair.example" });
      const page = await app.fetch("/employers");
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain("Form Air");
      expect(html).toContain("Create employer account");
      const bad = await postForm(app, "/employers", { email: "a@example.edu" });
      expect(bad.status).toBe(400);
      expect(await bad.text()).toContain("Use your work e-mail address, not a college address");
      const res = await postForm(app, "/employers", {
        firstName: "Fay",
        lastName: "Former",
        email: "fay@formair.example",
        companyId: c.id,
        "company.name": "",
        "company.website": "",
        "company.location": "",
        password: PW,
        confirmPassword: PW,
        acceptTerms: "on",
      });
      expect(res.status).toBe(302);
      const to = res.headers.get("location")!;
      expect(to).toMatch(/^\/verify-otp\?s=/);
      const mail = await app.smtp.waitFor("fay@formair.example");
      const done = await postForm(app, to, {
        s: new URL(to, app.url).searchParams.get("s")!,
        otp: codeFrom(mail),
      });
      expect(done.status).toBe(302);
      expect(done.headers.get("location")).toBe("/employer");
      // The /login form sends employers to /employer too.
      const login = await postForm(app, "/login", { email: "fay@formair.example", password: PW });
      expect(login.headers.get("location")).toBe("/employer");
    });

    it("employers are refused by the college's own doors (403 on /api, redirect on screens)", async () => {
      const c = await createCompany(t.db, { website: "https://doors.example" });
      const e = await signUp({ email: "door@doors.example", companyId: c.id });
      const job = await createJob(t.db);
      for (const [method, path, body] of [
        ["GET", "/api/saved-jobs", undefined],
        ["PUT", `/api/saved-jobs/${job.id}`, {}],
        ["GET", "/api/applications", undefined],
        ["GET", "/api/alerts", undefined],
        ["POST", "/api/alerts", { name: "x" }],
        ["GET", "/api/student/stats", undefined],
        ["GET", "/api/surveys", undefined],
        ["GET", "/api/surveys/active/eligible", undefined],
        ["GET", "/api/profile/me", undefined],
      ] as const) {
        const r = await app.api(path, { method, body, token: e.token });
        expect(r.status, `${method} ${path}`).toBe(403);
      }
      const cookie = await app.cookie("door@doors.example", PW);
      for (const path of ["/dashboard", "/saved-jobs", "/applications", "/alerts", "/profile"]) {
        const r = await app.fetch(path, { headers: { Cookie: cookie } });
        expect(r.status, path).toBe(302);
        expect(r.headers.get("location"), path).toBe("/employer");
      }
      // The board stays open to them.
      expect((await app.fetch("/jobs", { headers: { Cookie: cookie } })).status).toBe(200);
    });

    it("invites a colleague on the same domain by mail; the link registers only that address", async () => {
      const c = await createCompany(t.db, { name: "Team Air", website: "https://teamair.example" });
      const boss = await signUp({ email: "boss@teamair.example", companyId: c.id });
      await approveJoin("boss@teamair.example");
      const student = await createUser(t.db);
      const st = await app.token(student.user.email, student.password);
      expect(
        (
          await app.api("/api/employers/invitations", {
            body: { email: "x@teamair.example" },
            token: st,
          })
        ).status,
      ).toBe(403);
      const free = await app.api("/api/employers/invitations", {
        body: { email: "mate@gmail.com" },
        token: boss.token,
      });
      expect(free.status).toBe(400);
      const other = await app.api("/api/employers/invitations", {
        body: { email: "mate@other.example" },
        token: boss.token,
      });
      expect(other.status).toBe(400);
      const ok = await app.api("/api/employers/invitations", {
        body: { email: "mate@teamair.example" },
        token: boss.token,
      });
      expect(ok.status).toBe(201);
      const mail = await app.smtp.waitFor("mate@teamair.example");
      const link = new URL(/(\S+\/employers\?invite=[A-Za-z0-9_-]+)/.exec(mail.text)![1]);
      const token = link.searchParams.get("invite")!;
      const page = await (await app.fetch(link.pathname + link.search)).text();
      expect(page).toContain("Team Air");
      expect(page).toContain("mate@teamair.example");
      const wrong = await app.api("/api/employers/register", {
        body: {
          firstName: "M",
          lastName: "Ate",
          password: PW,
          acceptTerms: true,
          email: "sneaky@teamair.example",
          invite: token,
        },
      });
      expect(wrong.status).toBe(400);
      const mate = await signUp({ email: "mate@teamair.example", invite: token });
      expect(mate.user.companyId).toBe(c.id);
      const team = await app.api("/api/employers/invitations", { token: boss.token });
      expect(team.body.members.map((m: { email: string }) => m.email).sort()).toEqual([
        "boss@teamair.example",
        "mate@teamair.example",
      ]);
      const cookie = await app.cookie("boss@teamair.example", PW);
      const screen = await app.fetch("/employer/team", { headers: { Cookie: cookie } });
      expect(screen.status).toBe(200);
      expect(await screen.text()).toContain("Invite a colleague");
    });

    it("an employer on a free-mail address is told that their own address is why they cannot invite", async () => {
      const c = await createCompany(t.db, { name: "Free Air", website: "https://freeair.example" });
      const boss = await signUp({ email: "freeair.boss@gmail.com", companyId: c.id });
      await approveJoin("freeair.boss@gmail.com");
      const reason = EMPLOYER_MSG.inviteOwnFreeMail("gmail.com");
      for (const email of ["mate@freeair.example", "mate@gmail.com"]) {
        const r = await app.api("/api/employers/invitations", {
          body: { email },
          token: boss.token,
        });
        expect(r.status, email).toBe(400);
        expect(JSON.stringify(r.body), email).toContain(reason);
      }
      const cookie = await app.cookie("freeair.boss@gmail.com", PW);
      const screen = await (
        await app.fetch("/employer/team", { headers: { Cookie: cookie } })
      ).text();
      expect(screen).toContain("is a free e-mail service, so Runway cannot invite from it");
    });

    it("admins list, verify, block and unblock employers and companies; blocked means invisible everywhere", async () => {
      const admin = await adminToken();
      const c = await createCompany(t.db, {
        name: "Shady Wings",
        website: "https://shady.example",
      });
      const e = await signUp({ email: "boss@shady.example", companyId: c.id });
      const job = await createJob(t.db, { companyId: c.id, title: "Ramp Agent Shady" });

      const list = await app.api("/api/admin/users?role=employer", { token: admin });
      expect(list.status).toBe(200);
      expect(list.body).toHaveLength(1);
      expect(list.body[0]).toMatchObject({
        email: "boss@shady.example",
        companyId: c.id,
        companyName: "Shady Wings",
        domainVerified: true,
        employerVerified: false,
        isBlocked: false,
      });
      expect(
        (
          await app.api(`/api/admin/employers/${e.user.id}/verify`, {
            method: "POST",
            token: e.token,
          })
        ).status,
      ).toBe(403);
      const v = await app.api(`/api/admin/employers/${e.user.id}/verify`, {
        method: "POST",
        token: admin,
      });
      expect(v.status).toBe(200);
      expect(v.body.user.employerVerified).toBe(true);
      expect(
        (
          await app.api(`/api/admin/employers/00000000-0000-4000-8000-000000000000/block`, {
            method: "POST",
            token: admin,
          })
        ).status,
      ).toBe(404);

      const visible = async () => {
        const student = await createUser(t.db);
        const st = await app.token(student.user.email, student.password);
        const api = (await app.api("/api/jobs", { token: st })).body.map(
          (j: { id: string }) => j.id,
        );
        const pub = JSON.stringify((await app.api("/api/public/jobs")).body);
        const board = await (await app.fetch("/jobs")).text();
        const page = (await app.fetch(`/jobs/${job.id}`)).status;
        const rss = await (await app.fetch("/jobs/feed.xml")).text();
        const feed = await (await app.fetch("/jobs/feed.json")).text();
        return {
          api: api.includes(job.id),
          pub: pub.includes(job.id),
          board: board.includes("Ramp Agent Shady"),
          page,
          rss: rss.includes("Ramp Agent Shady"),
          feed: feed.includes(job.id),
        };
      };
      const shown = { api: true, pub: true, board: true, page: 200, rss: true, feed: true };
      const gone = { api: false, pub: false, board: false, page: 404, rss: false, feed: false };
      expect(await visible()).toEqual(shown);

      const b = await app.api(`/api/companies/${c.id}/block`, { method: "POST", token: admin });
      expect(b.status).toBe(200);
      expect(b.body.company.isBlocked).toBe(true);
      expect(await visible()).toEqual(gone);
      expect((await app.api("/api/auth/me", { token: e.token })).status).toBe(401);
      const refused = await app.api("/api/auth/login", {
        body: { email: "boss@shady.example", password: PW },
      });
      expect(refused.status).toBe(403);
      expect(refused.body.message).toMatch(/blocked/);
      const form = await postForm(app, "/login", { email: "boss@shady.example", password: PW });
      expect(form.status).toBe(403);
      expect(await form.text()).toContain(
        "This company has been blocked. Contact the career office.",
      );
      expect((await app.fetch("/employers")).status).toBe(200);
      expect(await (await app.fetch("/employers")).text()).not.toContain("Shady Wings");
      const adminSees = await app.api(`/api/companies/${c.id}`, { token: admin });
      expect(adminSees.body.isBlocked).toBe(true);

      expect(
        (await app.api(`/api/companies/${c.id}/unblock`, { method: "POST", token: admin })).status,
      ).toBe(200);
      expect(await visible()).toEqual(shown);

      // The employer alone: blocked → sign-in refused with the clear message, old token dead.
      const token = await app.token("boss@shady.example", PW);
      expect(
        (await app.api(`/api/admin/employers/${e.user.id}/block`, { method: "POST", token: admin }))
          .status,
      ).toBe(200);
      expect((await app.api("/api/auth/me", { token })).status).toBe(401);
      const r = await app.api("/api/auth/login", {
        body: { email: "boss@shady.example", password: PW },
      });
      expect(r.status).toBe(403);
      expect(r.body.message).toBe(
        "This employer account has been blocked. Contact the career office.",
      );
      expect(
        (
          await app.api(`/api/admin/employers/${e.user.id}/unblock`, {
            method: "POST",
            token: admin,
          })
        ).status,
      ).toBe(200);
      expect(
        (await app.api("/api/auth/login", { body: { email: "boss@shady.example", password: PW } }))
          .status,
      ).toBe(200);

      const audit = await rows<{ action: string }>(
        t,
        sql`select action from audit_log where action like 'employer.%' or action like 'company.%' order by created_at`,
      );
      expect(audit.map((a) => a.action)).toEqual(
        expect.arrayContaining([
          "employer.verify",
          "company.block",
          "company.unblock",
          "employer.block",
          "employer.unblock",
        ]),
      );

      // The admin screen shows the company, the badges and the actions.
      const { user: adm, password } = await createUser(t.db, { role: "admin" });
      const cookie = await app.cookie(adm.email, password);
      const html = await (
        await app.fetch("/admin/users?role=employer", { headers: { Cookie: cookie } })
      ).text();
      expect(html).toContain("Shady Wings");
      expect(html).toContain("Domain verified");
      expect(html).toContain("Verified employer");
      expect(html).toContain(">Block<");
      const blockForm = await postForm(
        app,
        "/admin/users",
        { intent: "employer-block", id: e.user.id },
        cookie,
      );
      expect(blockForm.status).toBe(302);
      const after = await (
        await app.fetch("/admin/users?role=employer", { headers: { Cookie: cookie } })
      ).text();
      expect(after).toContain(">Unblock<");
      const companies = await (
        await app.fetch("/admin/companies", { headers: { Cookie: cookie } })
      ).text();
      expect(companies).toContain("Shady Wings");
      const cb = await postForm(app, "/admin/companies", { intent: "block", id: c.id }, cookie);
      expect(cb.status).toBe(302);
      expect(
        await (await app.fetch("/admin/companies", { headers: { Cookie: cookie } })).text(),
      ).toMatch(/Shady Wings.*Blocked/s);
    });
  });
});
