/**
 * Tracer outcomes through the doors (ADR 101), on the built app and both databases:
 * POST /api/surveys {"template": "tracer"}, question keys on /api (validation, kept on edit),
 * GET /api/surveys/{id}/outcomes as JSON and CSV, `runway surveys outcomes` (the same figures),
 * the admin outcomes page, and 401/403/404/400 where they belong.
 */
import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { forEachDb } from "../setup/db";
import { useServer } from "../setup/http";
import { createUser } from "../factories";
import { completedOjtGraduate } from "../factories/ojt-cert";
import { captureIo } from "../../cli/testing";
import { runSurveysOutcomes } from "../../cli/commands/surveys";
import { surveys, users } from "../../db/schema";
import { ctxOf } from "~/models/context";
import { submitResponse } from "~/models/survey/survey.server";
import { FOUND_VIA_RUNWAY, OUTCOME_KEYS } from "~/models/survey/outcome-keys";

describe("tracer outcomes over HTTP and the CLI", () =>
  forEachDb((t) => {
    const app = useServer(t, { mail: false });

    async function adminToken() {
      const { user, password } = await createUser(t.db, { role: "admin" });
      return { admin: user, password, token: await app.token(user.email, password) };
    }

    /** The tracer survey made through the API, activated, and answered by five 2025 graduates. */
    async function answeredTracer(token: string) {
      const created = await app.api("/api/surveys", { token, body: { template: "tracer" } });
      expect(created.status).toBe(201);
      const s = created.body;
      await t.db.update(surveys).set({ status: "active" }).where(eq(surveys.id, s.id));
      const id = (key: string) => s.questions.find((q: { key: string }) => q.key === key).id;
      const statuses = [
        "Yes, employed",
        "Yes, employed",
        "Not employed",
        "Yes, employed",
        "Self-employed / business owner",
      ];
      for (const [i, status] of statuses.entries()) {
        const { user } = await createUser(t.db, { role: "alumni", courseCode: "BSAMT" });
        await t.db.update(users).set({ graduationYear: 2025 }).where(eq(users.id, user.id));
        await submitResponse(ctxOf(t.db, user), s.id, {
          answers: [
            { questionId: id("employment_status"), value: status },
            {
              questionId: id("months_to_first_job"),
              value: i < 3 ? "1 to 6 months" : "7 to 11 months",
            },
            { questionId: id("job_related_to_course"), value: i === 2 ? "No" : "Yes" },
            { questionId: id("job_found_via"), value: i === 0 ? [FOUND_VIA_RUNWAY] : ["Other"] },
            { questionId: id("programme_rating"), value: 5 },
          ],
        });
      }
      return s as { id: string; title: string };
    }

    it("creates the tracer template through the API, every key question keyed; unknown templates are 400", async () => {
      const { token } = await adminToken();
      const r = await app.api("/api/surveys", { token, body: { template: "tracer" } });
      expect(r.status).toBe(201);
      expect(r.body).toMatchObject({
        title: "Graduate Tracer Study",
        status: "draft",
        audience: "alumni",
      });
      const keys = r.body.questions.map((q: { key: string | null }) => q.key);
      for (const k of [
        "employment_status",
        "months_to_first_job",
        "job_related_to_course",
        "first_job_salary_band",
        "job_found_via",
        "first_job_company",
      ])
        expect(keys).toContain(k);
      expect(keys.every((k: string) => OUTCOME_KEYS.some((o) => o.key === k))).toBe(true);
      const bad = await app.api("/api/surveys", { token, body: { template: "nps" } });
      expect(bad.status).toBe(400);
      expect(bad.body.message).toMatch(/Unknown template; use one of: tracer/);
    });

    it("validates question keys on /api and keeps id and key when a question is reworded", async () => {
      const { token } = await adminToken();
      const badFormat = await app.api("/api/surveys", {
        token,
        body: { title: "T", questions: [{ text: "Employed?", key: "Employment Status" }] },
      });
      expect(badFormat.status).toBe(400);
      expect(badFormat.body.errors["questions.0.key"][0]).toMatch(
        /must start with a lower-case letter/,
      );
      const twice = await app.api("/api/surveys", {
        token,
        body: {
          title: "T",
          questions: [
            { text: "A", key: "employment_status" },
            { text: "B", key: "employment_status" },
          ],
        },
      });
      expect(twice.status).toBe(400);
      expect(twice.body.errors["questions.1.key"]).toEqual([
        'Two questions use the key "employment_status"; a key may be used once per survey',
      ]);

      const made = await app.api("/api/surveys", {
        token,
        body: {
          title: "T",
          questions: [{ text: "Employed?", key: "employment_status" }, { text: "Notes" }],
        },
      });
      expect(made.status).toBe(201);
      const [q1, q2] = made.body.questions;
      expect([q1.key, q2.key]).toEqual(["employment_status", null]);
      // Reword the first and move its key onto the second in one save (keys are set afresh).
      const put = await app.api(`/api/surveys/${made.body.id}`, {
        method: "PUT",
        token,
        body: {
          title: "T",
          questions: [
            { _id: q1.id, text: "Are you employed now?", key: null },
            { _id: q2.id, text: "Notes", key: "employment_status" },
          ],
        },
      });
      expect(put.status).toBe(200);
      expect(
        put.body.questions.map((q: { id: string; key: string | null; text: string }) => [
          q.id,
          q.key,
          q.text,
        ]),
      ).toEqual([
        [q1.id, null, "Are you employed now?"],
        [q2.id, "employment_status", "Notes"],
      ]);
    });

    it("serves the outcomes as JSON and CSV to admins, the same as the CLI prints", async () => {
      const { token } = await adminToken();
      const s = await answeredTracer(token);
      const r = await app.api(`/api/surveys/${s.id}/outcomes`, { token });
      expect(r.status).toBe(200);
      // 5 answers: employed 4/5; months 3 3 3 9 9 → 3; related 4/5; one via the board.
      expect(r.body).toMatchObject({
        targeted: 5,
        responded: 5,
        responseRate: 1,
        employmentRate: 0.8,
        medianMonthsToFirstJob: 3,
        relatedToCourseRate: 0.8,
        placedThroughRunway: 1,
      });
      const fields = [
        "targeted",
        "responded",
        "responseRate",
        "employmentRate",
        "medianMonthsToFirstJob",
        "relatedToCourseRate",
      ];
      for (const group of [r.body.byCourse[0], r.body.byGraduationYear[0]])
        for (const f of fields) expect(group).toHaveProperty(f);
      expect(r.body.byGraduationYear[0]).toMatchObject({
        graduationYear: 2025,
        employmentRate: 0.8,
      });

      const csv = await app.fetch(`/api/surveys/${s.id}/outcomes?format=csv`, {
        headers: { Authorization: `Bearer ${token}` },
      });
      expect(csv.status).toBe(200);
      expect(csv.headers.get("content-type")).toMatch(/^text\/csv/);
      expect(csv.headers.get("content-disposition")).toMatch(
        /attachment; filename="survey-.+-outcomes-\d{4}-\d{2}-\d{2}\.csv"/,
      );
      const bytes = Buffer.from(await csv.arrayBuffer());
      const body = bytes.toString("utf8");
      expect(body.startsWith("\uFEFF")).toBe(true);
      const lines = body
        .replace(/^\uFEFF/, "")
        .trimEnd()
        .split("\r\n");
      expect(lines[1]).toBe("overall,Graduate Tracer Study,5,5,no,1,1,0.8,3,0.8,1");
      expect(lines[2]).toBe(
        "programme,BS in Aircraft Maintenance Technology,5,5,no,1,1,0.8,3,0.8,1",
      );
      expect(lines[3]).toBe("graduation year,2025,5,5,no,1,1,0.8,3,0.8,1");

      const json = captureIo();
      expect(await runSurveysOutcomes({ survey: s.id }, { handle: t.handle, io: json.io })).toBe(0);
      const printed = JSON.parse(json.out());
      expect({ ...printed, generatedAt: null }).toEqual({ ...r.body, generatedAt: null });
      const cli = captureIo();
      await runSurveysOutcomes({ survey: s.id, format: "csv" }, { handle: t.handle, io: cli.io });
      expect(cli.out()).toBe(body);
    });

    it("refuses non-admins, unknown surveys and formats", async () => {
      const { token } = await adminToken();
      const s = await answeredTracer(token);
      const { user, password } = await createUser(t.db, { role: "student" });
      const student = await app.token(user.email, password);
      expect((await app.api(`/api/surveys/${s.id}/outcomes`, { token: student })).status).toBe(403);
      expect((await app.api(`/api/surveys/${s.id}/outcomes`)).status).toBe(401);
      expect(
        (await app.api(`/api/surveys/00000000-0000-4000-8000-000000000000/outcomes`, { token }))
          .status,
      ).toBe(404);
      const xml = await app.api(`/api/surveys/${s.id}/outcomes?format=xml`, { token });
      expect(xml.status).toBe(400);
      expect(xml.body.message).toBe("format must be json or csv");
      const cookie = await app.cookie(user.email, password);
      const page = await app.fetch(`/admin/surveys/${s.id}/outcomes`, { headers: { cookie } });
      expect(page.status).toBe(302);
      expect(page.headers.get("location")).toBe("/");
      await expect(
        runSurveysOutcomes(
          { survey: s.id, format: "xml" },
          { handle: t.handle, io: captureIo().io },
        ),
      ).rejects.toThrow(/--format must be json or csv/);
      await expect(
        runSurveysOutcomes({ survey: "nope" }, { handle: t.handle, io: captureIo().io }),
      ).rejects.toMatchObject({
        status: 404,
      });
    });

    it("shows admins the outcomes page: figures, suppressed groups marked, CSV link and print button", async () => {
      const { admin, token, password: adminPassword } = await adminToken();
      const s = await answeredTracer(token);
      // Two 2024 graduates of another programme answer too: a group under 5, suppressed.
      const id = (await app.api(`/api/surveys/${s.id}`, { token })).body.questions.find(
        (q: { key: string }) => q.key === "employment_status",
      ).id;
      for (let i = 0; i < 2; i++) {
        const { user } = await createUser(t.db, { role: "alumni", courseCode: "BSAE" });
        await t.db.update(users).set({ graduationYear: 2024 }).where(eq(users.id, user.id));
        const qs = (await app.api(`/api/surveys/${s.id}`, { token })).body.questions;
        await submitResponse(ctxOf(t.db, user), s.id, {
          answers: [
            { questionId: id, value: "Yes, employed" },
            ...qs
              .filter(
                (q: { required: boolean; key: string }) =>
                  q.required && q.key !== "employment_status",
              )
              .map((q: { id: string; type: string; options: string[] }) => ({
                questionId: q.id,
                value: q.type === "rating" ? 3 : q.options[0],
              })),
          ],
        });
      }
      const page = await app.fetch(`/admin/surveys/${s.id}/outcomes`, {
        headers: { cookie: await app.cookie(admin.email, adminPassword) },
      });
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain("Outcomes — </span>Graduate Tracer Study");
      expect(html).toContain("Print / Save as PDF");
      expect(html).toContain(`/api/surveys/${s.id}/outcomes?format=csv`);
      expect(html).toContain("BS in Aeronautical Engineering");
      // A small group's withheld figures say why, in words, never a bare "suppressed".
      expect(html).toMatch(/class="outcome-suppressed"[^>]*>Hidden until 5 responses \(privacy\)</);
      expect(html).not.toMatch(/>suppressed</);
      expect(html).toContain("Definitions");
      // Outcomes and Progress agree: the same targeted, responded and rates for every group.
      const outcomes = (await app.api(`/api/surveys/${s.id}/outcomes`, { token })).body;
      const progress = (await app.api(`/api/surveys/${s.id}/progress`, { token })).body;
      const pick = (r: Record<string, unknown>, answered: string) => [
        r.targeted,
        r[answered],
        r.responseRate,
        r.knowledgeRate,
      ];
      expect(pick(outcomes, "responded")).toEqual(pick(progress, "answered"));
      const byCourse = (rows: Array<Record<string, unknown>>, answered: string) =>
        Object.fromEntries(rows.map((r) => [String(r.courseId), pick(r, answered)]));
      expect(byCourse(outcomes.byCourse, "responded")).toEqual(
        byCourse(progress.byCourse, "answered"),
      );
      const byYear = (rows: Array<Record<string, unknown>>, answered: string) =>
        Object.fromEntries(rows.map((r) => [String(r.graduationYear), pick(r, answered)]));
      expect(byYear(outcomes.byGraduationYear, "responded")).toEqual(
        byYear(progress.byGraduationYear, "answered"),
      );
      // The 2024 group (2 answers) shows its response rate, as Progress does, and hides the rest.
      const y2024 = outcomes.byGraduationYear.find(
        (y: { graduationYear: number }) => y.graduationYear === 2024,
      );
      expect(y2024).toMatchObject({ responded: 2, suppressed: true, employmentRate: null });
      expect(y2024.responseRate).not.toBeNull();
      // The charts' text alternatives are in the HTML (the drawings load later, in the browser).
      expect(html).toContain("<caption>Months to first job</caption>");
    });
    it("adds who was hired by their OJT host to the JSON, the CLI and the page, hidden under 5", async () => {
      const { admin, token, password } = await adminToken();
      const s = await answeredTracer(token);
      // BSAMT 2025: five completed placements, three hired. BSAE 2024: two completed (hidden).
      for (const hired of [true, false, true, true, false])
        await completedOjtGraduate(t.db, "BSAMT", 2025, hired);
      for (const hired of [true, true]) await completedOjtGraduate(t.db, "BSAE", 2024, hired);
      const r = await app.api(`/api/surveys/${s.id}/outcomes`, { token });
      expect(r.status).toBe(200);
      expect(r.body.ojtHires.overall).toEqual({
        ojtCompleted: 7,
        hiredByOjtHost: 5,
        hiredByOjtHostRate: 0.7143,
      });
      const groups = [...r.body.ojtHires.byCourse, ...r.body.ojtHires.byGraduationYear].map(
        (g: {
          courseName?: string;
          graduationYear?: number;
          ojtCompleted: number;
          hiredByOjtHost: number | null;
          hiredByOjtHostRate: number | null;
        }) => [
          g.courseName ?? g.graduationYear,
          g.ojtCompleted,
          g.hiredByOjtHost,
          g.hiredByOjtHostRate,
        ],
      );
      expect(groups).toEqual([
        ["BS in Aeronautical Engineering", 2, null, null],
        ["BS in Aircraft Maintenance Technology", 5, 3, 0.6],
        [2025, 5, 3, 0.6],
        [2024, 2, null, null],
      ]);
      const cli = captureIo();
      expect(await runSurveysOutcomes({ survey: s.id }, { handle: t.handle, io: cli.io })).toBe(0);
      expect(JSON.parse(cli.out()).ojtHires).toEqual(r.body.ojtHires);

      const page = await app.fetch(`/admin/surveys/${s.id}/outcomes`, {
        headers: { cookie: await app.cookie(admin.email, password) },
      });
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain(">Hired by OJT host</th>");
      expect(html).toContain("3 (60.0%)");
      expect(html).toContain("5 (71.4%)");
    });
  }));
