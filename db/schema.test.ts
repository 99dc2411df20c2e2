import { eq, sql } from "drizzle-orm";
import fs from "node:fs";
import path from "node:path";
import postgres from "postgres";
import { describe, expect, inject, it } from "vitest";
import { findMigrationsFolder } from "./migrations-path";
import { forEachDb } from "../tests/setup/db";
import { createCompany, createJob, createSurvey, createUser } from "../tests/factories";
import { COURSES } from "./constants";
import { courses, jobs, surveyAnswers, surveyResponses, users } from "./schema";
import { isPglite } from "./client";
import { listCourseGroups } from "../app/models/course/course.server";
import { seedCourses } from "./seed/courses";

describe("data model", () => {
  forEachDb((t) => {
    it("knows which driver it runs on (isPglite), inside a transaction too", async () => {
      expect(isPglite(t.db)).toBe(t.driver === "pglite");
      await t.db.transaction(async (tx) => {
        // A transaction handle has no client of its own: it counts as PostgreSQL's, which only
        // means "queries may run at once" to the callers that ask.
        expect(isPglite(tx)).toBe(false);
      });
    });

    it("writes each survey answer's CSV cell when the answer is stored or changed", async () => {
      const { survey, questions } = await createSurvey(t.db, {
        questions: [{ text: "Q", type: "short_text" }],
      });
      const q = questions[0];
      const { user } = await createUser(t.db);
      const [r] = await t.db
        .insert(surveyResponses)
        .values({ surveyId: survey.id, userId: user.id, role: user.role })
        .returning();
      const cell = async (value: unknown) => {
        await t.db.execute(
          sql`insert into survey_answers (response_id, question_id, value) values (${r!.id}, ${q!.id}, ${JSON.stringify(value)}::jsonb)
              on conflict (response_id, question_id) do update set value = excluded.value`,
        );
        const [a] = await t.db
          .select()
          .from(surveyAnswers)
          .where(eq(surveyAnswers.responseId, r!.id));
        return a!.csvCell;
      };
      expect(await cell("plain")).toBe("plain");
      expect(await cell('say "hi", then\nleave')).toBe('"say ""hi"", then\nleave"');
      expect(await cell("=SUM(A1)")).toBe("'=SUM(A1)");
      expect(await cell('=A1,"x"')).toBe('"\'=A1,""x"""'); // neutralised, then quoted
      expect(await cell(["a", "-b", null, 2.5, true, ["x", 1]])).toBe(
        '"a; -b; null; 2.5; true; x,1"',
      );
      expect(await cell(4)).toBe("4");
      expect(await cell(null)).toBe("");
      expect(await cell({ k: 1 })).toBe("[object Object]");
    });

    it("seeds the 14 programmes idempotently, grouped by the 4 institutes", async () => {
      const again = await seedCourses(t.db);
      expect(again).toEqual({ inserted: 0, total: 14 });
      const all = await t.db.select().from(courses);
      expect(all.map((c) => c.name).sort()).toEqual(COURSES.map((c) => c.name).sort());
      const groups = await listCourseGroups(t.db);
      expect(groups.map((g) => [g.label, g.courses.length])).toEqual([
        ["Engineering and Technology", 6],
        ["Liberal Arts and Sciences", 4],
        ["Computer Studies", 2],
        ["Graduate Studies", 2],
      ]);
    });

    it("refuses a second account with the same e-mail in any case", async () => {
      await createUser(t.db, { email: "ana@example.edu" });
      await expect(createUser(t.db, { email: "ANA@Example.EDU" })).rejects.toThrow(
        "An account with this email already exists",
      );
      await expect(
        t.db.execute(
          sql`insert into users (email, first_name, last_name) values ('Ana@example.edu', 'A', 'B')`,
        ),
      ).rejects.toThrow();
    });

    it("checks enum-like columns in the database", async () => {
      await expect(
        t.db.execute(
          sql`insert into users (email, first_name, last_name, role) values ('x@example.edu','X','Y','superuser')`,
        ),
      ).rejects.toThrow();
      const c = await createCompany(t.db);
      await expect(
        t.db.execute(
          sql`insert into jobs (title, company_id, job_type) values ('T', ${c.id}, 'gig')`,
        ),
      ).rejects.toThrow();
    });

    it("keeps a company with jobs (ON DELETE RESTRICT)", async () => {
      const job = await createJob(t.db);
      await expect(
        t.db.execute(sql`delete from companies where id = ${job.companyId}`),
      ).rejects.toThrow();
    });

    it("maintains the search document from the job and its company, accent-insensitively", async () => {
      const c = await createCompany(t.db, { name: "Cebú Pacific" });
      const j = await createJob(t.db, { title: "Aeronáutical Intern", companyId: c.id });
      const hit = async (q: string) =>
        (
          await t.handle.rows(
            sql`select id from jobs where search_vector @@ to_tsquery('simple', ${q})`,
          )
        ).length;
      expect(await hit("aeronau:*")).toBe(1);
      expect(await hit("cebu:*")).toBe(1);
      await t.db.execute(sql`update companies set name = 'AirAsia' where id = ${c.id}`);
      expect(await hit("cebu:*")).toBe(0);
      expect(await hit("airasia:*")).toBe(1);
      expect(j.searchVector).toBeTruthy();
    });

    it("allows one response per user per survey, and keeps answers when the user is deleted", async () => {
      const { user } = await createUser(t.db);
      const { survey, questions } = await createSurvey(t.db);
      const [r] = await t.db
        .insert(surveyResponses)
        .values({ surveyId: survey.id, userId: user.id, role: "student" })
        .returning();
      await t.db
        .insert(surveyAnswers)
        .values({ responseId: r.id, questionId: questions[0].id, value: "fine" });
      await expect(
        t.db
          .insert(surveyResponses)
          .values({ surveyId: survey.id, userId: user.id, role: "student" }),
      ).rejects.toThrow();
      await t.db.delete(users).where(sql`id = ${user.id}`);
      const left = await t.db.select().from(surveyResponses);
      expect(left).toHaveLength(1);
      expect(left[0].userId).toBeNull();
      expect(await t.db.select().from(surveyAnswers)).toHaveLength(1);
    });

    it("stores categories as a list", async () => {
      const j = await createJob(t.db, { categories: ["Avionics", "Maintenance"] });
      const [row] = await t.db
        .select()
        .from(jobs)
        .where(sql`id = ${j.id}`);
      expect(row.categories).toEqual(["Avionics", "Maintenance"]);
    });
  });
});

describe("migrations on PostgreSQL", () => {
  const url = inject("pgTemplateUrl");
  it.runIf(!!url)("are applied exactly once when several instances start at once", async () => {
    const { createDb } = await import("./client");
    const { migrate } = await import("./migrate");
    const server = new URL(url!);
    const name = `${server.pathname.slice(1)}_mig${Date.now().toString(36)}`;
    server.pathname = "/postgres";
    const admin = postgres(server.toString(), { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database "${name}"`);
    const target = new URL(url!);
    target.pathname = `/${name}`;
    const handles = await Promise.all(
      [1, 2, 3].map(() => createDb({ databaseUrl: target.toString(), max: 2 })),
    );
    try {
      await Promise.all(handles.map((h) => migrate(h)));
      const journal = JSON.parse(
        fs.readFileSync(path.join(findMigrationsFolder(), "meta", "_journal.json"), "utf8"),
      );
      const rows = await handles[0].rows<{ n: number }>(
        sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
      );
      expect(rows[0].n).toBe(journal.entries.length);
      const jobsTable = await handles[0].rows(
        sql`select 1 from pg_tables where tablename = 'jobs'`,
      );
      expect(jobsTable).toHaveLength(1);
    } finally {
      await Promise.all(handles.map((h) => h.close()));
      await admin.unsafe(`drop database if exists "${name}" with (force)`);
      await admin.end();
    }
  });
});
