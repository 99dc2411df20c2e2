/**
 * Companies paging under every sort: walking all pages gives the rows of the unpaged list in the
 * same order (ties on location and on job counts decided by the id), with the same job counts.
 */
import { describe, expect, it } from "vitest";
import { forEachDb } from "../../../tests/setup/db";
import { actingAs, createCompany, createJob } from "../../../tests/factories";
import { COMPANY_SORTS, listCompanies } from "./company.server";

describe("company list paging", () => {
  forEachDb((t) => {
    it("walks every page under every sort and direction to the unpaged order", async () => {
      const ctx = await actingAs(t.db, "admin");
      for (let i = 0; i < 23; i++) {
        const c = await createCompany(t.db, {
          name: `${["Alpha", "beta", "Gamma"][i % 3]} Air ${i}`,
          location: i % 4 === 0 ? null : `City ${i % 3}`,
        });
        for (let j = 0; j < i % 3; j++) await createJob(t.db, { companyId: c.id });
      }
      for (const sort of COMPANY_SORTS)
        for (const dir of ["asc", "desc"] as const) {
          const all = await listCompanies(ctx, { sort, dir });
          const view = (cs: typeof all.companies) => cs.map((c) => `${c._id}:${c.jobsCount}`);
          expect(all.companies.length).toBe(23);
          const paged: string[] = [];
          for (let page = 1; page <= 3; page++) {
            const r = await listCompanies(ctx, { sort, dir, page, size: 10 });
            expect(r.total).toBe(23);
            paged.push(...view(r.companies));
          }
          expect(paged, `${sort} ${dir}`).toEqual(view(all.companies));
        }
    }, 120_000);
  });
});
