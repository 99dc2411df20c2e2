/**
 * Job Management paging under every sort the table offers (and its default order, with and without
 * a search): walking all pages gives the rows of one unpaged query in the same order, with the same
 * total — ties on titles, companies, types, locations, categories, creation times, statuses and
 * approvals included (the creation time and then the id decide).
 */
import { describe, expect, it } from "vitest";
import { forEachDb } from "../../../tests/setup/db";
import { createCompany, createJob } from "../../../tests/factories";
import { ADMIN_SORTS } from "./job.rules";
import { searchAllJobs } from "./job.server";

const TITLES = ["Mechanic", "mechanic", "Pilot", "Avionics Mechanic", "cabin crew"];
const TYPES = ["full-time", "part-time", "internship"] as const;
const CATEGORIES = [[], ["Maintenance"], ["maintenance", "Flight"], ["Flight"]];

describe("job list paging", () => {
  forEachDb((t) => {
    it("walks every page under every sort and direction to the unpaged order", async () => {
      const companies = [];
      for (const name of ["Alpha Air", "alpha air", "Beta Aero"])
        companies.push(await createCompany(t.db, { name }));
      // Three creation times only, so most ties on the sorted column fall through to the id.
      const base = Date.UTC(2025, 0, 1);
      for (let i = 0; i < 37; i++)
        await createJob(t.db, {
          title: TITLES[i % TITLES.length],
          companyId: companies[i % companies.length].id,
          jobType: TYPES[i % TYPES.length],
          location: i % 4 === 0 ? null : ["Manila", "manila", "Cebu"][i % 3],
          categories: CATEGORIES[i % CATEGORIES.length],
          status: i % 5 === 1 ? "inactive" : "active",
          isApproved: i % 3 !== 2,
          createdAt: new Date(base + (i % 3) * 1000),
        });
      const sorts: Array<string | null> = [null, ...ADMIN_SORTS];
      for (const q of ["", "mechanic"])
        for (const by of sorts)
          for (const dir of ["asc", "desc"] as const) {
            const label = `${by ?? "default"} ${dir} q=${q}`;
            const all = await searchAllJobs(t.db, { q }, { offset: 0, limit: 10_000 }, { by, dir });
            const ids = all.rows.map((r) => r.id);
            expect(ids.length, label).toBeGreaterThan(q ? 10 : 36);
            expect(all.total, label).toBe(ids.length);
            const paged: string[] = [];
            for (let page = 1; (page - 1) * 10 < ids.length; page++) {
              const r = await searchAllJobs(
                t.db,
                { q },
                { offset: (page - 1) * 10, limit: 10 },
                { by, dir },
              );
              expect(r.total, label).toBe(ids.length);
              paged.push(...r.rows.map((x) => x.id));
            }
            expect(paged, label).toEqual(ids);
          }
    }, 180_000);
  });
});
