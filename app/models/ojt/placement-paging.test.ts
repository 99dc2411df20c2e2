/**
 * /admin/ojt placements paging: the list has one order (newest first, the id deciding ties) and
 * filters that change how the rows are read (none; status and company by id on placements alone;
 * a search or a company by name joined to the student and the company). Under each, walking all
 * pages gives the rows of one unpaged request in the same order, with the same total.
 */
import { describe, expect, it } from "vitest";
import { companies, placements, users } from "#db/schema";
import { forEachDb } from "../../../tests/setup/db";
import { courseId, createUser } from "../../../tests/factories";
import { ctxAs, ojtClock } from "../../../tests/factories/ojt";
import { PLACEMENT_STATUSES } from "#db/constants";
import type { PlacementListQuery } from "./ojt.schema";
import { listPlacements } from "./placement.server";

describe("placement list paging", () => {
  forEachDb((t) => {
    it("walks every page under each kind of filter to the unpaged order", async () => {
      const clock = ojtClock();
      const admin = ctxAs(t.db, clock.cfg, (await createUser(t.db, { role: "admin" })).user);
      const course = await courseId(t.db, "BSAMT");
      const hosts = await t.db
        .insert(companies)
        .values(["Hangar One", "Hangar Two", "Skyworks"].map((name) => ({ name })))
        .returning();
      const students = await t.db
        .insert(users)
        .values(
          Array.from({ length: 33 }, (_, i) => ({
            email: `ojt${String(i).padStart(2, "0")}@example.edu`,
            passwordHash: null,
            role: "student" as const,
            firstName: ["Maria", "Jose", "Ana"][i % 3],
            lastName: `Santos ${i}`,
            courseId: course,
          })),
        )
        .returning();
      // Three creation times only, so the id decides most of the order.
      const base = Date.UTC(2026, 1, 1);
      await t.db.insert(placements).values(
        students.map((s, i) => ({
          studentId: s.id,
          companyId: hosts[i % hosts.length].id,
          supervisorName: "S",
          supervisorEmail: "s@host.example.com",
          startDate: "2026-03-02",
          expectedEndDate: "2026-06-30",
          requiredHours: 486,
          status: PLACEMENT_STATUSES[i % PLACEMENT_STATUSES.length],
          statusReason: ["withdrawn", "terminated"].includes(
            PLACEMENT_STATUSES[i % PLACEMENT_STATUSES.length],
          )
            ? "Moved"
            : null,
          createdAt: new Date(base + (i % 3) * 1000),
        })),
      );
      const filters: Array<[string, PlacementListQuery]> = [
        ["all", {}],
        ["deployed", { status: "deployed" }],
        ["company id", { company: hosts[0].id }],
        ["company name", { company: "hangar" }],
        ["search", { q: "maria" }],
      ];
      for (const [label, f] of filters) {
        const all = await listPlacements(admin, { ...f, limit: 1000 }, { weeks: false });
        const ids = all.items.map((p) => p.id);
        expect(ids.length, label).toBeGreaterThan(4);
        expect(all.total, label).toBe(ids.length);
        const paged: string[] = [];
        for (let page = 1; (page - 1) * 4 < ids.length; page++) {
          const r = await listPlacements(admin, { ...f, page, limit: 4 }, { weeks: false });
          expect([r.total, r.page], label).toEqual([ids.length, page]);
          paged.push(...r.items.map((p) => p.id));
        }
        expect(paged, label).toEqual(ids);
        // A page past the end answers no rows and the same total.
        const past = await listPlacements(admin, { ...f, page: 99, limit: 4 }, { weeks: false });
        expect([past.items.length, past.total], label).toEqual([0, ids.length]);
      }
    }, 120_000);
  });
});
