/**
 * Tracer studies, area A (ADR 100), through the models and the CLI on PGlite and
 * PostgreSQL: graduationYear in the import (and --update), users list --json and the export; a
 * survey's cohort decides who is prompted, who may open it and who may answer; the targeting rules;
 * anonymous mode leaves nothing in the database that joins a person to an answer.
 */
import type { Role } from "#db/constants";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { surveys, users } from "../../db/schema";
import { forEachDb, rows, type TestDb } from "../setup/db";
import { courseId, createSurvey, createUser } from "../factories";
import { actorOf } from "../../app/models/context";
import {
  getSurveyForAnswering,
  listEligibleSurveyDtos,
  listEligibleSurveys,
  listResponses,
  listSurveys,
  createSurvey as createSurveyModel,
  submitResponse,
  updateSurvey,
} from "../../app/models/survey/survey.server";
import { responsesCsvString } from "../setup/survey-csv";
import { exportAll } from "../../app/models/export/export.server";
import {
  GRADUATION_YEAR_MSG,
  registerSchema,
  userRecordSchema,
} from "../../app/models/user/user.schema";
import { parseProfilePatch } from "../../app/models/user/profile.schema";
import { adminUserPatchSchema } from "../../app/models/user/admin.schema";
import { TARGETING_MSG, cohortLabel } from "../../app/models/survey/survey.rules";
import { captureIo } from "../../cli/testing";
import { runUsersImport, runUsersList } from "../../cli/commands/users";

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "runway-tracer-a-"));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));
let n = 0;

/** A user of the factory with a graduation year (the factory is shared; the year is set here). */
async function person(
  t: TestDb,
  role: "student" | "alumni" | "admin",
  graduationYear: number | null,
  courseCode = "BSAE",
) {
  const u = await createUser(t.db, { role, courseCode });
  await t.db.update(users).set({ graduationYear }).where(eq(users.id, u.user.id));
  return { ...u, user: { ...u.user, graduationYear } };
}
const ctxOf = (t: TestDb, u: { id: string; role: Role; email: string }) => ({
  db: t.db,
  actor: actorOf(u),
});
const code = async (p: Promise<unknown>) => {
  try {
    await p;
    return 0;
  } catch (e) {
    return (e as { status?: number }).status ?? -1;
  }
};

describe("graduationYear: the rules every door shares", () => {
  it("takes a year from text or a number, blank as unknown, anything else with one message", () => {
    const rec = userRecordSchema("example.edu", { passwordRequired: false });
    const base = {
      userType: "alumni",
      firstName: "Ana",
      lastName: "Cruz",
      email: "ana@example.edu",
    };
    expect(rec.parse({ ...base, graduationYear: "2023" }).graduationYear).toBe(2023);
    expect(rec.parse({ ...base, graduationYear: 2024 }).graduationYear).toBe(2024);
    expect(rec.parse({ ...base, graduationYear: " " }).graduationYear).toBeNull();
    expect(rec.parse(base).graduationYear).toBeNull();
    for (const bad of ["1949", "2101", "20x3", "2023.5", 2023.5, true, "twenty"]) {
      const r = rec.safeParse({ ...base, graduationYear: bad });
      expect(r.success, String(bad)).toBe(false);
      expect(r.error!.issues.map((i) => i.message)).toEqual([GRADUATION_YEAR_MSG]);
    }
    const reg = registerSchema("example.edu");
    expect(
      reg.parse({ ...base, password: "secret-pass-mango", graduationYear: "2022" }).graduationYear,
    ).toBe(2022);
    const bad = parseProfilePatch({ graduationYear: 1900 });
    expect(bad).toEqual({
      ok: false,
      issues: [{ path: "graduationYear", message: GRADUATION_YEAR_MSG }],
    });
    expect(parseProfilePatch({ graduationYear: null })).toEqual({
      ok: true,
      patch: { graduationYear: null },
    });
    // An admin patch without the key leaves the year alone; null clears it.
    const patch = adminUserPatchSchema("example.edu");
    expect("graduationYear" in patch.parse({ firstName: "Ana" })).toBe(false);
    expect(patch.parse({ graduationYear: "2030" }).graduationYear).toBe(2030);
    expect(patch.safeParse({ graduationYear: 2200 }).error?.issues[0].message).toBe(
      GRADUATION_YEAR_MSG,
    );
  });
});

describe("tracer cohorts (area A)", () =>
  forEachDb((t) => {
    async function importCsv(csv: string, opts: Record<string, unknown> = {}) {
      const file = path.join(tmp, `i${++n}.csv`);
      fs.writeFileSync(file, csv);
      const cap = captureIo();
      const r = await runUsersImport(
        file,
        { quiet: true, invite: false, ...opts },
        { handle: t.handle, io: cap.io },
      );
      return { ...r, out: cap.out(), err: cap.err() };
    }
    const yearOf = async (email: string) =>
      (await t.db.select().from(users).where(eq(users.email, email)))[0]?.graduationYear;

    it("users import reads graduationYear, --update sets it in bulk, a bad year is rejected", async () => {
      const created = await importCsv(
        [
          "email,firstName,lastName,role,studentId,course,yearLevel,graduationYear",
          "gy.one@example.edu,Maria,Santos,alumni,,BSAE,Graduate,2021",
          "gy.two@example.edu,Paolo,Mendoza,alumni,2019-9,BSAE,Graduate,",
        ].join("\n"),
      );
      expect(created.exitCode).toBe(0);
      expect(await yearOf("gy.one@example.edu")).toBe(2021);
      expect(await yearOf("gy.two@example.edu")).toBeNull();

      const bad = await importCsv(
        [
          "email,firstName,lastName,role,graduationYear",
          "gy.three@example.edu,Rita,Reyes,alumni,1900",
        ].join("\n"),
      );
      expect(bad.exitCode).toBe(1);
      expect(bad.report.rejected.map((r) => r.reason)).toEqual([GRADUATION_YEAR_MSG]);
      expect(await yearOf("gy.three@example.edu")).toBeUndefined();

      // --update with only the year listed: the year changes, the rest stays.
      const upd = await importCsv(
        [
          "email,firstName,lastName,role,graduationYear",
          "gy.one@example.edu,Maria,Santos,alumni,2022",
          "gy.two@example.edu,Paolo,Mendoza,alumni,2020",
        ].join("\n"),
        { update: true },
      );
      expect(upd.exitCode).toBe(0);
      expect(upd.report.updated).toBe(2);
      expect(await yearOf("gy.one@example.edu")).toBe(2022);
      expect(await yearOf("gy.two@example.edu")).toBe(2020);
      const [two] = await t.db.select().from(users).where(eq(users.email, "gy.two@example.edu"));
      expect(two.studentId).toBe("2019-9");
      expect(two.yearLevel).toBe("Graduate");
      // A file without the column leaves the years alone.
      const same = await importCsv(
        ["email,firstName,lastName,role", "gy.one@example.edu,Maria,Santos,alumni"].join("\n"),
        { update: true },
      );
      expect(same.report.skipped).toBe(1);
      expect(await yearOf("gy.one@example.edu")).toBe(2022);

      const cap = captureIo();
      await runUsersList({ json: true }, { handle: t.handle, io: cap.io });
      const listed = JSON.parse(cap.out()) as { email: string; graduationYear: number | null }[];
      expect(listed.find((u) => u.email === "gy.one@example.edu")?.graduationYear).toBe(2022);
      expect(listed.find((u) => u.email === "gy.two@example.edu")?.graduationYear).toBe(2020);
      const table = captureIo();
      await runUsersList({}, { handle: t.handle, io: table.io });
      expect(table.out()).toContain("Class of 2022");
    });

    it("runway export carries graduationYear in users.csv and users.json", async () => {
      const a = await person(t, "alumni", 2019);
      await person(t, "student", null);
      const dir = path.join(tmp, `export-${++n}`);
      await exportAll(t.db, dir, {});
      const csv = fs.readFileSync(path.join(dir, "users.csv"), "utf8").split(/\r?\n/);
      const header = csv[0].replace(/^\uFEFF/, "").split(",");
      const col = header.indexOf("graduationYear");
      expect(col).toBe(header.indexOf("yearLevel") + 1);
      const line = csv.find((l) => l.includes(a.user.email))!;
      expect(line.split(",")[col]).toBe("2019");
      const json = JSON.parse(fs.readFileSync(path.join(dir, "users.json"), "utf8")) as {
        email: string;
        graduationYear: number | null;
      }[];
      expect(json.find((u) => u.email === a.user.email)?.graduationYear).toBe(2019);
      expect(json.filter((u) => u.graduationYear === null)).toHaveLength(1);
    });

    it("a survey for one programme and year reaches only that cohort, everywhere", async () => {
      const bsaeId = await courseId(t.db, "BSAE");
      const admin = await person(t, "admin", null);
      const inCohort = await person(t, "alumni", 2023, "BSAE");
      const otherYear = await person(t, "alumni", 2024, "BSAE");
      const noYear = await person(t, "alumni", null, "BSAE");
      const otherCourse = await person(t, "alumni", 2023, "BSAET");
      const student = await person(t, "student", 2023, "BSAE");
      const { survey, questions } = await createSurvey(t.db, { audience: "alumni" });
      await t.db
        .update(surveys)
        .set({ courseIds: [bsaeId], graduationYears: [2023] })
        .where(eq(surveys.id, survey.id));

      const answer = { answers: [{ questionId: questions[0].id, value: "Fine" }] };
      for (const out of [otherYear, noYear, otherCourse, student]) {
        const ctx = ctxOf(t, out.user);
        // Landing page and dashboard (listEligibleSurveys), /api eligible, the survey list.
        expect(await listEligibleSurveys(t.db, out.user)).toEqual([]);
        expect(await listEligibleSurveyDtos(t.db, out.user)).toEqual([]);
        expect(await listSurveys(ctx)).toEqual([]);
        expect(await code(getSurveyForAnswering(ctx, survey.id))).toBe(404);
        expect(await code(submitResponse(ctx, survey.id, answer))).toBe(403);
      }
      const ctx = ctxOf(t, inCohort.user);
      expect((await listEligibleSurveys(t.db, inCohort.user)).map((s) => s.id)).toEqual([
        survey.id,
      ]);
      const [dto] = await listEligibleSurveyDtos(t.db, inCohort.user);
      expect(dto).toMatchObject({
        courses: [bsaeId],
        courseNames: ["BS in Aeronautical Engineering"],
        graduationYears: [2023],
        anonymous: false,
      });
      expect(cohortLabel(dto)).toBe("Alumni · BS in Aeronautical Engineering · 2023");
      expect((await getSurveyForAnswering(ctx, survey.id)).state).toBe("open");
      await submitResponse(ctx, survey.id, answer);
      expect(await listEligibleSurveys(t.db, inCohort.user)).toEqual([]);
      expect((await getSurveyForAnswering(ctx, survey.id)).state).toBe("answered");
      // The admin still previews it.
      expect((await getSurveyForAnswering(ctxOf(t, admin.user), survey.id)).state).toBe("preview");
    });

    it("validates and stores targeting: names resolved, years sorted, clear 400s", async () => {
      const admin = await person(t, "admin", null);
      const ctx = ctxOf(t, admin.user);
      const bsaeId = await courseId(t.db, "BSAE");
      const s = await createSurveyModel(ctx, {
        title: "Tracer 2024",
        audience: "alumni",
        courses: ["bs in aeronautical ENGINEERING", bsaeId],
        graduationYears: [2024, "2023", 2024],
        remindEveryDays: 7,
        remindMax: 3,
      });
      expect(s).toMatchObject({
        courses: [bsaeId],
        courseNames: ["BS in Aeronautical Engineering"],
        graduationYears: [2023, 2024],
        anonymous: false,
        remindEveryDays: 7,
        remindMax: 3,
      });
      // An update that does not mention the targeting keeps it.
      const kept = await updateSurvey(ctx, s.id, { title: "Tracer 2024", audience: "alumni" });
      expect(kept).toMatchObject({ courses: [bsaeId], graduationYears: [2023, 2024] });
      // Empty lists mean everyone again; null clears the schedule.
      const cleared = await updateSurvey(ctx, s.id, {
        title: "Tracer 2024",
        courses: [],
        graduationYears: "",
        remindEveryDays: null,
        remindMax: null,
      });
      expect(cleared).toMatchObject({
        courses: [],
        graduationYears: [],
        remindEveryDays: null,
        remindMax: null,
      });

      const bad = async (body: Record<string, unknown>) => {
        try {
          await createSurveyModel(ctx, { title: "X", ...body });
          return null;
        } catch (e) {
          const err = e as { status: number; message: string };
          return { status: err.status, message: err.message };
        }
      };
      expect(await bad({ courses: ["BS in Underwater Basket Weaving"] })).toEqual({
        status: 400,
        message: TARGETING_MSG.unknownCourse("BS in Underwater Basket Weaving"),
      });
      for (const years of [[1949], [2101], ["soon"], [2023.5], "nope"])
        expect(await bad({ graduationYears: years })).toEqual({
          status: 400,
          message: TARGETING_MSG.graduationYears,
        });
      expect(await bad({ remindEveryDays: 7 })).toEqual({
        status: 400,
        message: TARGETING_MSG.remindPair,
      });
      expect(await bad({ remindEveryDays: 91, remindMax: 2 })).toEqual({
        status: 400,
        message: TARGETING_MSG.remindEveryDays,
      });
      expect(await bad({ remindEveryDays: 3, remindMax: 11 })).toEqual({
        status: 400,
        message: TARGETING_MSG.remindMax,
      });
      expect(await bad({ anonymous: "maybe" })).toEqual({
        status: 400,
        message: TARGETING_MSG.anonymous,
      });
      expect(await bad({ courses: "x".repeat(201) })).toMatchObject({ status: 400 });
    });

    it("anonymous mode: no join between person and answer, no names or e-mails out", async () => {
      const admin = await person(t, "admin", null);
      const adminCtx = ctxOf(t, admin.user);
      const alumnus = await person(t, "alumni", 2021, "BSAE");
      const s = await createSurveyModel(adminCtx, {
        title: "Anonymous tracer",
        audience: "alumni",
        status: "active",
        anonymous: true,
        questions: [{ text: "Employed?", type: "multiple_choice", options: ["Yes", "No"] }],
      });
      expect(s.anonymous).toBe(true);
      const ctx = ctxOf(t, alumnus.user);
      const r = await submitResponse(ctx, s.id, {
        answers: [{ questionId: s.questions[0].id, value: "Yes" }],
      });
      // The response: no user, the cohort copied, the day only (midnight UTC).
      const [resp] = await rows<{
        user_id: string | null;
        role: string;
        graduation_year: number;
        course_code: string;
        midnight: boolean;
      }>(
        t,
        sql`select r.user_id, r.role, r.graduation_year, c.code as course_code,
                   r.created_at = date_trunc('day', r.created_at at time zone 'UTC') at time zone 'UTC' as midnight
            from survey_responses r left join courses c on c.id = r.course_id where r.id = ${r.id}`,
      );
      expect(resp).toEqual({
        user_id: null,
        role: "alumni",
        graduation_year: 2021,
        course_code: "BSAE",
        midnight: true,
      });
      expect(r.createdAt).toMatch(/T00:00:00\.000Z$/);
      // Who answered is known (one answer per person), but that row holds no time and no id.
      const cols = await rows<{ column_name: string }>(
        t,
        sql`select column_name from information_schema.columns
            where table_name = 'survey_respondents' order by column_name`,
      );
      expect(cols.map((c) => c.column_name)).toEqual(["survey_id", "user_id"]);
      expect(
        await rows(t, sql`select * from survey_respondents where survey_id = ${s.id}`),
      ).toEqual([{ survey_id: s.id, user_id: alumnus.user.id }]);
      // No join from the person to the answer: through the response, or through any column.
      const [{ n: joined }] = await rows<{ n: number }>(
        t,
        sql`select count(*)::int as n from survey_responses r
            join survey_answers a on a.response_id = r.id
            join users u on u.id = r.user_id
            where r.survey_id = ${s.id}`,
      );
      expect(joined).toBe(0);
      const [{ n: linked }] = await rows<{ n: number }>(
        t,
        sql`select count(*)::int as n from survey_responses r
            join survey_respondents p on p.survey_id = r.survey_id
            where r.survey_id = ${s.id} and (r.user_id = p.user_id or r.id::text = p.user_id::text)`,
      );
      expect(linked).toBe(0);
      expect(await code(submitResponse(ctx, s.id, { answers: [] }))).toBe(409);

      // The responses API and the CSV: no names, no e-mails.
      const list = await listResponses(t.db, s.id);
      expect(list).toHaveLength(1);
      expect(list[0]).toMatchObject({ userId: null, role: "alumni", graduationYear: 2021 });
      const csv = await responsesCsvString(t.db, s.id);
      const lines = csv
        .replace(/^\uFEFF/, "")
        .trimEnd()
        .split("\r\n");
      const day = r.createdAt.slice(0, 10);
      expect(lines).toEqual([
        "Role,Course,Graduation Year,Submitted At,Employed?",
        `alumni,BS in Aeronautical Engineering,2021,${day},Yes`,
      ]);
      for (const secret of [alumnus.user.email, alumnus.user.firstName, alumnus.user.lastName, "@"])
        expect(JSON.stringify(list) + csv).not.toContain(secret);

      // The mode is fixed once answered: 409 both ways, with the reason.
      await expect(
        updateSurvey(adminCtx, s.id, { title: s.title, anonymous: false }),
      ).rejects.toMatchObject({ status: 409, message: TARGETING_MSG.anonymousLocked });
      const named = await createSurveyModel(adminCtx, { title: "Named", status: "active" });
      await submitResponse(ctx, named.id, { answers: [] });
      await expect(
        updateSurvey(adminCtx, named.id, { title: "Named", anonymous: true }),
      ).rejects.toMatchObject({ status: 409 });
      // Saving without touching the mode still works; before any answer the mode may change.
      await expect(
        updateSurvey(adminCtx, s.id, { title: "Renamed", anonymous: true }),
      ).resolves.toMatchObject({ title: "Renamed", anonymous: true });
      const fresh = await createSurveyModel(adminCtx, { title: "Fresh" });
      await expect(
        updateSurvey(adminCtx, fresh.id, { title: "Fresh", anonymous: true }),
      ).resolves.toMatchObject({ anonymous: true });
      // The non-anonymous export keeps its columns.
      expect((await responsesCsvString(t.db, named.id)).split("\r\n")[0]).toBe(
        "\uFEFFRespondent,Email,Role,Course,Submitted At",
      );
    });
  }));
