import { describe, expect, it } from "vitest";
import { parse } from "csv-parse/sync";
import { forEachDb } from "../setup/db";
import { useServer } from "../setup/http";
import { createSurvey, createUser } from "../factories";

const form = (data: Record<string, string | string[]>) => {
  const f = new URLSearchParams();
  for (const [k, v] of Object.entries(data))
    for (const x of Array.isArray(v) ? v : [v]) f.append(k, x);
  return f;
};

describe("surveys over HTTP", () =>
  forEachDb((t) => {
    const app = useServer(t, { mail: false });

    async function setup() {
      const admin = await createUser(t.db, { role: "admin" });
      const student = await createUser(t.db, {
        role: "student",
        firstName: "Stu",
        lastName: "Dent",
      });
      const alumnus = await createUser(t.db, {
        role: "alumni",
        firstName: "Al",
        lastName: "Umnus",
      });
      return {
        admin,
        student,
        alumnus,
        adminToken: await app.token(admin.user.email, admin.password),
        studentToken: await app.token(student.user.email, student.password),
        alumniToken: await app.token(alumnus.user.email, alumnus.password),
      };
    }

    it("resolves the flat routes as intended (eligible, $id, responses, export, responseId)", async () => {
      const { adminToken, studentToken } = await setup();
      const { survey, questions } = await createSurvey(t.db, { audience: "students" });
      const eligible = await app.api("/api/surveys/active/eligible", { token: studentToken });
      expect(eligible.status).toBe(200);
      expect(eligible.body.map((s: { _id: string }) => s._id)).toEqual([survey.id]);
      expect(eligible.body[0].questions[0]).toMatchObject({
        _id: questions[0].id,
        text: "How are you?",
        label: "How are you?",
        type: "short_text",
      });
      expect((await app.api("/api/surveys/active/eligible", { token: adminToken })).body).toEqual(
        [],
      );
      // "active" alone is an id that does not exist, not the eligible list.
      expect((await app.api("/api/surveys/active", { token: adminToken })).status).toBe(404);
      expect((await app.api(`/api/surveys/${survey.id}`, { token: adminToken })).body.title).toBe(
        survey.title,
      );
      const exp = await app.fetch(`/api/surveys/${survey.id}/responses/export`, {
        headers: { Authorization: `Bearer ${adminToken}` },
      });
      expect(exp.status).toBe(200);
      expect(exp.headers.get("content-type")).toBe("text/csv; charset=utf-8");
      expect(
        (await app.api(`/api/surveys/${survey.id}/responses`, { token: adminToken })).body,
      ).toEqual([]);
      expect(
        (
          await app.api(`/api/surveys/${survey.id}/responses/not-a-response`, {
            method: "DELETE",
            token: adminToken,
          })
        ).status,
      ).toBe(404);
      expect(
        (await app.api(`/api/surveys/${survey.id}/nothing/here`, { token: adminToken })).status,
      ).toBe(404);
    });

    it("guards every call: 401 signed out, 403 for non-admin management", async () => {
      const { studentToken } = await setup();
      const { survey } = await createSurvey(t.db);
      expect((await app.api("/api/surveys")).status).toBe(401);
      expect((await app.api("/api/surveys/active/eligible")).status).toBe(401);
      expect(
        (await app.api(`/api/surveys/${survey.id}/responses`, { body: { answers: [] } })).status,
      ).toBe(401);
      for (const [path, method] of [
        ["/api/surveys", "POST"],
        [`/api/surveys/${survey.id}`, "PUT"],
        [`/api/surveys/${survey.id}`, "DELETE"],
        [`/api/surveys/${survey.id}/responses`, "GET"],
        [`/api/surveys/${survey.id}/responses/export`, "GET"],
        [`/api/surveys/${survey.id}/responses/00000000-0000-4000-8000-000000000000`, "DELETE"],
      ] as const) {
        const r = await app.api(path, {
          method,
          token: studentToken,
          body: method === "GET" || method === "DELETE" ? undefined : { title: "x" },
        });
        expect(r.status, `${method} ${path}`).toBe(403);
      }
    });

    it("creates, reads, updates and deletes surveys through /api with the spec's shapes", async () => {
      const { adminToken, studentToken, alumniToken } = await setup();
      const created = await app.api("/api/surveys", {
        token: adminToken,
        body: {
          title: "Tracer",
          description: "",
          audience: "students",
          status: "active",
          questions: [
            { text: "Employed?", type: "multiple_choice", required: true, options: ["Yes", "No"] },
            { text: "Rate us", type: "rating", required: false, options: ["ignored"] },
          ],
        },
      });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({
        title: "Tracer",
        description: null,
        audience: "students",
        status: "active",
        questionCount: 2,
      });
      expect(created.body.questions[1]).toMatchObject({
        type: "rating",
        options: [],
        scaleMax: 5,
        order: 1,
        required: false,
      });
      const id = created.body._id;

      expect(
        (await app.api("/api/surveys", { token: studentToken })).body.map(
          (s: { _id: string }) => s._id,
        ),
      ).toEqual([id]);
      expect((await app.api("/api/surveys", { token: alumniToken })).body).toEqual([]);
      expect((await app.api(`/api/surveys/${id}`, { token: alumniToken })).status).toBe(404);

      const bad = await app.api(`/api/surveys/${id}`, {
        method: "PUT",
        token: adminToken,
        body: { title: "", questions: [] },
      });
      expect(bad.status).toBe(400);
      expect(bad.body.message).toBe("Survey title is required");
      const badJson = await app.api(`/api/surveys/${id}`, {
        method: "PUT",
        token: adminToken,
        body: "{oops",
      });
      expect(badJson.status).toBe(400);

      const [q1, q2] = created.body.questions;
      const put = await app.api(`/api/surveys/${id}`, {
        method: "PUT",
        token: adminToken,
        body: {
          title: "Tracer 2",
          audience: "all",
          status: "draft",
          questions: [
            { _id: q2._id, text: "Rate", type: "rating" },
            { _id: q1._id, text: "Employed now?", type: "choice", options: ["Yes", "No"] },
          ],
        },
      });
      expect(put.status).toBe(200);
      expect(put.body.questions.map((q: { _id: string }) => q._id)).toEqual([q2._id, q1._id]);
      expect(put.body.questions[1].type).toBe("multiple_choice");
      expect(put.body.status).toBe("draft");

      const list = await app.api("/api/surveys", { token: adminToken });
      expect(list.body[0]).toMatchObject({ _id: id, responseCount: 0 });
      const del = await app.api(`/api/surveys/${id}`, { method: "DELETE", token: adminToken });
      expect(del.body).toMatchObject({ deleted: true, responses: 0 });
      expect((await app.api(`/api/surveys/${id}`, { token: adminToken })).status).toBe(404);
    });

    it("submits answers once (409 after, also concurrently), lists by role, exports and deletes responses", async () => {
      const { adminToken, studentToken, alumniToken, student } = await setup();
      const { survey, questions } = await createSurvey(t.db, {
        questions: [
          { text: "Employed?", type: "multiple_choice", required: true, options: ["Yes", "No"] },
          { text: "Skills", type: "checkbox", options: ["A", "B"] },
          { text: "Rate", type: "rating" },
        ],
      });
      const [mc, cb, rating] = questions;
      const answers = [
        { questionId: mc.id, type: "multiple_choice", label: "Employed?", value: "Yes" },
        { questionId: cb.id, type: "checkbox", label: "Skills", value: ["B", "A"] },
        { questionId: rating.id, type: "rating", label: "Rate", value: 4 },
      ];
      const missing = await app.api(`/api/surveys/${survey.id}/responses`, {
        token: studentToken,
        body: { answers: answers.slice(1) },
      });
      expect(missing.status).toBe(400);
      expect(missing.body.message).toBe("Please answer: Employed?");
      const wrong = await app.api(`/api/surveys/${survey.id}/responses`, {
        token: studentToken,
        body: { answers: [{ ...answers[0], value: "Maybe" }] },
      });
      expect(wrong.status).toBe(400);

      const both = await Promise.all(
        [0, 1, 2].map(() =>
          app.api(`/api/surveys/${survey.id}/responses`, {
            token: studentToken,
            body: { answers },
          }),
        ),
      );
      expect(both.map((r) => r.status).sort()).toEqual([201, 409, 409]);
      expect(both.find((r) => r.status === 201)!.body.message).toBe(
        "Thanks! Your response has been submitted.",
      );
      expect(both.find((r) => r.status === 409)!.body).toEqual({
        message: "You have already answered this survey.",
      });
      expect((await app.api("/api/surveys/active/eligible", { token: studentToken })).body).toEqual(
        [],
      );
      expect(
        (
          await app.api(`/api/surveys/${survey.id}/responses`, {
            token: alumniToken,
            body: { answers: [answers[0]] },
          })
        ).status,
      ).toBe(201);
      expect(
        (
          await app.api(`/api/surveys/${survey.id}/responses`, {
            token: adminToken,
            body: { answers },
          })
        ).status,
      ).toBe(403);

      const all = await app.api(`/api/surveys/${survey.id}/responses`, { token: adminToken });
      expect(all.body).toHaveLength(2);
      const students = await app.api(`/api/surveys/${survey.id}/responses?role=student`, {
        token: adminToken,
      });
      expect(students.body).toHaveLength(1);
      expect(students.body[0]).toMatchObject({
        userId: { _id: student.user.id, name: "Stu Dent", email: student.user.email },
        role: "student",
        createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      });
      expect(students.body[0].answers).toEqual(
        expect.arrayContaining([
          { questionId: cb.id, value: ["A", "B"] },
          { questionId: rating.id, value: 4 },
        ]),
      );

      const exp = await app.fetch(`/api/surveys/${survey.id}/responses/export?role=alumni`, {
        headers: { Authorization: `Bearer ${adminToken}` },
      });
      expect(exp.headers.get("content-disposition")).toBe(
        `attachment; filename="survey-${survey.id}-${new Date().toISOString().slice(0, 10)}.csv"`,
      );
      const bytes = new Uint8Array(await exp.arrayBuffer());
      expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const rows = parse(new TextDecoder().decode(bytes), { bom: true }) as string[][];
      expect(rows).toHaveLength(2);
      expect(rows[1].slice(0, 3)).toEqual(["Al Umnus", expect.stringContaining("@"), "alumni"]);
      expect(rows[1].slice(5)).toEqual(["Yes", "", ""]);

      const del = await app.api(`/api/surveys/${survey.id}/responses/${students.body[0]._id}`, {
        method: "DELETE",
        token: adminToken,
      });
      expect(del.status).toBe(200);
      expect(
        (await app.api(`/api/surveys/${survey.id}/responses`, { token: adminToken })).body,
      ).toHaveLength(1);
      expect(
        (await app.api(`/api/surveys/${survey.id}/responses/export`, { token: adminToken })).status,
      ).toBe(200);
      expect(
        (
          await app.api(`/api/surveys/00000000-0000-4000-8000-000000000000/responses/export`, {
            token: adminToken,
          })
        ).status,
      ).toBe(404);
    });

    it("guards the screens: /admin/surveys… → /login or /, /surveys/{id} → /login", async () => {
      const { student, admin } = await setup();
      const { survey } = await createSurvey(t.db);
      for (const p of [
        "/admin/surveys",
        "/admin/surveys/new",
        `/admin/surveys/${survey.id}/edit`,
        `/admin/surveys/${survey.id}/responses`,
      ]) {
        const anon = await app.fetch(p);
        expect(anon.status, p).toBe(302);
        expect(anon.headers.get("location"), p).toMatch(/^\/login/);
      }
      const cookie = await app.cookie(student.user.email, student.password);
      for (const p of [
        "/admin/surveys",
        "/admin/surveys/new",
        `/admin/surveys/${survey.id}/edit`,
        `/admin/surveys/${survey.id}/responses`,
      ]) {
        const r = await app.fetch(p, { headers: { Cookie: cookie } });
        expect(r.status, p).toBe(302);
        expect(r.headers.get("location"), p).toBe("/");
      }
      const anonAnswer = await app.fetch(`/surveys/${survey.id}`);
      expect(anonAnswer.headers.get("location")).toMatch(/^\/login\?redirectTo=/);
      const adminCookie = await app.cookie(admin.user.email, admin.password);
      const page = await app.fetch("/admin/surveys", { headers: { Cookie: adminCookie } });
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain("Audience: ALL");
      expect(html).toContain("+ New Survey");
      const missing = await app.fetch("/admin/surveys/00000000-0000-4000-8000-000000000000/edit", {
        headers: { Cookie: adminCookie },
      });
      expect(missing.headers.get("location")).toBe("/admin/surveys");
    });

    it("works without JavaScript: answer form posts, editor saves and applies list intents", async () => {
      const { student, admin, alumnus } = await setup();
      const { survey, questions } = await createSurvey(t.db, {
        questions: [
          { text: "Name", type: "short_text", required: true },
          { text: "Skills", type: "checkbox", options: ["A", "B", "C"] },
          { text: "Rate", type: "rating", required: true },
        ],
      });
      const [name, skills, rate] = questions;
      const cookie = await app.cookie(student.user.email, student.password);
      const post = (body: URLSearchParams, c = cookie) =>
        app.fetch(`/surveys/${survey.id}`, {
          method: "POST",
          body,
          headers: { Cookie: c, "Content-Type": "application/x-www-form-urlencoded" },
        });
      const missing = await post(form({ [`q_${name.id}`]: "Me" }));
      expect(missing.status).toBe(400);
      expect(await missing.text()).toContain("Please answer: Rate");
      const ok = await post(
        form({ [`q_${name.id}`]: "Me", [`q_${skills.id}`]: ["C", "A"], [`q_${rate.id}`]: "5" }),
      );
      expect(ok.status).toBe(200);
      expect(await ok.text()).toContain("Thanks! Your response has been submitted.");
      const again = await post(form({ [`q_${name.id}`]: "Me", [`q_${rate.id}`]: "5" }));
      expect(again.status).toBe(409);

      // The raw page: a student sees only their own response.
      const otherCookie = await app.cookie(alumnus.user.email, alumnus.password);
      await post(form({ [`q_${name.id}`]: "Someone else", [`q_${rate.id}`]: "2" }), otherCookie);
      const raw = await (
        await app.fetch(`/surveys/${survey.id}/responses`, { headers: { Cookie: cookie } })
      ).text();
      expect(raw).toContain("Survey Responses");
      expect(raw).toContain("&quot;Me&quot;");
      expect(raw).not.toContain("Someone else");
      const adminCookie = await app.cookie(admin.user.email, admin.password);
      const rawAdmin = await (
        await app.fetch(`/surveys/${survey.id}/responses`, { headers: { Cookie: adminCookie } })
      ).text();
      expect(rawAdmin).toContain("Someone else");

      // Editor: an "Add question" intent answers with the form and one more question; Save stores it.
      const editorPost = (path: string, body: URLSearchParams) =>
        app.fetch(path, {
          method: "POST",
          body,
          headers: { Cookie: adminCookie, "Content-Type": "application/x-www-form-urlencoded" },
        });
      const fields = {
        title: "No-JS survey",
        audience: "alumni",
        description: "Made without scripts",
        status: "on",
        "questions[0].text": "First",
        "questions[0].type": "checkbox",
        "questions[0].options": "One\r\n  Two \r\n\r\n",
        "questions[0].required": "on",
      };
      const intent = await editorPost(
        "/admin/surveys/new",
        form({
          ...fields,
          __intent__: JSON.stringify({
            type: "insert",
            payload: { name: "questions", defaultValue: { text: "", type: "short_text" } },
          }),
        }),
      );
      expect(intent.status).toBe(200);
      const intentHtml = await intent.text();
      expect(intentHtml).toContain("Q2");
      const saved = await editorPost(
        "/admin/surveys/new",
        form({ ...fields, "questions[1].text": "Second", "questions[1].type": "rating" }),
      );
      expect(saved.status).toBe(302);
      expect(saved.headers.get("location")).toBe("/admin/surveys");
      const list = await app.api("/api/surveys", { cookie: adminCookie });
      const made = list.body.find((s: { title: string }) => s.title === "No-JS survey");
      expect(made).toMatchObject({
        audience: "alumni",
        status: "active",
        description: "Made without scripts",
      });
      expect(
        made.questions.map(
          (q: { text: string; type: string; options: string[]; required: boolean }) => [
            q.text,
            q.type,
            q.options,
            q.required,
          ],
        ),
      ).toEqual([
        ["First", "checkbox", ["One", "Two"], true],
        ["Second", "rating", [], false],
      ]);
      const invalid = await editorPost(
        "/admin/surveys/new",
        form({ title: "", "questions[0].text": "" }),
      );
      expect(invalid.status).toBe(400);
      expect(await invalid.text()).toContain("Survey title is required");
      // A rule only the model knows comes back on the right field of the form.
      const noOptions = await editorPost(
        "/admin/surveys/new",
        form({
          title: "T",
          "questions[0].text": "Pick",
          "questions[0].type": "multiple_choice",
          "questions[0].options": " \n ",
        }),
      );
      expect(noOptions.status).toBe(400);
      const noOptionsHtml = await noOptions.text();
      expect(noOptionsHtml).toMatch(
        /<p id="[^"]*questions\[0\]\.options-error" class="field-error" role="alert">Add at least one option \(one per line\)<\/p>/,
      );

      // Template from the list screen, then delete via the list's action.
      const tpl = await editorPost("/admin/surveys?index", form({ intent: "template" }));
      expect(tpl.status).toBe(302);
      expect(tpl.headers.get("location")).toMatch(/^\/admin\/surveys\/[0-9a-f-]{36}\/edit$/);
      const confirm = await (
        await app.fetch(`/admin/surveys?delete=${survey.id}`, { headers: { Cookie: adminCookie } })
      ).text();
      expect(confirm).toContain("Delete this survey?");
      expect(confirm).toContain("2 responses will be deleted with it.");
      const delOld = await editorPost(
        "/admin/surveys?index",
        form({ intent: "delete", id: survey.id }),
      );
      expect(delOld.status).toBe(200);
      expect(await delOld.text()).toContain("Survey deleted with 2 responses.");
    });
  }));
