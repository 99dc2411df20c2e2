/**
 * Manage Users paging under every sort: walking all pages gives the rows of one unpaged query in
 * the same order, and the keyset-streamed batches give them too — ties on names and creation times
 * included (the id decides).
 */
import { describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { users } from "#db/schema";
import { forEachDb } from "../../../tests/setup/db";
import { createUser } from "../../../tests/factories";
import type { Ctx } from "../context";
import { readUserListQuery, USER_SORTS } from "./admin.schema";
import { listAllUsers, listUsers, streamAllUsers } from "./admin.server";

const FIRST = ["maria", "Maria", "José", "ana", "Ana", "Zoe", "bea"];
const LAST = ["Santos", "santos", "Cruz", "Ñuñez", "cruz"];
const ROLES = ["student", "alumni", "admin", "employer"] as const;

describe("user list paging", () => {
  forEachDb((t) => {
    async function seed(): Promise<Ctx> {
      const { user } = await createUser(t.db, {
        role: "admin",
        firstName: "Ada",
        lastName: "Admin",
      });
      // Three creation times only, so the createdAt sort is decided by the id in most places.
      const base = Date.UTC(2025, 0, 1);
      await t.db.insert(users).values(
        Array.from({ length: 47 }, (_, i) => ({
          email: `p${String(i).padStart(2, "0")}.${i % 3}@example.edu`,
          passwordHash: null,
          role: ROLES[i % 4] === "employer" ? ("student" as const) : ROLES[i % 4],
          firstName: FIRST[i % FIRST.length],
          lastName: LAST[i % LAST.length],
          isActive: i % 4 !== 1,
          createdAt: new Date(base + (i % 3) * 1000),
        })),
      );
      return { db: t.db, actor: { id: user.id, role: "admin", email: user.email } };
    }

    it("walks every page under every sort and direction to the unpaged order", async () => {
      const ctx = await seed();
      for (const sort of USER_SORTS)
        for (const dir of ["asc", "desc"] as const)
          for (const filter of dir === "asc" ? ["", "&role=student"] : [""]) {
            const label = `${sort} ${dir}${filter}`;
            const all = (
              await listAllUsers(
                ctx,
                readUserListQuery(new URLSearchParams(`sort=${sort}&dir=${dir}${filter}`)),
              )
            ).map((u) => u._id);
            expect(all.length, label).toBeGreaterThan(10);

            // Every page read from the front, then with the back half read from the end backwards
            // (what a deep page does on a big list).
            for (const deepFrom of [Infinity, 0]) {
              const paged: string[] = [];
              const first = await listUsers(
                ctx,
                readUserListQuery(new URLSearchParams(`sort=${sort}&dir=${dir}&size=10${filter}`)),
                deepFrom,
              );
              expect(first.total, label).toBe(all.length);
              for (let page = 1; page <= first.pages; page++) {
                const r = await listUsers(
                  ctx,
                  readUserListQuery(
                    new URLSearchParams(`sort=${sort}&dir=${dir}&size=10&page=${page}${filter}`),
                  ),
                  deepFrom,
                );
                expect(r.page, label).toBe(page);
                paged.push(...r.users.map((u) => u._id));
              }
              expect(paged, `${label} (deep from ${deepFrom})`).toEqual(all);
            }
            // A page past the end is the last page, read from the end.
            const past = await listUsers(
              ctx,
              readUserListQuery(
                new URLSearchParams(`sort=${sort}&dir=${dir}&size=10&page=99${filter}`),
              ),
              0,
            );
            expect(
              past.users.map((u) => u._id),
              label,
            ).toEqual(all.slice((past.pages - 1) * 10));

            const streamed: string[] = [];
            for await (const batch of streamAllUsers(
              ctx,
              readUserListQuery(new URLSearchParams(`sort=${sort}&dir=${dir}${filter}`)),
              7,
            ))
              streamed.push(...batch.map((u) => u._id));
            expect(streamed, label).toEqual(all);
          }
    }, 180_000);

    it("walks the same pages when the screen estimates a list longer than it counts", async () => {
      const ctx = await seed();
      // The planner's estimate of the table (48 users, 5 pages) is what the unfiltered list shows; a
      // filtered one past 20 rows shows "more than 20" (3 pages or more).
      await t.db.execute(sql`analyze users`);
      const estimate = { estimateAbove: 20 };
      for (const sort of USER_SORTS)
        for (const dir of ["asc", "desc"] as const)
          for (const filter of ["", "&role=student", "&status=active", "&q=maria"]) {
            const label = `${sort} ${dir}${filter}`;
            const params = (extra: string) =>
              readUserListQuery(new URLSearchParams(`sort=${sort}&dir=${dir}${filter}${extra}`));
            const all = (await listAllUsers(ctx, params(""))).map((u) => u._id);
            const paged: string[] = [];
            const labels: string[] = [];
            for (let page = 1; ; page++) {
              const r = await listUsers(ctx, params(`&size=10&page=${page}`), undefined, estimate);
              expect(r.page, label).toBe(page);
              paged.push(...r.users.map((u) => u._id));
              labels.push(`${r.approx ?? r.total}:${r.pages}`);
              if (!r.approx) expect(r.total, label).toBe(all.length);
              if (page >= r.pages) break;
              expect(r.users.length, label).toBe(10);
            }
            expect(paged, label).toEqual(all);
            // Past 20 rows (or on a list of 20 or fewer) the count is exact.
            const pages = Math.ceil(all.length / 10);
            const more = filter ? "more" : "about";
            expect(labels, label).toEqual(
              Array.from({ length: pages }, (_, i) =>
                all.length > 20 && i < 2 && i < pages - 1
                  ? `${more}:${filter ? 3 : 5}`
                  : `${all.length}:${pages}`,
              ),
            );
            const past = await listUsers(ctx, params("&size=10&page=99"), undefined, estimate);
            expect([past.page, past.total, past.approx], label).toEqual([
              pages,
              all.length,
              undefined,
            ]);
          }
    }, 180_000);

    it("streams the same users, fields and all, as the one-query list", async () => {
      const ctx = await seed();
      const q = readUserListQuery(new URLSearchParams("sort=name&dir=asc"));
      const streamed = [];
      for await (const batch of streamAllUsers(ctx, q, 5)) streamed.push(...batch);
      expect(streamed).toEqual(await listAllUsers(ctx, q));
      // A filter that matches nobody streams nothing.
      const none = [];
      for await (const batch of streamAllUsers(
        ctx,
        readUserListQuery(new URLSearchParams("q=nobody-at-all")),
        5,
      ))
        none.push(...batch);
      expect(none).toEqual([]);
    });
  });
});
