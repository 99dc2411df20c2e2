import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { parse } from "csv-parse/sync";
import { forEachDb } from "../../../tests/setup/db";
import { createSurvey, createUser } from "../../../tests/factories";
import { surveyAnswers, surveyResponses } from "../../../db/schema";
import {
  csvRows,
  exportFileName,
  neutralise,
  responsesCsv,
  responsesCsvString,
} from "./export.server";

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
