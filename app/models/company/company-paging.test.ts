/**
 * Admin companies paging under every sort: walking all pages gives the rows of one unpaged query in
 * the same order — ties on names, locations (some missing), job counts and creation times included.
 */
import { describe, expect, it } from "vitest";
import { companies, jobs } from "#db/schema";
import { forEachDb } from "../../../tests/setup/db";
import { createUser } from "../../../tests/factories";
import type { Ctx } from "../context";
import { COMPANY_SORTS, listCompanies } from "./company.server";

const NAMES = ["Alpha Air", "alpha air", "Ñandu Aero", "Beta Cargo", "beta cargo", "Zulu Jets"];

describe("company list paging", () => {
  forEachDb((t) => {
    async function seed(): Promise<Ctx> {
      const { user } = await createUser(t.db, { role: "admin" });
      const base = Date.UTC(2025, 0, 1);
      const rows = await t.db
        .insert(companies)
        .values(
          Array.from({ length: 37 }, (_, i) => ({
            name: `${NAMES[i % NAMES.length]} ${i % 4}`,
            location: i % 3 === 0 ? null : `City ${i % 5}`,
            createdAt: new Date(base + (i % 3) * 1000),
          })),
        )
        .returning({ id: companies.id });
      // 0–3 jobs per company, so the jobs sort has many ties.
      await t.db
        .insert(jobs)
        .values(
          rows.flatMap((c, i) =>
            Array.from({ length: i % 4 }, (_, k) => ({ title: `Job ${i}.${k}`, companyId: c.id })),
          ),
        );
      return { db: t.db, actor: { id: user.id, role: "admin", email: user.email } };
    }

    it("walks every page under every sort and direction to the unpaged order", async () => {
      const ctx = await seed();
      for (const sort of COMPANY_SORTS)
        for (const dir of ["asc", "desc"] as const) {
          const label = `${sort} ${dir}`;
          const all = (await listCompanies(ctx, { sort, dir })).companies.map((c) => c._id);
          expect(all.length, label).toBe(37);
          const paged: string[] = [];
          for (let page = 1; page <= Math.ceil(all.length / 10); page++) {
            const r = await listCompanies(ctx, { sort, dir, page, size: 10 });
            expect(r.total, label).toBe(37);
            paged.push(...r.companies.map((c) => c._id));
          }
          expect(paged, label).toEqual(all);
        }
    });
  });
});
