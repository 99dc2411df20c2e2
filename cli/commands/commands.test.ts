/**
 * The other commands through their run functions, on PGlite and PostgreSQL: db migrate / seed
 * --demo, courses, admin create, users list / deactivate, export.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, inject, it } from "vitest";
import { count, eq, sql } from "drizzle-orm";
import {
  auditLog,
  companies,
  jobs,
  sessions,
  surveyAnswers,
  surveyResponses,
  surveys,
  users,
} from "../../db/schema";
import { forEachDb, type TestDb } from "../../tests/setup/db";
import { createCompany, createJob, createSurvey, createUser } from "../../tests/factories";
import { createSession, resolveSession } from "../../app/models/auth/session.server";
import { verifyPassword } from "../../app/models/auth/password.server";
import { storeImage } from "../../app/models/file/file.server";
import { EXPORT_TABLES } from "../../app/models/export/export.server";
import { captureIo } from "../testing";
import { CliError } from "../support";
import { runAdminCreate } from "./admin";
import { runCoursesList, runCoursesSeed } from "./courses";
import { runDbCopy, runDbMigrate, runDbSeed } from "./db";
import { files } from "../../db/schema";
import { spawnTarget } from "../testing";
import { runExport } from "./export";
import { runUsersDeactivate, runUsersList } from "./users";

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "runway-cmd-"));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

async function run<T>(
  t: TestDb,
  fn: (deps: { handle: TestDb["handle"]; io: ReturnType<typeof captureIo>["io"] }) => Promise<T>,
  stdin = "",
) {
  const cap = captureIo(stdin);
  const result = await fn({ handle: t.handle, io: cap.io });
  return { result, out: cap.out(), err: cap.err() };
}

describe("runway commands (run functions)", () => {
  forEachDb((t) => {
    it("db migrate is idempotent and keeps the 14 courses", async () => {
      const r = await run(t, (d) => runDbMigrate({ json: true }, d));
      expect(r.result).toBe(0);
      expect(JSON.parse(r.out)).toMatchObject({ applied: 0, courses: { total: 14, inserted: 0 } });
    });

    it("courses seed and list (code, name, institute; --json)", async () => {
      const seed = await run(t, (d) => runCoursesSeed({}, d));
      expect(seed.out).toContain("Courses: 14 (0 added, 14 already there).");
      const list = await run(t, (d) => runCoursesList({ json: true }, d));
      const rows = JSON.parse(list.out);
      expect(rows).toHaveLength(14);
      expect(rows[0]).toEqual({
        code: "BSAE",
        name: "BS in Aeronautical Engineering",
        institute: "Engineering and Technology",
        instituteId: "engineering",
      });
      const text = await run(t, (d) => runCoursesList({}, d));
      expect(text.out.split("\n")[0]).toMatch(/^Code\s+Name\s+Institute$/);
      expect(text.out).toContain("MPA-GAA");
    });

    it("admin create: active, verified admin with the Create User rules; never a default password", async () => {
      const r = await run(
        t,
        (d) =>
          runAdminCreate(
            {
              email: " Ada@Example.edu ",
              firstName: "Ada",
              lastName: "Reyes",
              passwordStdin: true,
            },
            d,
          ),
        "pass-phrase-1\r\n",
      );
      expect(r.result).toBe(0);
      const [admin] = await t.db.select().from(users).where(eq(users.email, "ada@example.edu"));
      expect(admin).toMatchObject({ role: "admin", isActive: true, firstName: "Ada" });
      expect(admin.emailVerifiedAt).toBeInstanceOf(Date);
      expect(await verifyPassword(admin.passwordHash, "pass-phrase-1")).toBe(true);
      const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.entityId, admin.id));
      expect(entry).toMatchObject({ action: "user.create", actorEmail: "system" });

      await expect(
        run(t, (d) =>
          runAdminCreate(
            {
              email: "ada@example.edu",
              firstName: "Ada",
              lastName: "Reyes",
              password: "another-mango-1",
            },
            d,
          ),
        ),
      ).rejects.toThrow("An account with this email already exists");
      await expect(
        run(t, (d) =>
          runAdminCreate(
            {
              email: "out@gmail.com",
              firstName: "Ada",
              lastName: "Reyes",
              password: "another-mango-1",
            },
            d,
          ),
        ),
      ).rejects.toThrow("Only @example.edu emails are allowed");
      await expect(
        run(
          t,
          (d) =>
            runAdminCreate(
              { email: "e@example.edu", firstName: "Ed", lastName: "Empty", passwordStdin: true },
              d,
            ),
          "",
        ),
      ).rejects.toThrow("Password is required");
      // No terminal and no --password-stdin: a usage error, not a default password.
      const noTty = run(t, (d) =>
        runAdminCreate({ email: "n@example.edu", firstName: "Ned", lastName: "Nope" }, d),
      );
      await expect(noTty).rejects.toBeInstanceOf(CliError);
      await expect(noTty).rejects.toMatchObject({ exitCode: 2 });
      const [{ n }] = await t.db.select({ n: count() }).from(users);
      expect(Number(n)).toBe(1);
    });

    it("users list filters by role, status and course (code or name); --json never carries a hash", async () => {
      await createUser(t.db, {
        email: "s1@example.edu",
        role: "student",
        firstName: "Sam",
        lastName: "Alpha",
        courseCode: "BSAMT",
      });
      await createUser(t.db, {
        email: "s2@example.edu",
        role: "student",
        firstName: "Sue",
        lastName: "Beta",
        courseCode: "BSAE",
        isActive: false,
      });
      await createUser(t.db, {
        email: "a1@example.edu",
        role: "alumni",
        firstName: "Al",
        lastName: "Gamma",
        courseCode: "BSAMT",
      });
      await createUser(t.db, {
        email: "admin@example.edu",
        role: "admin",
        firstName: "Ad",
        lastName: "Min",
      });
      const emails = async (o: Parameters<typeof runUsersList>[0]) =>
        JSON.parse((await run(t, (d) => runUsersList({ ...o, json: true }, d))).out).map(
          (u: { email: string }) => u.email,
        );
      expect(await emails({})).toEqual([
        "s1@example.edu",
        "s2@example.edu",
        "a1@example.edu",
        "admin@example.edu",
      ]);
      expect(await emails({ role: "student" })).toEqual(["s1@example.edu", "s2@example.edu"]);
      expect(await emails({ status: "inactive" })).toEqual(["s2@example.edu"]);
      expect(await emails({ course: "BSAMT" })).toEqual(["s1@example.edu", "a1@example.edu"]);
      expect(
        await emails({ course: "bs in aircraft maintenance technology", role: "alumni" }),
      ).toEqual(["a1@example.edu"]);
      const json = (await run(t, (d) => runUsersList({ json: true }, d))).out;
      expect(json).not.toMatch(/passwordHash|argon2/);
      await expect(run(t, (d) => runUsersList({ course: "NOPE" }, d))).rejects.toThrow(
        "Unknown course “NOPE”",
      );
      const text = await run(t, (d) => runUsersList({ role: "student" }, d));
      expect(text.out).toMatch(/Sam Alpha\s+s1@example.edu\s+student\s+4th Year • BSAMT\s+Active/);
      expect(text.out).toMatch(/Sue Beta\s+s2@example.edu\s+student\s+4th Year • BSAE\s+Inactive/);
      expect(text.err).toContain("2 users");
    });

    it("users deactivate: inactive, every session and API token ended, audited; the last admin is kept", async () => {
      const { user } = await createUser(t.db, {
        email: "leaving@example.edu",
        role: "alumni",
        firstName: "Lea",
        lastName: "Ving",
      });
      const web = await createSession(t.db, user.id, "web");
      const api = await createSession(t.db, user.id, "api");
      const r = await run(t, (d) => runUsersDeactivate("Leaving@Example.edu", {}, d));
      expect(r.out).toContain("Deactivated Lea Ving <leaving@example.edu>; ended 2 sessions.");
      const [after] = await t.db.select().from(users).where(eq(users.id, user.id));
      expect(after.isActive).toBe(false);
      expect(await resolveSession(t.db, web.token, "web")).toBeNull();
      expect(await resolveSession(t.db, api.token, "api")).toBeNull();
      // The API token is gone; the web session stays only as an ended row, so that browser is told.
      expect(
        await t.db
          .select({ kind: sessions.kind, endedReason: sessions.endedReason })
          .from(sessions)
          .where(eq(sessions.userId, user.id)),
      ).toEqual([{ kind: "web", endedReason: "deactivated" }]);
      const [entry] = await t.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.action, "user.deactivate"));
      expect(entry).toMatchObject({
        entityId: user.id,
        actorEmail: "system",
        before: { isActive: true },
        after: { isActive: false, via: "cli" },
      });
      const twice = await run(t, (d) =>
        runUsersDeactivate("leaving@example.edu", { json: true }, d),
      );
      expect(JSON.parse(twice.out)).toMatchObject({ changed: false, sessionsRevoked: 0 });

      await expect(run(t, (d) => runUsersDeactivate("ghost@example.edu", {}, d))).rejects.toThrow(
        "No user with the email ghost@example.edu",
      );
      await createUser(t.db, { email: "only.admin@example.edu", role: "admin" });
      await expect(
        run(t, (d) => runUsersDeactivate("only.admin@example.edu", {}, d)),
      ).rejects.toThrow("last active administrator");
    });

    it("db seed --demo: companies, approved and pending jobs, users of each role with printed passwords, surveys with answers; not twice", async () => {
      const r = await run(t, (d) => runDbSeed({ demo: true, json: true }, d));
      expect(r.result).toBe(0);
      const result = JSON.parse(r.out);
      expect(new Set(result.users.map((u: { role: string }) => u.role))).toEqual(
        new Set(["admin", "student", "alumni"]),
      );
      for (const u of result.users) {
        expect(u.password).toMatch(/^[A-Za-z0-9_-]{12}$/);
        const [row] = await t.db.select().from(users).where(eq(users.email, u.email));
        expect(await verifyPassword(row.passwordHash, u.password)).toBe(true);
      }
      const n = async (
        table:
          | typeof companies
          | typeof jobs
          | typeof surveys
          | typeof surveyResponses
          | typeof surveyAnswers,
      ) => Number((await t.db.select({ n: count() }).from(table))[0].n);
      expect(await n(companies)).toBeGreaterThanOrEqual(3);
      const [approval] = await t.db
        .select({
          approved: sql<number>`count(*) filter (where ${jobs.isApproved})::int`,
          pending: sql<number>`count(*) filter (where not ${jobs.isApproved})::int`,
        })
        .from(jobs);
      expect(Number(approval.approved)).toBeGreaterThan(0);
      expect(Number(approval.pending)).toBeGreaterThan(0);
      expect(await n(surveys)).toBeGreaterThanOrEqual(2);
      expect(await n(surveyResponses)).toBeGreaterThan(0);
      expect(await n(surveyAnswers)).toBeGreaterThan(0);
      const text = await run(t, (d) => runDbSeed({ demo: true }, d)).catch((e) => e);
      expect(text).toBeInstanceOf(CliError);
      expect(text.message).toContain("The demo data is already in this database");
    });

    it("export --out: every table as CSV and JSON, README of the columns, uploaded files; no secrets", async () => {
      await createUser(t.db, { email: "x.port@example.edu", firstName: "Xa", lastName: "Port" });
      const png = Buffer.from(
        "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
        "base64",
      );
      const logo = await storeImage(t.db, new Blob([png], { type: "image/png" }), {
        kind: "logo",
        actorId: null,
      });
      const company = await createCompany(t.db, { name: 'Quote "Air", Inc.', logoFileId: logo.id });
      await createJob(t.db, { companyId: company.id, categories: ["Maintenance", "Avionics"] });
      const { survey, questions } = await createSurvey(t.db, {
        questions: [
          { text: "Pick", type: "checkbox", options: ["A", "B"] },
          { text: "Rate", type: "rating" },
        ],
      });
      const { user } = await createUser(t.db, { role: "alumni" });
      const [resp] = await t.db
        .insert(surveyResponses)
        .values({ surveyId: survey.id, userId: user.id, role: "alumni" })
        .returning();
      await t.db.insert(surveyAnswers).values([
        { responseId: resp.id, questionId: questions[0].id, value: ["A", "B"] },
        { responseId: resp.id, questionId: questions[1].id, value: 4 },
      ]);
      const dir = path.join(tmp, `export-${t.driver}`);
      const r = await run(t, (d) => runExport({ out: dir, json: true }, d));
      expect(r.result).toBe(0);
      const summary = JSON.parse(r.out);
      const rows = Object.fromEntries(
        summary.tables.map((x: { file: string; rows: number }) => [x.file, x.rows]),
      );
      expect(rows).toMatchObject({
        users: 2,
        courses: 14,
        companies: 1,
        jobs: 1,
        surveys: 1,
        survey_questions: 2,
        survey_responses: 1,
        survey_answers: 2,
        files: 1,
      });
      for (const table of EXPORT_TABLES) {
        const csv = fs.readFileSync(path.join(dir, `${table.file}.csv`), "utf8");
        expect(csv.split("\n")[0]).toBe(table.columns.join(","));
        const json = JSON.parse(fs.readFileSync(path.join(dir, `${table.file}.json`), "utf8"));
        expect(json).toHaveLength(rows[table.file]);
      }
      const usersCsv = fs.readFileSync(path.join(dir, "users.csv"), "utf8");
      const usersJson = fs.readFileSync(path.join(dir, "users.json"), "utf8");
      for (const text of [usersCsv, usersJson]) expect(text).not.toMatch(/argon2|password/i);
      expect(fs.readFileSync(path.join(dir, "companies.csv"), "utf8")).toContain(
        '"Quote ""Air"", Inc."',
      );
      const answers = JSON.parse(fs.readFileSync(path.join(dir, "survey_answers.json"), "utf8"));
      expect(answers.map((a: { value: unknown }) => a.value).sort()).toEqual(
        [4, ["A", "B"]].sort(),
      );
      expect(fs.readFileSync(path.join(dir, "survey_answers.csv"), "utf8")).toContain("A; B");
      const jobsJson = JSON.parse(fs.readFileSync(path.join(dir, "jobs.json"), "utf8"));
      expect(jobsJson[0].categories).toEqual(["Maintenance", "Avionics"]);
      const files = JSON.parse(fs.readFileSync(path.join(dir, "files.json"), "utf8"));
      expect(fs.existsSync(path.join(dir, files[0].path))).toBe(true);
      const readme = fs.readFileSync(path.join(dir, "README.md"), "utf8");
      for (const table of EXPORT_TABLES)
        for (const c of table.columns) expect(readme).toContain(`| ${c} |`);
      // Audit entries from the CLI are part of the export.
      await run(t, (d) => runUsersDeactivate("x.port@example.edu", {}, d));
      await run(t, (d) => runExport({ out: dir }, d));
      const audit = JSON.parse(fs.readFileSync(path.join(dir, "audit_log.json"), "utf8"));
      expect(audit.map((a: { action: string }) => a.action)).toContain("user.deactivate");
    });

    it.skipIf(!inject("pgTemplateUrl"))(
      "db copy --to: every row into an empty PostgreSQL database, once; sequences continue",
      async () => {
        await runDbSeed({ demo: true, json: true }, { handle: t.handle, io: captureIo().io });
        const png = Buffer.from(
          "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
          "base64",
        );
        await storeImage(t.db, new Blob([png], { type: "image/png" }), {
          kind: "avatar",
          actorId: null,
        });
        await run(t, (d) => runUsersDeactivate("demo.ana.villanueva@example.edu", {}, d)); // an audit row
        const target = await spawnTarget("postgres");
        const th = await target.open();
        try {
          const url = String(target.env.DATABASE_URL);
          const r = await run(t, (d) => runDbCopy({ to: url, json: true }, { ...d, target: th }));
          expect(r.result).toBe(0);
          const copied = Object.fromEntries(
            JSON.parse(r.out).tables.map((x: { table: string; rows: number }) => [x.table, x.rows]),
          );
          for (const table of [
            "users",
            "companies",
            "jobs",
            "surveys",
            "survey_questions",
            "survey_responses",
            "survey_answers",
            "files",
            "audit_log",
            "courses",
          ]) {
            const [src] = await t.handle.rows<{ n: number }>(
              sql.raw(`select count(*)::int as n from "${table}"`),
            );
            const [dst] = await th.rows<{ n: number }>(
              sql.raw(`select count(*)::int as n from "${table}"`),
            );
            expect(Number(dst.n), table).toBe(Number(src.n));
            expect(copied[table], table).toBe(Number(src.n));
          }
          const srcUsers = await t.db.select().from(users).orderBy(users.id);
          expect(await th.db.select().from(users).orderBy(users.id)).toEqual(srcUsers);
          const [srcFile] = await t.db.select().from(files);
          const [dstFile] = await th.db.select().from(files);
          expect(Buffer.compare(dstFile.bytes, srcFile.bytes)).toBe(0);
          const [maxId] = await th.rows<{ m: number }>(
            sql`select max(id)::int as m from audit_log`,
          );
          const [next] = await th.db
            .insert(auditLog)
            .values({ action: "x", entityType: "y" })
            .returning({ id: auditLog.id });
          expect(next.id).toBeGreaterThan(Number(maxId.m));
          const jobsFound = await th.rows<{ n: number }>(
            sql`select count(*)::int as n from jobs where search_vector @@ plainto_tsquery('simple', 'technician')`,
          );
          expect(Number(jobsFound[0].n)).toBeGreaterThan(0);
          // A second copy into the now non-empty database is refused and changes nothing.
          await expect(run(t, (d) => runDbCopy({ to: url }, { ...d, target: th }))).rejects.toThrow(
            "The target database is not empty",
          );
          await expect(
            run(t, (d) => runDbCopy({ to: "mysql://x" }, { ...d, target: th })),
          ).rejects.toMatchObject({ exitCode: 2 });
        } finally {
          await th.close();
          await target.drop();
        }
      },
    );
  });
});
