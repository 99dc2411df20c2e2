/**
 * Accent-blind search everywhere on both databases: the board's location box and search
 * words, the admin jobs list, the admin users search and the companies search all find 'Parañaque'
 * from 'paranaque' (and the other way round), with ñ, é and ü in titles, companies and locations.
 * The location and users filters stay index-served (trigram indexes on the folded expressions).
 */
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { listCompanies } from "../company/company.server";
import { searchAllJobs, searchPublicJobs, type SearchTuning } from "../job/job.server";
import { readUserListQuery } from "../user/admin.schema";
import { listUsers } from "../user/admin.server";
import { forEachDb, type TestDb } from "../../../tests/setup/db";
import { createCompany, createJob, createUser } from "../../../tests/factories";

const page = { offset: 0, limit: 50 };
const ids = (r: { rows: Array<{ id: string }> }) => r.rows.map((x) => x.id).sort();
// Small tuning so the same data also exercises the scan plan of the public search.
const SMALL: SearchTuning = { scan: 10, maxResults: 50, budget: 1 };

async function explain(t: TestDb, query: ReturnType<typeof sql>): Promise<string> {
  return t.db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    const r = (await tx.execute(sql`explain ${query}`)) as unknown;
    const list = (Array.isArray(r) ? r : (r as { rows: unknown[] }).rows) as Array<
      Record<string, string>
    >;
    return list.map((x) => Object.values(x)[0]).join("\n");
  });
}

describe("accent-blind search", () => {
  forEachDb((t) => {
    async function fixtures() {
      const societe = await createCompany(t.db, {
        name: "Société Générale Aviation",
        location: "Zürich",
      });
      const plain = await createCompany(t.db, { name: "Plain Air", location: "Pasay City" });
      const paranaque = await createJob(t.db, {
        title: "Ramp Agent",
        companyId: plain.id,
        location: "Parañaque City",
      });
      const munchen = await createJob(t.db, {
        title: "München Line Técnico",
        companyId: societe.id,
        location: "Zürich",
      });
      const plainLoc = await createJob(t.db, {
        title: "Cabin Crew",
        companyId: plain.id,
        location: "Paranaque",
        categories: ["Mécanique"],
      });
      const hidden = await createJob(t.db, {
        title: "Hidden",
        companyId: plain.id,
        location: "Parañaque",
        isApproved: false,
      });
      return { societe, plain, paranaque, munchen, plainLoc, hidden };
    }

    it("the board's location box ignores accents and case, both ways, on every plan", async () => {
      const f = await fixtures();
      for (const tuning of [undefined, SMALL]) {
        const loc = async (location: string) =>
          ids(await searchPublicJobs(t.db, { location }, page, tuning));
        expect(await loc("paranaque")).toEqual([f.paranaque.id, f.plainLoc.id].sort());
        expect(await loc("PARAÑAQUE")).toEqual([f.paranaque.id, f.plainLoc.id].sort());
        expect(await loc("zurich")).toEqual([f.munchen.id]);
        expect(await loc("ZÜRICH")).toEqual([f.munchen.id]);
        expect(await loc("%")).toEqual([]); // wildcards are plain characters
      }
    });

    it("search words find ñ, é and ü in titles, companies and categories without the accents", async () => {
      const f = await fixtures();
      const q = async (text: string) => ids(await searchPublicJobs(t.db, { q: text }, page));
      expect(await q("munchen")).toEqual([f.munchen.id]);
      expect(await q("tecnico")).toEqual([f.munchen.id]);
      expect(await q("societe generale")).toEqual([f.munchen.id]);
      expect(await q("mecanique")).toEqual([f.plainLoc.id]);
      expect(await q("Müñchen")).toEqual([f.munchen.id]);
    });

    it("the admin jobs list filters location the same way (hidden jobs included)", async () => {
      const f = await fixtures();
      const r = await searchAllJobs(
        t.db,
        { location: "paranaque", status: "all", approval: "all" },
        page,
      );
      expect(ids(r)).toEqual([f.paranaque.id, f.plainLoc.id, f.hidden.id].sort());
    });

    it("the companies search ignores accents on name and location", async () => {
      const f = await fixtures();
      const ctx = { db: t.db, actor: null };
      expect((await listCompanies(ctx, { q: "societe" })).companies.map((c) => c.id)).toEqual([
        f.societe.id,
      ]);
      expect((await listCompanies(ctx, { q: "ZURICH" })).companies.map((c) => c.id)).toEqual([
        f.societe.id,
      ]);
      expect((await listCompanies(ctx, { q: "générale" })).companies.map((c) => c.id)).toEqual([
        f.societe.id,
      ]);
    });

    it("the admin users search finds María from 'maria' and Müller from 'MULLER'", async () => {
      const { user: admin } = await createUser(t.db, {
        role: "admin",
        firstName: "Ada",
        lastName: "Admin",
      });
      const { user: maria } = await createUser(t.db, { firstName: "María", lastName: "Peñafiel" });
      const { user: muller } = await createUser(t.db, { firstName: "Jürgen", lastName: "Müller" });
      const ctx = { db: t.db, actor: { id: admin.id, role: "admin" as const, email: admin.email } };
      const find = async (q: string) =>
        (await listUsers(ctx, readUserListQuery(new URLSearchParams({ q })))).users.map(
          (u) => u.id,
        );
      expect(await find("maria")).toEqual([maria.id]);
      expect(await find("penafiel")).toEqual([maria.id]);
      expect(await find("maria penafiel")).toEqual([maria.id]);
      expect(await find("MULLER")).toEqual([muller.id]);
      expect(await find("jurgen")).toEqual([muller.id]);
      expect(await find(maria.email.slice(0, 10))).toEqual([maria.id]);
      expect(await find("_")).toEqual([]);
    });

    it("keeps the location and users filters on their trigram indexes", async () => {
      await fixtures();
      const loc = await explain(
        t,
        sql`select id from jobs j where lower(runway_unaccent(j.location)) like '%paranaque%'`,
      );
      expect(loc).toContain("jobs_location_unaccent_trgm_idx");
      const people = await explain(
        t,
        sql`select id from users where lower(runway_unaccent(first_name || ' ' || last_name || ' ' || email)) like '%maria%'`,
      );
      expect(people).toContain("users_search_unaccent_trgm_idx");
    });
  });
});
