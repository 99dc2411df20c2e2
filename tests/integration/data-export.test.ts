/**
 * `runway export` (issue 7): the tables the database writes itself (issue 17, ADR 093) give the
 * very bytes the JavaScript writer gives, on awkward values and across page edges.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { forEachDb } from "../setup/db";
import { AWKWARD_TEXT } from "../setup/awkward-text";
import { createUser } from "../factories";
import { exportAll } from "../../app/models/export/export.server";

const AWKWARD = AWKWARD_TEXT;

describe("runway export: database-written tables", () =>
  forEachDb((t) => {
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
