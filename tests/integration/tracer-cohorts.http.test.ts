/**
 * Tracer studies, area A (ADR 100), over HTTP against the built server on PGlite and
 * PostgreSQL: graduationYear through /register, /profile, Create User and the /api user doors; a
 * survey's targeting and anonymous mode through /api, the editor form, the answering screen, the
 * responses page, the responses API and the CSV export.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { surveys, users } from "../../db/schema";
import { forEachDb } from "../setup/db";
import { postForm, useServer } from "../setup/http";
import { courseId, createUser } from "../factories";
import { GRADUATION_YEAR_MSG } from "../../app/models/user/messages";
import { TARGETING_MSG } from "../../app/models/survey/survey.rules";

let n = 0;
const newEmail = () => `tracer.${Date.now().toString(36)}${++n}@example.edu`;
const text = (s: string) =>
  s
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&");

const post = postForm;

describe("tracer cohorts over HTTP (area A)", () =>
  forEachDb((t) => {
    const app = useServer(t, { mail: false });
    const yearOf = async (email: string) =>
      (await t.db.select().from(users).where(eq(users.email, email)))[0]?.graduationYear;
    async function withYear(
      role: "student" | "alumni" | "admin",
      year: number | null,
      code = "BSAE",
    ) {
      const u = await createUser(t.db, { role, courseCode: role === "admin" ? undefined : code });
      await t.db.update(users).set({ graduationYear: year }).where(eq(users.id, u.user.id));
      return {
        ...u,
        token: await app.token(u.user.email, u.password),
        cookie: await app.cookie(u.user.email, u.password),
      };
    }

    it("graduationYear through /register, POST /api/auth/register and their messages", async () => {
      const base = {
        userType: "alumni",
        firstName: "Rita",
        lastName: "Reyes",
        course: await courseId(t.db, "BSAE"),
        yearLevel: "Graduate",
        password: "secret-pass-mango",
        confirmPassword: "secret-pass-mango",
        terms: "on",
      };
      const page = text(await (await app.fetch("/register")).text());
      expect(page).toContain("Graduation year");
      expect(page).toContain('name="graduationYear"');
      const email = newEmail();
      const ok = await post(app, "/register", { ...base, email, graduationYear: "2020" });
      expect(ok.status).toBe(302);
      expect(await yearOf(email)).toBe(2020);
      const badEmail = newEmail();
      const bad = await post(app, "/register", {
        ...base,
        email: badEmail,
        graduationYear: "1800",
      });
      expect(bad.status).toBe(400);
      expect(text(await bad.text())).toContain(GRADUATION_YEAR_MSG);
      expect(await yearOf(badEmail)).toBeUndefined();

      const api = await app.api("/api/auth/register", {
        body: { ...base, email: newEmail(), graduationYear: 2019 },
      });
      expect(api.status).toBe(201);
      expect(api.body.user.graduationYear).toBe(2019);
      const apiBad = await app.api("/api/auth/register", {
        body: { ...base, email: newEmail(), graduationYear: "last year" },
      });
      expect(apiBad.status).toBe(400);
      expect(JSON.stringify(apiBad.body)).toContain(GRADUATION_YEAR_MSG);
    });

    it("graduationYear on the profile: PUT /api/profile/me, the form and the view", async () => {
      const me = await withYear("student", null);
      const put = await app.api("/api/profile/me", {
        method: "PUT",
        token: me.token,
        body: { graduationYear: 2027 },
      });
      expect(put.status).toBe(200);
      expect(put.body.graduationYear).toBe(2027);
      expect((await app.api("/api/profile/me", { token: me.token })).body.graduationYear).toBe(
        2027,
      );
      const bad = await app.api("/api/profile/me", {
        method: "PUT",
        token: me.token,
        body: { graduationYear: 2101 },
      });
      expect(bad.status).toBe(400);
      expect(JSON.stringify(bad.body)).toContain(GRADUATION_YEAR_MSG);
      expect(await yearOf(me.user.email)).toBe(2027);

      const form = await post(
        app,
        "/profile",
        {
          firstName: me.user.firstName,
          lastName: me.user.lastName,
          studentId: me.user.studentId ?? "",
          course: me.user.courseId ?? "",
          yearLevel: "4th Year",
          graduationYear: "2026",
        },
        me.cookie,
      );
      expect(form.status).toBeLessThan(400);
      expect(await yearOf(me.user.email)).toBe(2026);
      const view = text(
        await (await app.fetch("/profile", { headers: { Cookie: me.cookie } })).text(),
      );
      expect(view).toContain("Graduation Year");
      expect(view).toContain("2026");
    });

    it("graduationYear through Create User (screen and API) and the admin user edit", async () => {
      const admin = await withYear("admin", null);
      const body = {
        userType: "alumni",
        firstName: "Nina",
        lastName: "Navarro",
        email: newEmail(),
        password: "secret-pass-mango",
        course: "BS in Aeronautical Engineering",
        graduationYear: 2022,
      };
      const created = await app.api("/api/admin/users", { token: admin.token, body });
      expect(created.status).toBe(201);
      expect(created.body.graduationYear).toBe(2022);
      const id = created.body._id as string;
      const upd = await app.api(`/api/admin/users/${id}`, {
        method: "PUT",
        token: admin.token,
        body: { graduationYear: "2023" },
      });
      expect(upd.status).toBe(200);
      expect(upd.body.graduationYear).toBe(2023);
      expect((await app.api(`/api/admin/users/${id}`, { token: admin.token })).body).toMatchObject({
        graduationYear: 2023,
        yearLevel: null,
      });
      const bad = await app.api("/api/admin/users", {
        token: admin.token,
        body: { ...body, email: newEmail(), graduationYear: 1949 },
      });
      expect(bad.status).toBe(400);
      expect(JSON.stringify(bad.body)).toContain(GRADUATION_YEAR_MSG);
      const list = await app.api("/api/admin/users", { token: admin.token });
      expect(list.body.find((u: { _id: string }) => u._id === id).graduationYear).toBe(2023);

      const screen = text(
        await (await app.fetch("/admin/create-user", { headers: { Cookie: admin.cookie } })).text(),
      );
      expect(screen).toContain('name="graduationYear"');
      const email = newEmail();
      const ok = await post(
        app,
        "/admin/create-user",
        { ...body, email, graduationYear: "2018" } as unknown as Record<string, string>,
        admin.cookie,
      );
      expect(ok.status).toBe(302);
      expect(await yearOf(email)).toBe(2018);
      const users = text(
        await (await app.fetch("/admin/users", { headers: { Cookie: admin.cookie } })).text(),
      );
      expect(users).toContain("Class of 2018");
    });

    it("targeting and anonymous mode through /api, the screens and the CSV", async () => {
      const admin = await withYear("admin", null);
      const member = await withYear("alumni", 2023, "BSAE");
      const outsider = await withYear("alumni", 2023, "BSAET");
      const unknown = await app.api("/api/surveys", {
        token: admin.token,
        body: { title: "T", courses: ["Underwater Basket Weaving"] },
      });
      expect(unknown.status).toBe(400);
      expect(unknown.body.message).toBe(TARGETING_MSG.unknownCourse("Underwater Basket Weaving"));
      const badYears = await app.api("/api/surveys", {
        token: admin.token,
        body: { title: "T", graduationYears: [3000] },
      });
      expect(badYears.status).toBe(400);
      expect(badYears.body.message).toBe(TARGETING_MSG.graduationYears);

      const created = await app.api("/api/surveys", {
        token: admin.token,
        body: {
          title: "Tracer 2023",
          audience: "alumni",
          status: "active",
          courses: ["bs in aeronautical engineering"],
          graduationYears: [2023],
          anonymous: true,
          remindEveryDays: 7,
          remindMax: 2,
          questions: [{ text: "Employed?", type: "multiple_choice", options: ["Yes", "No"] }],
        },
      });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({
        courses: [await courseId(t.db, "BSAE")],
        courseNames: ["BS in Aeronautical Engineering"],
        graduationYears: [2023],
        anonymous: true,
        remindEveryDays: 7,
        remindMax: 2,
      });
      const id = created.body._id as string;
      const qid = created.body.questions[0]._id as string;

      // Only the cohort sees it, opens it, answers it.
      const eligible = async (token: string) =>
        (await app.api("/api/surveys/active/eligible", { token })).body.map(
          (s: { _id: string }) => s._id,
        );
      expect(await eligible(outsider.token)).toEqual([]);
      expect(await eligible(member.token)).toEqual([id]);
      expect(
        (await app.fetch(`/surveys/${id}`, { headers: { Cookie: outsider.cookie } })).status,
      ).toBe(404);
      const opened = await app.fetch(`/surveys/${id}`, { headers: { Cookie: member.cookie } });
      expect(opened.status).toBe(200);
      expect(text(await opened.text())).toContain(TARGETING_MSG.respondentNotice);
      const answer = { answers: [{ questionId: qid, value: "Yes" }] };
      expect(
        (await app.api(`/api/surveys/${id}/responses`, { token: outsider.token, body: answer }))
          .status,
      ).toBe(403);
      const sent = await app.api(`/api/surveys/${id}/responses`, {
        token: member.token,
        body: answer,
      });
      expect(sent.status).toBe(201);
      expect(await eligible(member.token)).toEqual([]);

      // The responses API, the CSV and the page: no names, no e-mails, said so.
      const secrets = [member.user.email, member.user.lastName];
      const listed = await app.api(`/api/surveys/${id}/responses`, { token: admin.token });
      expect(listed.status).toBe(200);
      expect(listed.body[0]).toMatchObject({ userId: null, role: "alumni", graduationYear: 2023 });
      const csv = await (
        await app.fetch(`/api/surveys/${id}/responses/export`, {
          headers: { Authorization: `Bearer ${admin.token}` },
        })
      ).text();
      // (Response#text() drops the BOM.)
      expect(csv.replace(/^\uFEFF/, "").split("\r\n")[0]).toBe(
        "Role,Course,Graduation Year,Submitted At,Employed?",
      );
      const page = text(
        await (
          await app.fetch(`/admin/surveys/${id}/responses`, { headers: { Cookie: admin.cookie } })
        ).text(),
      );
      expect(page).toContain(TARGETING_MSG.anonymousNotice);
      expect(page).toContain("Cohort: Alumni · BS in Aeronautical Engineering · 2023");
      for (const s of secrets) {
        expect(JSON.stringify(listed.body)).not.toContain(s);
        expect(csv).not.toContain(s);
        expect(page).not.toContain(s);
      }
      const list = text(
        await (await app.fetch("/admin/surveys", { headers: { Cookie: admin.cookie } })).text(),
      );
      expect(list).toContain("Anonymous");
      expect(list).toContain("Cohort: Alumni · BS in Aeronautical Engineering · 2023");

      // Toggling the mode once answered: 409 with the reason, nothing changed.
      const toggle = await app.api(`/api/surveys/${id}`, {
        method: "PUT",
        token: admin.token,
        body: { title: "Tracer 2023", audience: "alumni", anonymous: false },
      });
      expect(toggle.status).toBe(409);
      expect(toggle.body.message).toBe(TARGETING_MSG.anonymousLocked);
      const [row] = await t.db.select().from(surveys).where(eq(surveys.id, id));
      expect(row.anonymous).toBe(true);
      // The editor shows the fields, the explanation, and the mode as fixed.
      const edit = text(
        await (
          await app.fetch(`/admin/surveys/${id}/edit`, { headers: { Cookie: admin.cookie } })
        ).text(),
      );
      expect(edit).toContain("Cohort and privacy");
      expect(edit).toContain(TARGETING_MSG.anonymousHelp);
      expect(edit).toContain("the mode is fixed");
      expect(edit).toContain('value="2023"');
    });

    it("the editor form saves programmes, years, anonymous and the schedule", async () => {
      const admin = await withYear("admin", null);
      const bsae = await courseId(t.db, "BSAE");
      const res = await post(
        app,
        "/admin/surveys/new",
        {
          title: "From the form",
          audience: "alumni",
          description: "",
          courses: [bsae],
          graduationYears: "2024, 2023, 2024",
          anonymous: "on",
          remindEveryDays: "14",
          remindMax: "3",
          "questions[0].text": "Employed?",
          "questions[0].type": "short_text",
        },
        admin.cookie,
      );
      expect(res.status).toBe(302);
      const [s] = await t.db.select().from(surveys).where(eq(surveys.title, "From the form"));
      expect(s).toMatchObject({
        courseIds: [bsae],
        graduationYears: [2023, 2024],
        anonymous: true,
        remindEveryDays: 14,
        remindMax: 3,
      });
      const bad = await post(
        app,
        "/admin/surveys/new",
        { title: "Bad", audience: "all", graduationYears: "1900", remindEveryDays: "5" },
        admin.cookie,
      );
      expect(bad.status).toBe(400);
      const html = text(await bad.text());
      expect(html).toContain(TARGETING_MSG.graduationYears);
    });
  }));
