/**
 * What users and a separate client trip over, over HTTP against the built server:
 * an over-long board search is cut and said so (never emptied), text limits answer 400 with a
 * field message on /api and screens, job descriptions link web addresses safely, admins see and
 * change an account's e-mail verification (audited), and every /api answer reads well from
 * another origin: absolute media URLs and printable scalars where the spec names text.
 */
import { and, eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { auditLog, mailOutbox, users } from "../../db/schema";
import { forEachDb } from "../setup/db";
import { useServer } from "../setup/http";
import { createCompany, createJob, createUser } from "../factories";

/** Fields the spec names as text or plain values: a client prints them as they are. */
const PRINTED = new Set([
  "course",
  "role",
  "userType",
  "status",
  "name",
  "fullName",
  "firstName",
  "lastName",
  "email",
  "title",
  "location",
  "jobType",
  "yearLevel",
  "studentId",
  "phone",
  "contactNumber",
  "address",
  "bio",
  "website",
  "description",
  "shortDescription",
  "term",
  "audience",
  "text",
  "label",
  "message",
]);
const MEDIA = new Set(["avatarUrl", "logoUrl"]);

/** Walks a JSON answer like a client would and lists every field it could not print or load. */
function problems(value: unknown, path = "$"): string[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => problems(v, `${path}[${i}]`));
  if (!value || typeof value !== "object") return [];
  const out: string[] = [];
  for (const [k, v] of Object.entries(value)) {
    const p = `${path}.${k}`;
    if (
      MEDIA.has(k) &&
      v !== null &&
      !(typeof v === "string" && /^https?:\/\/[^/]+\/files\/[0-9a-f-]{36}$/.test(v))
    )
      out.push(`${p} is not an absolute URL: ${JSON.stringify(v)}`);
    if (PRINTED.has(k) && v !== null && typeof v === "object")
      out.push(`${p} is an object where text is expected`);
    out.push(...problems(v, p));
  }
  return out;
}

const png = () =>
  sharp({ create: { width: 64, height: 64, channels: 3, background: "#0a5" } })
    .png()
    .toBuffer();

describe("ux data over HTTP", () => {
  forEachDb((t) => {
    const app = useServer(t, { mail: false });

    async function admin() {
      const { user, password } = await createUser(t.db, {
        role: "admin",
        firstName: "Ada",
        lastName: "Admin",
      });
      return {
        user,
        token: await app.token(user.email, password),
        cookie: await app.cookie(user.email, password),
      };
    }

    describe("no silent drops", () => {
      it("the board cuts an over-long search to 200 characters and says so, instead of showing every job", async () => {
        const ramp = await createJob(t.db, { title: "Ramp Agent" });
        const crew = await createJob(t.db, { title: "Cabin Crew" });
        const long = `ramp${" ramp".repeat(60)}`; // 304 characters
        const res = await app.fetch(`/jobs?q=${encodeURIComponent(long)}`);
        expect(res.status).toBe(200);
        const html = await res.text();
        expect(html).toContain("Search shortened to 200 characters");
        expect(html).toContain(`/jobs/${ramp.id}`);
        expect(html).not.toContain(`/jobs/${crew.id}`);
        const loc = await (await app.fetch(`/jobs?location=${"Pasay ".repeat(30)}`)).text();
        expect(loc).toContain("Location shortened to 100 characters");
      });

      it("/api/jobs and the widget feed refuse it with 400 and a message", async () => {
        for (const p of ["/api/jobs", "/api/public/jobs"]) {
          const r = await app.api(`${p}?q=${"x".repeat(201)}`);
          expect(r.status, p).toBe(400);
          expect(r.body.message).toBe("Search term must be at most 200 characters.");
        }
      });
    });

    describe("text limits", () => {
      it("/api answers 400 with a field message for every over-long job, company and survey text", async () => {
        const { token } = await admin();
        const company = await createCompany(t.db);
        const job = (o: Record<string, unknown>) => ({ title: "Ok", company: company.id, ...o });
        const cases: Array<[string, unknown, string, string]> = [
          [
            "/api/jobs",
            job({ title: "t".repeat(201) }),
            "title",
            "Title must be at most 200 characters.",
          ],
          [
            "/api/jobs",
            job({ location: "l".repeat(201) }),
            "location",
            "Location must be at most 200 characters.",
          ],
          [
            "/api/jobs",
            job({ shortDescription: "s".repeat(501) }),
            "shortDescription",
            "Short description must be at most 500 characters.",
          ],
          [
            "/api/jobs",
            job({ description: "d".repeat(20_001) }),
            "description",
            "Description must be at most 20000 characters.",
          ],
          [
            "/api/jobs",
            job({ categories: ["c".repeat(61)] }),
            "categories.0",
            "Categories must be a list of names (at most 20, each at most 60 characters).",
          ],
          [
            "/api/companies",
            { name: "n".repeat(201) },
            "name",
            "Company name must be at most 200 characters.",
          ],
          [
            "/api/companies",
            { name: "Ok Air", description: "d".repeat(5001) },
            "description",
            "Description must be at most 5000 characters.",
          ],
          [
            "/api/surveys",
            { title: "t".repeat(201) },
            "title",
            "Title must be at most 200 characters",
          ],
          [
            "/api/surveys",
            { title: "Ok", description: "d".repeat(5001) },
            "description",
            "Description must be at most 5000 characters",
          ],
          [
            "/api/surveys",
            { title: "Ok", questions: [{ text: "q".repeat(1001), type: "short_text" }] },
            "questions.0.text",
            "Question text must be at most 1000 characters",
          ],
          [
            "/api/surveys",
            {
              title: "Ok",
              questions: [{ text: "Pick", type: "multiple_choice", options: ["o".repeat(301)] }],
            },
            "questions.0.options",
            "Options must be at most 300 characters",
          ],
          [
            "/api/surveys",
            {
              title: "Ok",
              questions: [
                {
                  text: "Pick",
                  type: "checkbox",
                  options: Array.from({ length: 51 }, (_, i) => `o${i}`),
                },
              ],
            },
            "questions.0.options",
            "At most 50 options per question",
          ],
        ];
        for (const [p, body, field, message] of cases) {
          const r = await app.api(p, { token, body });
          expect(r.status, `${p} ${field}`).toBe(400);
          expect(r.body.errors?.[field], `${p} ${field}: ${JSON.stringify(r.body)}`).toContain(
            message,
          );
        }
      });

      it("the survey editor screen says the same, and the forms carry maxlength", async () => {
        const { cookie } = await admin();
        const form = new URLSearchParams({
          title: "Ok",
          audience: "all",
          description: "d".repeat(5001),
          "questions[0].text": "Pick one",
          "questions[0].type": "multiple_choice",
          "questions[0].options": Array.from({ length: 51 }, (_, i) => `option ${i}`).join("\n"),
        });
        const res = await app.fetch("/admin/surveys/new", {
          method: "POST",
          body: form,
          headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
        });
        expect(res.status).toBe(400);
        const html = await res.text();
        expect(html).toContain("Description must be at most 5000 characters");
        expect(html).toContain("At most 50 options per question");
        const editor = await (
          await app.fetch("/admin/surveys/new", { headers: { Cookie: cookie } })
        ).text();
        expect(editor).toMatch(/<textarea[^>]*maxLength="5000"|<textarea[^>]*maxlength="5000"/i);
        const jobs = await (
          await app.fetch("/admin/jobs?new=1", { headers: { Cookie: cookie } })
        ).text();
        expect(jobs).toMatch(/<textarea[^>]*maxlength="20000"/i);
        const companies = await (
          await app.fetch("/admin/companies?new=1", { headers: { Cookie: cookie } })
        ).text();
        expect(companies).toMatch(/<textarea[^>]*maxlength="5000"/i);
      });
    });

    it("the job page links http(s) addresses safely and leaves javascript: as text", async () => {
      const job = await createJob(t.db, {
        title: "Link Test",
        description:
          "Apply at https://careers.example.com/apply?ref=runway. Not javascript:alert(1) or <b>bold</b>.",
      });
      const html = await (await app.fetch(`/jobs/${job.id}`)).text();
      expect(html).toContain(
        '<a href="https://careers.example.com/apply?ref=runway" target="_blank" rel="noopener noreferrer nofollow">https://careers.example.com/apply?ref=runway</a>',
      );
      expect(html).not.toMatch(/href="javascript:/i);
      expect(html).toContain("&lt;b&gt;bold&lt;/b&gt;");
    });

    describe("e-mail verification for admins", () => {
      it("filters by verified, resends the code (once per cooldown) and marks verified, audited", async () => {
        const { user: me, token } = await admin();
        const { user: pending } = await createUser(t.db, { verified: false, firstName: "Pia" });
        const { user: done } = await createUser(t.db, { firstName: "Dora" });
        const listed = async (q: string) =>
          ((await app.api(`/api/admin/users?${q}`, { token })).body as Array<{ _id: string }>).map(
            (u) => u._id,
          );
        expect(await listed("verified=false")).toEqual([pending.id]);
        expect(await listed("verified=true")).toEqual(expect.arrayContaining([me.id, done.id]));
        expect(await listed("verified=true")).not.toContain(pending.id);
        const paged = await app.api("/api/admin/users?verified=false&page=1&size=10", { token });
        expect(paged.body.total).toBe(1);

        const resend = await app.api(`/api/admin/users/${pending.id}/resend-verification`, {
          token,
          method: "POST",
        });
        expect(resend.status).toBe(200);
        expect(resend.body.message).toBe(`Verification code sent to ${pending.email}`);
        const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, pending.email));
        expect(mails).toHaveLength(1);
        const again = await app.api(`/api/admin/users/${pending.id}/resend-verification`, {
          token,
          method: "POST",
        });
        expect(again.status).toBe(429);

        const verify = await app.api(`/api/admin/users/${pending.id}/verify`, {
          token,
          method: "POST",
        });
        expect(verify.status).toBe(200);
        expect(verify.body.user.isEmailVerified).toBe(true);
        expect(
          (await app.api(`/api/admin/users/${pending.id}/verify`, { token, method: "POST" }))
            .status,
        ).toBe(200);
        expect(
          (
            await app.api(`/api/admin/users/${pending.id}/resend-verification`, {
              token,
              method: "POST",
            })
          ).status,
        ).toBe(409);

        const entries = await t.db
          .select({ action: auditLog.action })
          .from(auditLog)
          .where(
            and(eq(auditLog.entityId, pending.id), sql`${auditLog.action} like 'user.%verif%'`),
          );
        expect(entries.map((e) => e.action).sort()).toEqual([
          "user.resend_verification",
          "user.verify_email",
        ]);
      });

      it("is for admins only, and answers 404/405 for unknown ids and other methods", async () => {
        const { token } = await admin();
        const { user: student, password } = await createUser(t.db, { verified: true });
        const studentToken = await app.token(student.email, password);
        for (const action of ["verify", "resend-verification"]) {
          const p = `/api/admin/users/${student.id}/${action}`;
          expect((await app.api(p, { method: "POST" })).status).toBe(401);
          expect((await app.api(p, { method: "POST", token: studentToken })).status).toBe(403);
          expect(
            (
              await app.api(`/api/admin/users/00000000-0000-4000-8000-000000000000/${action}`, {
                method: "POST",
                token,
              })
            ).status,
          ).toBe(404);
          expect(
            (await app.api(`/api/admin/users/nope/${action}`, { method: "POST", token })).status,
          ).toBe(404);
          expect((await app.api(p, { token })).status).toBe(405);
        }
      });

      it("Manage Users shows the badge and the filter, and its forms work without JavaScript", async () => {
        const { cookie } = await admin();
        const { user: pending } = await createUser(t.db, { verified: false, firstName: "Pia" });
        const page = await (
          await app.fetch("/admin/users?verified=false", { headers: { Cookie: cookie } })
        ).text();
        expect(page).toContain("Unverified");
        expect(page).toContain("Mark verified");
        expect(page).toMatch(/<select[^>]*name="verified"/);
        const res = await app.fetch("/admin/users?verified=false", {
          method: "POST",
          body: new URLSearchParams({ intent: "verify", id: pending.id }),
          headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
        });
        expect(res.status).toBe(302);
        expect(res.headers.get("location")).toBe("/admin/users?verified=false");
        const [row] = await t.db
          .select({ at: users.emailVerifiedAt })
          .from(users)
          .where(eq(users.id, pending.id));
        expect(row.at).not.toBeNull();
      });
    });

    describe("the /api seen from another origin", () => {
      it("answers absolute media URLs and the course as its name everywhere a client prints them", async () => {
        const { token } = await admin();
        const { user: student, password } = await createUser(t.db, { courseCode: "BSAE" });
        const sToken = await app.token(student.email, password);
        const photo = new FormData();
        photo.set("profilePicture", new Blob([await png()], { type: "image/png" }), "me.png");
        const pic = await app.fetch("/api/profile/picture", {
          method: "POST",
          body: photo,
          headers: { Authorization: `Bearer ${sToken}` },
        });
        expect(pic.status).toBe(200);
        const picBody = await pic.json();
        expect(problems(picBody)).toEqual([]);

        const logo = new FormData();
        logo.set("logo", new Blob([await png()], { type: "image/png" }), "logo.png");
        const up = await app.fetch("/api/upload/logo", {
          method: "POST",
          body: logo,
          headers: { Authorization: `Bearer ${token}` },
        });
        expect(up.status).toBe(201);
        const company = await app.api("/api/companies", {
          token,
          body: { name: "Logo Air", logoUrl: (await up.json()).url },
        });
        expect(company.status).toBe(201);
        const job = await app.api("/api/jobs", {
          token,
          body: { title: "Ramp Agent", company: company.body._id, isApproved: true },
        });
        expect(job.status).toBe(201);
        const survey = await app.api("/api/surveys", {
          token,
          body: {
            title: "Exit",
            status: "active",
            questions: [{ text: "Why?", type: "short_text" }],
          },
        });
        await app.api(`/api/surveys/${survey.body._id}/responses`, {
          token: sToken,
          body: { answers: [{ questionId: survey.body.questions[0]._id, value: "Because" }] },
        });

        const me = await app.api("/api/profile/me", { token: sToken });
        expect(me.body).toMatchObject({
          course: "BS in Aeronautical Engineering",
          courseCode: "BSAE",
          courseName: "BS in Aeronautical Engineering",
        });
        expect(me.body.courseId).toMatch(/^[0-9a-f-]{36}$/);
        const avatar = await fetch(me.body.avatarUrl.replace(/^https?:\/\/[^/]+/, app.url));
        expect(avatar.status).toBe(200);
        expect(company.body.logoUrl).toMatch(/^https?:\/\/[^/]+\/files\//);

        const put = await app.api("/api/profile/me", {
          token: sToken,
          method: "PUT",
          body: { ...me.body, bio: "Hi" },
        });
        expect(put.status).toBe(200);
        expect(put.body.course).toBe("BS in Aeronautical Engineering"); // the printed name goes back in as it came

        const reads: Array<[string, string]> = [
          ["/api/auth/me", sToken],
          ["/api/profile/me", sToken],
          ["/api/student/stats", sToken],
          ["/api/surveys/active/eligible", sToken],
          ["/api/jobs", sToken],
          [`/api/jobs/${job.body._id}`, sToken],
          ["/api/jobs?includeCompany=false", sToken],
          ["/api/companies", token],
          [`/api/companies/${company.body._id}`, token],
          ["/api/admin/users", token],
          ["/api/admin/users?page=1&size=10", token],
          [`/api/admin/users/${student.id}`, token],
          ["/api/admin/stats", token],
          ["/api/surveys", token],
          [`/api/surveys/${survey.body._id}`, token],
          [`/api/surveys/${survey.body._id}/responses`, token],
          ["/api/public/jobs", ""],
        ];
        const login = await app.api("/api/auth/login", {
          body: { email: student.email, password },
        });
        const all = [login.body, put.body, picBody, company.body, job.body];
        for (const [p, tk] of reads) {
          const r = await app.api(p, { token: tk || undefined });
          expect(r.status, p).toBe(200);
          all.push(r.body);
          expect(problems(r.body), p).toEqual([]);
        }
        expect(problems(all)).toEqual([]);
        const text = JSON.stringify(all);
        expect(text).toContain('"course":"BS in Aeronautical Engineering"');
        expect(text).not.toMatch(/"(avatarUrl|logoUrl)":"\/files\//);
      });
    });
  });
});
