import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { parse } from "csv-parse/sync";
import { forEachDb } from "../../../tests/setup/db";
import { createSurvey, createUser } from "../../../tests/factories";
import { AWKWARD_TEXT } from "../../../tests/setup/awkward-text";
import { eq, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { surveyAnswers, surveyQuestions, surveyResponses } from "../../../db/schema";
import { csvRows, exportFileName, neutralise, responsesCsv } from "./export.server";
import { responsesCsvString } from "../../../tests/setup/survey-csv";
import { allQuestions } from "./survey.server";

const FORMULA = /^[=+\-@\t\r]/;
const expected = (s: string) => (FORMULA.test(s) ? `'${s}` : s);

// Strings rich in the characters that break naive CSV writers.
const nasty = fc.string({
  unit: fc.oneof(
    fc.constantFrom(
      "=",
      "+",
      "-",
      "@",
      "\t",
      "\r",
      "\n",
      "\r\n",
      '"',
      ",",
      ";",
      "'",
      " ",
      "é",
      "ñ",
      "₱",
      "😀",
      "\u0000",
    ),
    fc.string({ minLength: 0, maxLength: 1, unit: "grapheme" }),
  ),
  maxLength: 40,
});

describe("CSV cells", () => {
  it("round-trip through csv-parse, with formula prefixes neutralised (property)", () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(nasty, { minLength: 1, maxLength: 5 }), { minLength: 1, maxLength: 5 }),
        (rows) => {
          const width = rows[0].length;
          const table = rows.map((r) => Array.from({ length: width }, (_, i) => r[i] ?? ""));
          const parsed = parse(csvRows(table), {
            relax_quotes: false,
            skip_empty_lines: false,
          }) as string[][];
          expect(parsed).toEqual(table.map((r) => r.map(expected)));
        },
      ),
      { numRuns: 1000 },
    );
  });

  it("neutralises exactly the risky first characters", () => {
    for (const c of ["=1+1", "+1", "-1", "@SUM(A1)", "\tx", "\rx"])
      expect(neutralise(c)).toBe(`'${c}`);
    for (const c of ["1", " =1", "'=1", "", "a=b"]) expect(neutralise(c)).toBe(c);
  });

  it("names the file after the survey id and the date", () => {
    expect(exportFileName({ id: "abc" }, new Date("2025-03-04T23:59:00Z"))).toBe(
      "survey-abc-2025-03-04.csv",
    );
  });
});

describe("survey export", () =>
  forEachDb((t) => {
    it("exports arbitrary stored answers that parse back to the same text (property over the database)", async () => {
      const { survey, questions } = await createSurvey(t.db, {
        questions: [
          { text: "=Question with, comma", type: "short_text" },
          { text: "Pick", type: "checkbox", options: ["a", "b"] },
        ],
      });
      const { user } = await createUser(t.db, { firstName: "José", lastName: "Ñuñez" });
      await fc.assert(
        fc.asyncProperty(nasty, async (text) => {
          await t.db.delete(surveyResponses);
          const [r] = await t.db
            .insert(surveyResponses)
            .values({ surveyId: survey.id, userId: user.id, role: "student" })
            .returning();
          await t.db.insert(surveyAnswers).values([
            { responseId: r.id, questionId: questions[0].id, value: text.replace(/\u0000/g, "") },
            { responseId: r.id, questionId: questions[1].id, value: ["a", "b"] },
          ]);
          const csv = await responsesCsvString(t.db, survey.id);
          expect(csv.startsWith("\uFEFF")).toBe(true);
          const [header, row] = parse(csv, { bom: true }) as string[][];
          expect(header).toEqual([
            "Respondent",
            "Email",
            "Role",
            "Course",
            "Submitted At",
            "'=Question with, comma",
            "Pick",
          ]);
          expect(row[0]).toBe("José Ñuñez");
          expect(row[1]).toBe(user.email);
          expect(row[3]).toBe("BS in Aeronautical Engineering");
          expect(row[5]).toBe(expected(text.replace(/\u0000/g, "")));
          expect(row[6]).toBe("a; b");
        }),
        { numRuns: 25 },
      );
    });

    it("streams in keyset batches: every response exactly once, oldest first, even with equal timestamps", async () => {
      const { survey, questions } = await createSurvey(t.db, {
        questions: [{ text: "N", type: "short_text" }],
      });
      const same = new Date("2025-01-01T00:00:00.123456Z");
      const users = [];
      for (let i = 0; i < 9; i++)
        users.push((await createUser(t.db, { role: i % 3 ? "student" : "alumni" })).user);
      for (const [i, u] of users.entries()) {
        const [r] = await t.db
          .insert(surveyResponses)
          .values({
            surveyId: survey.id,
            userId: u.id,
            role: u.role,
            createdAt: i < 7 ? same : new Date(same.getTime() + i * 1000),
          })
          .returning();
        await t.db
          .insert(surveyAnswers)
          .values({ responseId: r.id, questionId: questions[0].id, value: String(i) });
      }
      const chunks: string[] = [];
      for await (const c of responsesCsv(t.db, survey.id, { batchSize: 2 })) chunks.push(c);
      expect(chunks[0].startsWith("\uFEFF")).toBe(true);
      expect(chunks[0].split("\r\n").filter(Boolean)).toHaveLength(1); // the header alone
      expect(chunks.length).toBe(1 + 5); // 9 rows in batches of 2
      const rows = (parse(chunks.join(""), { bom: true }) as string[][]).slice(1);
      expect(rows.map((r) => r[5]).sort()).toEqual(["0", "1", "2", "3", "4", "5", "6", "7", "8"]);
      expect(rows.slice(-2).map((r) => r[5])).toEqual(["7", "8"]);
      const alumni = (
        parse(await responsesCsvString(t.db, survey.id, { role: "alumni" }), {
          bom: true,
        }) as string[][]
      ).slice(1);
      expect(alumni.map((r) => r[2])).toEqual(["alumni", "alumni", "alumni"]);
    });

    it("shows deleted accounts as Anonymous and refuses unknown surveys", async () => {
      const { survey } = await createSurvey(t.db);
      await t.db
        .insert(surveyResponses)
        .values({ surveyId: survey.id, userId: null, role: "alumni" });
      const [, row] = parse(await responsesCsvString(t.db, survey.id), { bom: true }) as string[][];
      expect(row.slice(0, 4)).toEqual(["Anonymous", "", "alumni", ""]);
      await expect(
        responsesCsvString(t.db, "00000000-0000-4000-8000-000000000000"),
      ).rejects.toMatchObject({ status: 404 });
      await expect(responsesCsvString(t.db, "not-a-uuid")).rejects.toMatchObject({ status: 404 });
    });
  }));

/**
 * The export as the JavaScript implementation wrote it before the database built the lines (issue
 * 17): rows read one by one, cells shaped here and written by csv-stringify. The SQL export must
 * give the very same bytes.
 */
async function referenceCsv(db: Db, surveyId: string, role?: "student" | "alumni") {
  const r = (await db.execute(sql`
    select r.role, r.created_at, u.first_name, u.last_name, u.email, c.name as course,
           (select jsonb_object_agg(a.question_id, a.value) from survey_answers a where a.response_id = r.id) as answers
    from survey_responses r
    left join users u on u.id = r.user_id
    left join courses c on c.id = u.course_id
    where r.survey_id = ${surveyId} ${role ? sql`and r.role = ${role}` : sql``}
    order by r.created_at, r.id`)) as unknown as
    Record<string, unknown>[] | { rows: Record<string, unknown>[] };
  const rows = Array.isArray(r) ? r : r.rows;
  const questions = await allQuestions(db, surveyId);
  const cellOf = (v: unknown) =>
    v === null || v === undefined
      ? ""
      : Array.isArray(v)
        ? v.map((x) => String(x)).join("; ")
        : String(v);
  const header = [
    "Respondent",
    "Email",
    "Role",
    "Course",
    "Submitted At",
    ...questions.map((q) => (q.archivedAt ? `${q.text} (removed)` : q.text)),
  ];
  const body = rows.map((row) => {
    const answers = (typeof row.answers === "string" ? JSON.parse(row.answers) : row.answers) ?? {};
    const name = `${row.first_name ?? ""} ${row.last_name ?? ""}`.trim();
    return [
      name || (row.email as string | null) || "Anonymous",
      (row.email as string | null) ?? "",
      row.role as string,
      (row.course as string | null) ?? "",
      new Date(row.created_at as string | Date).toISOString(),
      ...questions.map((q) => cellOf(answers[q.id])),
    ];
  });
  return "\uFEFF" + csvRows([header]) + (body.length ? csvRows(body) : "");
}

const AWKWARD = AWKWARD_TEXT;

describe("survey export: the database writes the same bytes as the JavaScript did", () =>
  forEachDb((t) => {
    it("awkward text, lists, numbers, nulls, removed questions, unusual names and deleted accounts", async () => {
      const { survey, questions } = await createSurvey(t.db, {
        questions: [
          { text: 'Text, with "quotes"', type: "short_text" },
          { text: "=Removed question", type: "long_text" },
          { text: "Pick", type: "checkbox", options: ["a", "b"] },
          { text: "Rating", type: "rating" },
          { text: "Odd values", type: "short_text" },
        ],
      });
      await t.db
        .update(surveyQuestions)
        .set({ archivedAt: new Date() })
        .where(eq(surveyQuestions.id, questions[1].id));
      const names: [string, string][] = [
        ["José", "Ñuñez"],
        ["  Spaced\u00a0", "\u3000Name\t"],
        ["", ""],
        ["=cmd", "-x"],
        ['Ann, "Q"', "Line\nBreak"],
      ];
      const odd: unknown[] = [
        null,
        1.5,
        0,
        -3,
        true,
        false,
        { a: 1 },
        [],
        ["x", null, 2, true, [1, "b", null]],
        "  padded  ",
      ];
      const base = Date.parse("2025-05-06T07:08:09.123999Z");
      for (let i = 0; i < AWKWARD.length; i++) {
        const [first, last] = names[i % names.length];
        const { user } = await createUser(t.db, {
          role: i % 2 ? "alumni" : "student",
          courseCode: i % 3 ? undefined : null,
        });
        await t.db.execute(
          sql`update users set first_name = ${first}, last_name = ${last} where id = ${user.id}`,
        );
        const [r] = await t.db
          .insert(surveyResponses)
          .values({
            surveyId: survey.id,
            userId: i % 7 === 6 ? null : user.id,
            role: user.role,
            createdAt: new Date(base + (i % 4) * 1000),
          })
          .returning();
        // Microseconds the JavaScript Date never saw: the export shows milliseconds, truncated.
        await t.db.execute(
          sql`update survey_responses set created_at = created_at + interval '0.000777 seconds' where id = ${r.id}`,
        );
        const values = [
          AWKWARD[i],
          AWKWARD[(i + 7) % AWKWARD.length],
          [AWKWARD[(i + 3) % AWKWARD.length], AWKWARD[(i + 9) % AWKWARD.length]],
          i % 5,
          odd[i % odd.length],
        ];
        const answers = values
          .map((value, q) => ({ responseId: r.id, questionId: questions[q].id, value }))
          .filter((a, q) => a.value !== null && !(i % 5 === 4 && q === 2)); // some skip a question
        await t.db.insert(surveyAnswers).values(answers as (typeof surveyAnswers.$inferInsert)[]);
      }
      // A JSON null stored as an answer, and a response with no answers at all.
      await t.db.execute(
        sql`update survey_answers set value = 'null'::jsonb where question_id = ${questions[0].id}
            and response_id = (select id from survey_responses where survey_id = ${survey.id} order by created_at, id limit 1)`,
      );
      await t.db
        .insert(surveyResponses)
        .values({ surveyId: survey.id, userId: null, role: "alumni" });

      for (const role of [undefined, "student", "alumni"] as const) {
        const expected = await referenceCsv(t.db, survey.id, role);
        expect(await responsesCsvString(t.db, survey.id, { role })).toBe(expected);
        // Batch edges: the same bytes whatever the batch size and the batches in flight.
        // cap 2 < batch 3: every range outgrows its first read and is read again whole.
        for (const o of [{ parallel: 1 }, { parallel: 2 }, { parallel: 4 }, { cap: 2 }]) {
          let small = "";
          for await (const c of responsesCsv(t.db, survey.id, { role, batchSize: 3, ...o }))
            small += c;
          expect(small, JSON.stringify(o)).toBe(expected);
        }
      }
      const rows = parse(await responsesCsvString(t.db, survey.id), { bom: true }) as string[][];
      expect(rows[0].at(-1)).toBe("'=Removed question (removed)");
      expect(rows.length).toBe(1 + AWKWARD.length + 1);
    });
  }));
