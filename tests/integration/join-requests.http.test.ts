/**
 * Requests to join an existing company over HTTP (ADR 109), as an outsider attacks: a free-mail
 * address registers as an employer of an existing company through POST /api/employers/register,
 * verifies with the mailed code, and then tries every door — its jobs (pending ones and their
 * decline reasons), team, invitations, closing and reopening jobs, the company profile and logo.
 * All refused until a verified employer of the company or an admin approves; the request mails
 * the company's verified employers and the admins once each (real SMTP sink); decline and expiry end it.
 */
import { describe, expect, it } from "vitest";
import sharp from "sharp";
import { sql } from "drizzle-orm";
import { createCompany, createJob, createUser } from "../factories";
import { createEmployer } from "../factories/employer-jobs";
import { forEachDb, rows } from "../setup/db";
import { postForm, useServer } from "../setup/http";
import { codeFrom } from "../setup/smtp-sink";

const PW = "Hangar-door-2026";

describe("requests to join a company over HTTP", () => {
  forEachDb((t) => {
    const app = useServer(t);

    async function world() {
      // One sink for the file: earlier tests' mail (codes, requests) must not answer this one's.
      app.smtp.clear();
      const company = await createCompany(t.db, {
        name: "Pacific Wings",
        website: "https://pacificwings.example",
      });
      const owner = await createEmployer(t.db, {
        companyId: company.id,
        email: "hr@pacificwings.example",
        domainVerified: true,
      });
      const { user: adminUser, password: adminPw } = await createUser(t.db, { role: "admin" });
      const live = await createJob(t.db, { companyId: company.id, title: "Live Mechanic" });
      const closed = await createJob(t.db, {
        companyId: company.id,
        title: "Closed Dispatcher",
        status: "closed",
      });
      const pending = await createJob(t.db, {
        companyId: company.id,
        title: "Secret Pending Role",
        isApproved: false,
      });
      await t.db.execute(
        sql`update jobs set declined_at = now(), decline_reason = 'Private reason' where id = ${pending.id}`,
      );
      return {
        company,
        owner: { ...owner, token: await app.token(owner.user.email, owner.password) },
        admin: { user: adminUser, token: await app.token(adminUser.email, adminPw), pw: adminPw },
        live,
        closed,
        pending,
      };
    }

    /** The attack's first step: sign up naming the company, verify from the mail, sign in. */
    async function intruder(companyId: string, email = "pacific.wings.hr@gmail.com") {
      const r = await app.api("/api/employers/register", {
        body: {
          firstName: "Mallory",
          lastName: "Outsider",
          email,
          password: PW,
          acceptTerms: true,
          companyId,
        },
      });
      expect(r.status).toBe(201);
      expect(r.body).toMatchObject({ requiresVerification: true, joinRequest: true });
      const mail = await app.smtp.waitFor(email, (m) => /verification code/i.test(m.subject));
      const v = await app.api("/api/auth/verify-otp", { body: { email, otp: codeFrom(mail) } });
      expect(v.status).toBe(200);
      const token = await app.token(email, PW);
      const cookie = await app.cookie(email, PW);
      return { email, token, cookie };
    }

    const state = async (companyId: string) => ({
      jobs: await rows<{ title: string; status: string; is_approved: boolean }>(
        t,
        sql`select title, status, is_approved from jobs where company_id = ${companyId} order by title`,
      ),
      company: (
        await rows(
          t,
          sql`select description, email, phone, logo_file_id from companies where id = ${companyId}`,
        )
      )[0],
      files: (await rows<{ n: number }>(t, sql`select count(*)::int as n from files`))[0].n,
    });

    it("a verified free-mail sign-up naming the company sees nothing of it and changes nothing", async () => {
      const w = await world();
      const before = await state(w.company.id);
      const x = await intruder(w.company.id);

      // /api: jobs, a pending job and its decline reason, team, invitations, requests.
      const list = await app.api("/api/jobs", { token: x.token });
      expect(list.status).toBe(403);
      const secret = await app.api(`/api/jobs/${w.pending.id}`, { token: x.token });
      expect(secret.status).toBe(404);
      expect(JSON.stringify(secret.body)).not.toContain("Private reason");
      expect((await app.api("/api/employers/invitations", { token: x.token })).status).toBe(403);
      const invite = await app.api("/api/employers/invitations", {
        body: { email: "friend@pacificwings.example" },
        token: x.token,
      });
      expect(invite.status).toBe(403);
      expect((await app.api("/api/employers/join-requests", { token: x.token })).status).toBe(403);
      // Close a live job, reopen a closed one, post a job for the company.
      for (const [id, status] of [
        [w.live.id, "closed"],
        [w.closed.id, "active"],
      ] as const) {
        const r = await app.api(`/api/jobs/${id}`, {
          method: "PUT",
          body: { status },
          token: x.token,
        });
        expect(r.status, `${status} ${id}`).toBe(403);
      }
      const posted = await app.api("/api/jobs", {
        body: {
          title: "Pay a fee first",
          jobType: "internship",
          description: "Send money.",
          companyId: w.company.id,
        },
        token: x.token,
      });
      expect(posted.status).toBe(403);

      // Screens: every /employer screen sends it to the waiting page; its forms change nothing.
      for (const path of [
        "/employer",
        "/employer/team",
        "/employer/company",
        "/employer/jobs/new",
      ]) {
        const r = await app.fetch(path, { headers: { Cookie: x.cookie } });
        expect(r.status, path).toBe(302);
        expect(r.headers.get("location"), path).toBe("/employer/waiting");
      }
      const waiting = await (
        await app.fetch("/employer/waiting", { headers: { Cookie: x.cookie } })
      ).text();
      expect(waiting).toContain("Waiting for approval");
      expect(waiting).toContain("Pacific Wings");
      expect(waiting).not.toContain("Live Mechanic");
      const reopen = await postForm(
        app,
        "/employer",
        { intent: "reopen", id: w.closed.id },
        x.cookie,
      );
      expect(reopen.headers.get("location")).toBe("/employer/waiting");
      const logo = await sharp({
        create: { width: 64, height: 64, channels: 3, background: "#f00" },
      })
        .png()
        .toBuffer();
      const form = new FormData();
      form.set("description", "We now ask applicants for a processing fee.");
      form.set("email", "pay@evil.example");
      form.set("phone", "+63 900 000 0000");
      form.set("location", "Manila");
      form.set("logo", new Blob([new Uint8Array(logo)], { type: "image/png" }), "logo.png");
      const profile = await app.fetch("/employer/company", {
        method: "POST",
        body: form,
        headers: { Cookie: x.cookie },
      });
      expect(profile.headers.get("location")).toBe("/employer/waiting");
      const upload = new FormData();
      upload.set("logo", new Blob([new Uint8Array(logo)], { type: "image/png" }), "logo.png");
      const up = await app.fetch("/upload/logo", {
        method: "POST",
        body: upload,
        headers: { Authorization: `Bearer ${x.token}` },
      });
      expect(up.status).toBe(403);

      // Nothing of the company changed, and no file of the intruder's was kept.
      expect(await state(w.company.id)).toEqual(before);
    });

    it("mails each verified employer and admin once; the owner approves over /api and the account joins", async () => {
      const w = await world();
      const x = await intruder(w.company.id, "new.colleague@yahoo.com");
      const toOwner = await app.smtp.waitFor(w.owner.user.email, (m) =>
        m.subject.startsWith("Request to join Pacific Wings"),
      );
      expect(toOwner.text).toContain("new.colleague@yahoo.com");
      expect(toOwner.text).toContain("/employer/team");
      expect(toOwner.text).not.toContain("Mallory");
      const toAdmin = await app.smtp.waitFor(w.admin.user.email, (m) =>
        m.subject.startsWith("Request to join Pacific Wings"),
      );
      expect(toAdmin.text).toContain("/admin/companies/join-requests");
      const count = (to: string) =>
        app.smtp.messages.filter(
          (m) => m.to.includes(to) && m.subject.startsWith("Request to join"),
        ).length;
      expect(count(w.owner.user.email)).toBe(1);
      expect(count(w.admin.user.email)).toBe(1);

      const mine = await app.api("/api/employers/join-requests/mine", { token: x.token });
      expect(mine.body.request).toMatchObject({ companyName: "Pacific Wings", status: "pending" });
      const list = await app.api("/api/employers/join-requests", { token: w.owner.token });
      expect(list.status).toBe(200);
      const [r] = list.body.requests;
      expect(r).toMatchObject({ email: x.email, status: "pending" });
      // The team screen offers the answer to the verified owner.
      const team = await (
        await app.fetch("/employer/team", {
          headers: { Cookie: await app.cookie(w.owner.user.email, w.owner.password) },
        })
      ).text();
      expect(team).toContain("Requests to join");
      expect(team).toContain(x.email);

      const ok = await app.api(`/api/employers/join-requests/${r.id}/approve`, {
        method: "POST",
        token: w.owner.token,
      });
      expect(ok.status).toBe(200);
      expect(ok.body.request.status).toBe("approved");
      await app.smtp.waitFor(x.email, (m) => /can now post jobs/.test(m.subject));
      const jobs = await app.api("/api/jobs", { token: x.token });
      expect(jobs.status).toBe(200);
      expect(jobs.body.map((j: { title: string }) => j.title)).toContain("Secret Pending Role");
      const again = await app.api(`/api/employers/join-requests/${r.id}/decline`, {
        method: "POST",
        token: w.owner.token,
      });
      expect(again.status).toBe(409);
      // A member now, but not on the company's domain: the public profile stays out of reach.
      const patch = await postForm(
        app,
        "/employer/company",
        { description: "Changed", email: "", phone: "", location: "" },
        await app.cookie(x.email, PW),
      );
      expect(patch.status).toBe(403);
    });

    it("an admin declines on /admin/companies/join-requests; the request ends for good", async () => {
      const w = await world();
      const x = await intruder(w.company.id);
      const adminCookie = await app.cookie(w.admin.user.email, w.admin.pw);
      const page = await (
        await app.fetch("/admin/companies/join-requests", { headers: { Cookie: adminCookie } })
      ).text();
      expect(page).toContain(x.email);
      const [{ id }] = await rows<{ id: string }>(t, sql`select id from employer_join_requests`);
      const declined = await postForm(
        app,
        "/admin/companies/join-requests",
        { intent: "decline", id },
        adminCookie,
      );
      expect(declined.status).toBe(302);
      await app.smtp.waitFor(x.email, (m) => /was declined/.test(m.subject));
      const waiting = await (
        await app.fetch("/employer/waiting", { headers: { Cookie: x.cookie } })
      ).text();
      expect(waiting).toContain("was declined");
      expect((await app.api("/api/jobs", { token: x.token })).status).toBe(403);
      const late = await app.api(`/api/employers/join-requests/${id}/approve`, {
        method: "POST",
        token: w.admin.token,
      });
      expect(late.status).toBe(409);
      // A colleague who is no verified employer cannot answer, nor learn the request exists.
      const other = await createEmployer(t.db, {
        companyId: w.company.id,
        email: "z@else.example",
      });
      const otherToken = await app.token(other.user.email, other.password);
      const probe = await app.api(`/api/employers/join-requests/${id}/approve`, {
        method: "POST",
        token: otherToken,
      });
      expect(probe.status).toBe(404);
    });

    it("an ignored request ends after 14 days and can no longer be approved", async () => {
      const w = await world();
      const x = await intruder(w.company.id);
      await t.db.execute(
        sql`update employer_join_requests set expires_at = now() - interval '1 minute'`,
      );
      const list = await app.api("/api/employers/join-requests", { token: w.owner.token });
      expect(list.body.requests).toEqual([]);
      const [{ id, status }] = await rows<{ id: string; status: string }>(
        t,
        sql`select id, status from employer_join_requests`,
      );
      expect(status).toBe("expired");
      const late = await app.api(`/api/employers/join-requests/${id}/approve`, {
        method: "POST",
        token: w.owner.token,
      });
      expect(late.status).toBe(409);
      const waiting = await (
        await app.fetch("/employer/waiting", { headers: { Cookie: x.cookie } })
      ).text();
      expect(waiting).toContain("not answered in time");
    });
  });
});
